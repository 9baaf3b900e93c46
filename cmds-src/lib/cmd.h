/* cmd.h - the shared command library: options, errors, exit status, I/O */
#ifndef CMD_H
#define CMD_H

/* Commands are Linux programs: take the whole libc, under tcc and gcc -std=c99 alike. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <sys/types.h>
#include <sys/stat.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/*
 * Option parsing, getopt's spec syntax ("ab:c"), but all state lives in the
 * struct: no hidden globals, so a command can be run twice in one process.
 * "--help" as the first argument prints "usage: USAGE" and exits 0.
 */
struct opt {
	int argc;
	char **argv;
	const char *usage;
	const char *name;	/* basename of argv[0], also set as cmd_name */
	int ind;		/* index of the next argument to look at */
	int pos;		/* offset inside a cluster such as -la */
	int opt;		/* last option character returned */
	char *arg;		/* its argument, for "x:" options */
};
#define OPT_INIT(argc, argv, usage) \
	{ (argc), (argv), (usage), cmd_setname((argv)[0]), 1, 0, 0, NULL }

/*
 * A command with several names (test and [, md5sum and sha256sum) says so on
 * a line of its own, its own name first:
 *	CMD_NAMES("sha256sum", "md5sum", "sha1sum");
 * The builder and the image tools read that line; they link the other names
 * to the command. cmd_called says which name ran it: the basename of the
 * file the kernel executed if it is one of NAMES, else that of argv[0],
 * else 0 (the command's own name). A leading '-' (a login shell) is ignored.
 */
#define CMD_NAMES(...) static const char *const cmd_names[] = { __VA_ARGS__, NULL }
int cmd_called(const char *argv0, const char *const *names);

int opt_next(struct opt *o, const char *spec);
_Noreturn void die_usage(const struct opt *o);

/* Errors: "name: message[: strerror]" on stderr. warn* set a sticky status 1. */
extern const char *cmd_name;
extern int cmd_status;
const char *cmd_setname(const char *argv0);
void warn(const char *fmt, ...);
void warn_errno(const char *fmt, ...);
_Noreturn void die(const char *fmt, ...);
_Noreturn void die_errno(const char *fmt, ...);
/* Flush stdout; a write error becomes a message and status 1. Returns the status. */
int cmd_exit(void);
/* exit(STATUS), unless a harness set the hook: it must not return. */
_Noreturn void cmd_quit(int status);
extern void (*cmd_quit_hook)(int status);

/* Print the question (a printf format), read a line from standard input:
 * does it start with y or Y? For cp -i, mv -i, rm -i and find -ok. */
int ask_yes(const char *fmt, ...);

/* Memory: die with "name: out of memory" rather than return NULL. */
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *path_join(const char *dir, const char *name);	/* malloc'd "dir/name" */
/* The last component of PATH, trailing slashes dropped, malloc'd ("" for "/"). */
char *base_name(const char *path);
/* A field of /proc/mounts or fstab, whose blanks and backslashes are written
 * \NNN in octal, decoded in place; returns S. */
char *mount_unescape(char *s);
/* The target of symbolic link PATH (under DFD, or AT_FDCWD), malloc'd,
 * however long; NULL and errno on failure. */
char *link_read(int dfd, const char *path);

/* I/O on file descriptors, restarting on EINTR and short writes. */
int write_all(int fd, const void *buf, size_t n);	/* 0 or -1 */
int copy_fd(int in, int out);	/* 0; -1 read failed; -2 write failed; errno set */

/* Modes: apply chmod's MODE, octal or symbolic ("u+rwx,go-w", "a=rX", "g=u"),
 * to *m. Clauses naming no user leave the bits in MASK (a umask) alone; ISDIR
 * makes X mean x. Returns 0, or -1 for a malformed MODE. */
int mode_parse(const char *spec, mode_t *m, mode_t mask, int isdir);

/* Names for ids from the passwd and group files, cached; the number if unknown. */
const char *uid_name(uid_t uid);
const char *gid_name(gid_t gid);

/* Columns of the terminal on FD: $COLUMNS, else its window size, else 80. */
int term_cols(int fd);

/* A size for people, in powers of 1024 rounded up: "999", "1.5K", "12M". */
#define HUMAN_LEN 8
char *human_size(char buf[HUMAN_LEN], unsigned long long n);

/* SHA-256 (FIPS 180-4), streaming: init, update any number of times, final. */
struct sha256 {
	uint32_t h[8];
	uint64_t len;
	unsigned char buf[64];
};
void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t n);
void sha256_final(struct sha256 *s, unsigned char out[32]);

/* chown (OWNER[:GROUP]) and chgrp (GROUP_ONLY): [-hR] [-H|-L|-P] NAME FILE... */
int owner_main(int argc, char **argv, const char *usage, int group_only);

/* poweroff, reboot, halt: "NAME [-f] [-n] [-d SECONDS]"; signal init, or reboot(how) with -f. */
int power_main(int argc, char **argv, int sig, int how);

/* Ids for user and group names, else decimal numbers; -1 if neither. */
int uid_parse(const char *s, uid_t *uid);
int gid_parse(const char *s, gid_t *gid);

/* The absolute path to PATH without ., .., // or symlinks, malloc'd; NULL and
 * errno if a part is missing, unless HOW allows it: CANON_LAST the last part,
 * CANON_ANY any part. CANON_NOLINKS leaves symlinks unresolved. */
#define CANON_LAST 1
#define CANON_ANY 2
#define CANON_NOLINKS 4
char *path_canon(const char *path, int how);

/*
 * Tree walks for -R, du and find. VISIT sees each entry once, in readdir
 * order; a directory before its entries (WALK_D: set skip to stay out) and,
 * with post, after them (WALK_DP). follow: 'P' (or 0) no symlinks, 'H' the
 * operand's, 'L' all (a dangling link is the link); xdev stays on the
 * operand's file system. Stat and read errors are reported and the walk goes
 * on; loops are reported and not entered. A non-zero VISIT ends the walk and
 * is returned. Initialise with zeros; walk_free when done.
 */
enum { WALK_F, WALK_D, WALK_DP };
struct walk {
	int (*visit)(struct walk *w, int type);
	int follow, xdev, post;
	char *path;		/* the operand, then operand/.../name */
	size_t len, base;	/* strlen(path); where its last component starts */
	struct stat st;
	int depth;		/* 0 for the operand */
	int skip;
	dev_t dev;		/* the operand's file system */
	size_t cap;
};
int walk(struct walk *w, const char *root);
void walk_free(struct walk *w);

/* GNU's habit for one option, as in "chmod 755 -R dir": take FLAG out of the
 * operands from FIRST up to a "--" (taken out too); returns whether it was there. */
int opt_late(int *argc, char **argv, int first, const char *flag);

/* Input operands: "-" is standard input; NULL and errno on failure. fclose_in
 * leaves standard input open for a later "-", its end-of-file and error cleared. */
FILE *fopen_in(const char *path);
void fclose_in(FILE *f);

/* The operands as one stream, for od and hexdump: each file in turn ("-" is
 * standard input), one that cannot be opened reported and passed over.
 * Fill files and nfiles, then skip (bytes to pass over first) and, if
 * limited, left (bytes to read at most). instream_next opens the next file
 * (0: none left); instream_skip returns what could not be skipped;
 * instream_read gives fewer than WANT bytes only at the end. */
struct instream {
	char **files;
	int nfiles, next;
	FILE *fp;
	const char *name;
	unsigned long long skip, left;
	int limited;
};
int instream_next(struct instream *in);
unsigned long long instream_skip(struct instream *in);
size_t instream_read(struct instream *in, unsigned char *buf, size_t want);
/* V (negated if NEG) in BASE 8, 10 or 16, of at least DIGITS digits (zeros
 * in front), right-aligned in WIDTH columns, on stdout: printf's "%*.*llx"
 * without the parsing, which costs more than the number in a dump. */
void put_num(unsigned long long v, int neg, int base, int digits, int width);
/* A byte as od -t c shows it: itself, a C escape (\0 \n...), or 3 octal digits. */
const char *byte_c(int c, char tmp[8]);

/* The byte a backslash escape stands for: *S is just past the backslash, at
 * one of \\abfnrtv or 1-3 octal digits. Advances *S; -1 (*S kept) for others. */
int unescape(const char **s);

/* A byte count: digits in BASE (as strtoull: 0 allows 0x and 0 prefixes) and an
 * optional unit b (512), k K (1024), m M, g G. 0, or -1 if malformed or too big. */
int parse_size(const char *s, int base, unsigned long long *v);

/* Decimal digits only (no blanks, no sign), at most MAX: 0, or -1. */
int parse_uint(const char *s, unsigned long long max, unsigned long long *v);

/* MD5 (RFC 1321) and SHA-1 (FIPS 180-4), streaming like SHA-256. */
/* What they share (md.c): BLOCK folds 64 bytes into the state H; BUF holds a
 * partial block; LEN counts bytes; the length goes in BIG_ENDIAN or not. */
typedef void md_block_fn(uint32_t *h, const unsigned char *p);
void md_update(uint32_t *h, unsigned char buf[64], uint64_t *len, const void *data, size_t n,
    md_block_fn *block);
void md_final(uint32_t *h, unsigned char buf[64], uint64_t *len, int big_endian, md_block_fn *block);
struct md5 {
	uint32_t h[4];
	uint64_t len;
	unsigned char buf[64];
};
void md5_init(struct md5 *s);
void md5_update(struct md5 *s, const void *data, size_t n);
void md5_final(struct md5 *s, unsigned char out[16]);
struct sha1 {
	uint32_t h[5];
	uint64_t len;
	unsigned char buf[64];
};
void sha1_init(struct sha1 *s);
void sha1_update(struct sha1 *s, const void *data, size_t n);
void sha1_final(struct sha1 *s, unsigned char out[20]);

/* md5sum, sha1sum, sha256sum: print digests, or check them (-c) from lists. */
enum { HASH_MD5, HASH_SHA1, HASH_SHA256 };
int hashsum_main(int argc, char **argv, int algo);

/* test and [: evaluate the expression in ARGV (the operands, no "]").
 * 0 true, 1 false, 2 an error, which has been reported. */
int test_eval(int argc, char **argv);

/* Signals: sig_num takes "TERM", "SIGterm", "15", "RTMIN+2" and gives the
 * number, 0 for "0", -1 if unknown; sig_name gives "TERM" (real-time ones
 * made in BUF), NULL for a number without a name. */
#define SIG_NAME_LEN 24
int sig_num(const char *s);
const char *sig_name(int sig, char buf[SIG_NAME_LEN]);

/* Run ARGV as the shell would: search PATH, a file without #! goes to
 * /bin/sh. Returns only on failure: 127 (not found) or 126, errno set. */
int exec_cmd(char **argv);

/*
 * A search path such as $PATH: directories separated by colons, an empty one
 * the current directory; NULL is PATH_DEFAULT. path_search calls FN with
 * DIR/NAME for each directory in turn ("./NAME" for an empty one; with NAME
 * "", the directory) until FN returns non-zero, and returns that; 0 if it
 * never does. path_find gives the first DIR/NAME that is a regular file
 * which access MODE (X_OK, R_OK) allows, malloc'd, or NULL; a NAME with a
 * slash is not searched for: itself, if it is such a file.
 */
#define PATH_DEFAULT "/ubin:/bin:/sbin:/usr/bin:/usr/sbin"
int path_search(const char *path, const char *name, int (*fn)(const char *file, void *arg), void *arg);
char *path_find(const char *path, const char *name, int mode);

/*
 * DHCPv4 (RFC 2131, 2132), for dhclient and netboot. Addresses are uint32_t
 * in network byte order, as on the wire. dhcp_build writes a DISCOVER or
 * REQUEST (broadcast flag; options 53, 61 if client_id, 50 and 54 if not 0,
 * 12 if hostname, 55 asking for 1 3 6 12 15 28 51 54 66 67) into BUF and
 * returns its length, 0 if CAP is too small. dhcp_parse checks a reply: op,
 * Ethernet, cookie, every option's bounds and length, overload (52), message
 * type OFFER, ACK or NAK; 0 with OUT filled, or -1 with OUT->error saying
 * why. The caller compares OUT->xid and OUT->chaddr with its own. Strings are
 * NUL-terminated printable ASCII (others are refused); a missing mask is the
 * classful one; broadcast is ip|~mask unless given; 0 means "not given".
 * dhcp_ip_wrap puts IPv4 and UDP headers (0.0.0.0:68 to 255.255.255.255:67,
 * checksums done) around MSG for a packet socket: the length, 0 if CAP is too
 * small. dhcp_ip_unwrap returns the UDP payload (*N bytes) of an unfragmented
 * IPv4 datagram from port 67 to 68 with good checksums (the UDP one only if
 * UDP_CHECK: offloading may leave it undone), else NULL.
 */
enum { DHCP_DISCOVER = 1, DHCP_OFFER, DHCP_REQUEST, DHCP_DECLINE, DHCP_ACK, DHCP_NAK };
struct dhcp_msg {
	int type;
	uint32_t xid;
	unsigned secs;
	unsigned char mac[6];
	uint32_t ip, server;	/* options 50 and 54 */
	const unsigned char *client_id;	/* option 61, client_id_len bytes */
	size_t client_id_len;
	const char *hostname;	/* option 12 */
};
struct dhcp_lease {
	int type;
	uint32_t xid;
	unsigned char chaddr[6];
	uint32_t ip, mask, broadcast, router, server, siaddr, dns[3];
	int prefix, ndns;
	uint32_t lease;		/* seconds; 0xffffffff forever */
	char hostname[256], domain[256], tftp[256], bootfile[256];	/* 12 15 66 67 */
	char message[256];	/* 56, with a NAK */
	char error[64];
};
size_t dhcp_build(unsigned char *buf, size_t cap, const struct dhcp_msg *m);
int dhcp_parse(const unsigned char *pkt, size_t len, struct dhcp_lease *out);
size_t dhcp_ip_wrap(unsigned char *buf, size_t cap, const unsigned char *msg, size_t n);
const unsigned char *dhcp_ip_unwrap(const unsigned char *pkt, size_t len, size_t *n, int udp_check);

/*
 * URLs (RFC 3986), for wget, netboot and dhclient. url_parse splits an
 * http://HOST[:PORT][/PATH][?QUERY] URL (HOST a name, an IPv4 literal or a
 * bracketed IPv6 one; the fragment dropped); NULL, or why not ("https is not
 * supported"); then url_free. url_join resolves REF (a Location, a boot file)
 * against the absolute BASE as RFC 3986 section 5.2 says, dot segments
 * removed; malloc'd. url_quote gives S as sh would read it back as one word
 * (plain, or in single quotes), for KEY=VALUE files such as dhclient's lease;
 * NULL if S holds control characters. url_unquote reads such a word back:
 * plain characters, '...' and \X; NULL if malformed (an unquoted blank, an
 * unterminated quote). text_escape makes bytes from the network safe for a
 * terminal: controls and non-ASCII as \xHH, a backslash as \\; malloc'd.
 */
struct url {
	char host[256];		/* an IPv6 address without its brackets */
	char port[6];		/* "80" if not given */
	char *target;		/* malloc'd: the path ("/" at least) and ?query, %-encoded */
	char *query;		/* inside target, after the '?'; NULL if none */
};
const char *url_parse(const char *s, struct url *u);
void url_free(struct url *u);
char *url_join(const char *base, const char *ref);
char *url_quote(const char *s);
char *url_unquote(const char *s);
char *text_escape(const char *s);

/*
 * A push parser for one response to a GET: give it what the connection
 * brings, in any pieces, then say when the connection ends. HEAD is called
 * once the final (not 1xx) header is in, BODY with the decoded body
 * (Content-Length, chunked or up to the end); each returns 0 to go on or
 * HTTP_STOP. http_feed returns 0 (more, please), HTTP_DONE (the response is
 * complete), HTTP_STOP, or -1 with error set; http_eof HTTP_DONE or -1
 * ("connection closed after 10 of 1000 bytes"). Headers are limited to 64 KiB.
 */
#define HTTP_DONE 1
#define HTTP_STOP 2
struct http {
	int (*head)(struct http *h);
	int (*body)(struct http *h, const unsigned char *p, size_t n);
	void *ctx;
	int status;		/* 200 */
	char reason[64];	/* "OK", others as text_escape shows them */
	long long length;	/* Content-Length; -1 if none or chunked */
	long long got;		/* body bytes so far */
	int chunked;
	char *location;		/* malloc'd, or NULL */
	char error[128];
	int state, heads, seen;	/* the parser's own from here on */
	char *buf;
	size_t len, cap;
	long long left;
};
void http_init(struct http *h, int (*head)(struct http *),
    int (*body)(struct http *, const unsigned char *, size_t), void *ctx);
int http_feed(struct http *h, const void *p, size_t n);
int http_eof(struct http *h);
void http_free(struct http *h);

/*
 * GET URL over HTTP/1.1 (Connection: close), following up to 5 redirects
 * (fill a zeroed struct; it may be used again, then http_get_free it);
 * TIMEOUT seconds (0: none) to connect and for each wait for data; if UNTIL
 * (CLOCK_MONOTONIC seconds; 0: none) passes first, it fails with expired set,
 * however fast the data come. START is
 * called when a 2xx header is in (resp.length says how much follows), DATA
 * with the body; either returns 0, or -1 to give up (having said why).
 * Returns 0, or -1 with error set ("404 Not Found", "Connection refused",
 * "connection closed after 10 of 1000 bytes"; empty if a callback gave up),
 * where the URL that failed, retry whether trying again might help.
 */
struct http_get {
	const char *url;
	int timeout;
	double until;
	int (*start)(struct http_get *g);
	int (*data)(struct http_get *g, const unsigned char *p, size_t n);
	void *ctx;
	struct http resp;
	char *where;		/* malloc'd */
	int retry, expired;
	char error[256];
};
int http_get(struct http_get *g);
void http_get_free(struct http_get *g);

/*
 * rtnetlink (NETLINK_ROUTE) for ip and dhclient. Each returns 0, or -1 with
 * errno (the kernel's answer). The dumps call FN for each object until it
 * returns non-zero, which they return. Addresses are in network byte order,
 * 4 bytes for AF_INET, 16 for AF_INET6. rtnl_addr and rtnl_route do
 * RTNL_ADD, RTNL_REPLACE (add or change) or RTNL_DEL; a route's 0 fields
 * mean the main table, protocol boot, unicast, scope link without a gateway.
 */
enum { RTNL_ADD, RTNL_REPLACE, RTNL_DEL };
#define RTNL_PROTO_DHCP 16	/* RTPROT_DHCP */
#define RTNL_ONLINK 4		/* RTNH_F_ONLINK: the gateway is on the link, whatever the prefix */
struct rtnl_link {
	int index;
	char name[16];
	unsigned flags, mtu, txqlen, type;	/* IFF_*, ARPHRD_* */
	int link, netnsid, master;	/* IFLA_LINK (0 none); netnsid -1 if none */
	int operstate, linkmode, group;
	int carrier;		/* IFLA_CARRIER: the driver's own word, before the 1 s linkwatch delay; -1 unknown */
	char qdisc[32];
	unsigned char addr[32], brd[32];
	int addrlen;
};
struct rtnl_addr {
	int family, index, prefixlen, scope;
	unsigned flags;		/* IFA_F_* */
	unsigned char local[16], peer[16], brd[16];
	int has_local, has_peer, has_brd, has_cache;
	unsigned valid, preferred;	/* seconds; 0xffffffff forever */
	char label[16];
};
struct rtnl_route {
	int family, dstlen, table, protocol, scope, type;
	unsigned flags;		/* RTNH_F_*, RTM_F_* */
	unsigned char dst[16], gw[16], src[16];
	int has_gw, has_src, oif, has_metric;
	unsigned metric;
	int pref;		/* IPv6 router preference (RTA_PREF): 0 medium, 1 high, 3 low; -1 none */
};
int rtnl_open(void);
int rtnl_links(int fd, int (*fn)(const struct rtnl_link *, void *), void *arg);
int rtnl_addrs(int fd, int family, int (*fn)(const struct rtnl_addr *, void *), void *arg);
int rtnl_routes(int fd, int family, int (*fn)(const struct rtnl_route *, void *), void *arg);
int rtnl_link_up(int fd, int index, int up);
int rtnl_addr(int fd, int cmd, const struct rtnl_addr *a);
int rtnl_route(int fd, int cmd, const struct rtnl_route *r);

/*
 * Loop devices (<linux/loop.h>'s ABI; musl has no such header). loop_attach
 * opens FILE (read-only if *RO, or if it may only be read: then *RO is set)
 * and binds it to DEV, or, if DEV is "", to a free device it names in DEV,
 * with OFFSET and FLAGS (LOOP_AUTOCLEAR: freed when the last user closes it;
 * LOOP_PARTSCAN); the device's fd, or -1 and errno (EBUSY: DEV is in use).
 * loop_status and loop_detach: 0, or -1 and errno (ENXIO: not attached).
 * loop_free names the first free device in DEV. LOOP_NAME_MAX bytes of the
 * file name are kept by the kernel.
 */
#define LOOP_AUTOCLEAR 4
#define LOOP_PARTSCAN 8
#define LOOP_NAME_MAX 64
struct loop_info64 {
	uint64_t lo_device, lo_inode, lo_rdevice, lo_offset, lo_sizelimit;
	uint32_t lo_number, lo_encrypt_type, lo_encrypt_key_size, lo_flags;
	uint8_t lo_file_name[LOOP_NAME_MAX], lo_crypt_name[LOOP_NAME_MAX], lo_encrypt_key[32];
	uint64_t lo_init[2];
};
int loop_attach(const char *file, int *ro, unsigned long long offset, unsigned flags, char *dev,
    size_t devlen);
int loop_status(const char *dev, struct loop_info64 *info);
int loop_detach(const char *dev);
int loop_free(char *dev, size_t devlen);

/* kexec_file_load(2): KERNEL (a bzImage) with INITRD and CMDLINE, either
 * NULL, to boot with reboot(RB_KEXEC) later; kexec_unload drops it. 0, or -1
 * and errno (ENOEXEC: not a kernel; EKEYREJECTED: a signature is required). */
int kexec_load_file(const char *kernel, const char *initrd, const char *cmdline);
int kexec_unload(void);
const char *kexec_error(int err);	/* why a load failed, for people */

/*
 * Compressed streams over a file descriptor, by zlib and libzstd. Readers
 * take concatenated gzip members or zstd frames; ZIO_AUTO reads gzip, zstd or
 * plain data, as its first bytes say. zio_read returns bytes, 0 at the end,
 * or -1; zio_write 0 or -1 (plain data is buffered). zio_finish ends a
 * writer's stream (0 or -1); for a reader it is 1 if data after the last
 * member was ignored. After -1 (errno set for I/O errors) or 1, zio_error
 * says why: "not in gzip format", "truncated input", "crc error", strerror.
 * LEVEL 0 is the default (gzip 6, zstd 3). The descriptor stays the caller's.
 */
enum { ZIO_NONE, ZIO_GZIP, ZIO_ZSTD, ZIO_AUTO };
struct zio;
struct zio *zio_reader(int fd, int fmt);
struct zio *zio_writer(int fd, int fmt, int level);
ssize_t zio_read(struct zio *z, void *buf, size_t n);
int zio_write(struct zio *z, const void *buf, size_t n);
int zio_finish(struct zio *z);
const char *zio_error(const struct zio *z);
void zio_free(struct zio *z);

/* gzip, gunzip, zcat (FMT ZIO_GZIP) and zstd, unzstd (ZIO_ZSTD). */
enum { ZCMD_COMPRESS, ZCMD_DECOMPRESS, ZCMD_CAT };
int zcmd_main(int argc, char **argv, int fmt, int mode);

/*
 * Archive members onto the file system, for tar and cpio. xt_path gives the
 * name to use (malloc'd): leading slashes dropped (said once), then STRIP
 * components; NULL to skip the member (with a message for names holding
 * "..").
 * xt_create makes it beneath the directory current at the first call (the
 * target), whatever the name's spelling: every directory on the way is
 * opened with openat2(RESOLVE_BENEATH) (without it, one component at a time
 * following no symlink), parents made first with MKDIRS, and the member made
 * relative to it, so no symlink and no ".." leads out; a name (or hard link)
 * of PATH_MAX bytes or more is refused in one line. What is there is
 * removed first (not a newer file with KEEP_NEWER; a directory stays). A
 * regular file is made with O_EXCL|O_NOFOLLOW and its descriptor returned
 * for the data, then xt_done. A symlink is an empty placeholder file until
 * xt_finish, so no later member goes through it; a hard link's first name
 * resolves beneath the target too, and a link to a symlink is one. Otherwise
 * 0, or -1 (reported). xt_reopen opens an existing name beneath the target
 * for rewriting (a descriptor for xt_done, or -1 reported).
 * Owner (OWNER; names win over numbers), mode (less MASK unless PERMS) and
 * with MTIME the time follow, never by name through a symlink (a device or
 * fifo is made with its mode). Set-id bits stay only on a file whose owner
 * was restored, never on a device or fifo; as root without OWNER, device
 * nodes are refused. xt_finish
 * makes the symlinks whose placeholders are still there, then gives the
 * directories their modes and times, deepest first. Zero the struct.
 */
struct xt_member {
	const char *link;	/* symlink target, or (hardlink) the first name, from xt_path */
	mode_t mode;		/* type and permissions */
	int hardlink;
	uid_t uid;
	gid_t gid;
	char uname[33], gname[33];	/* "" if none */
	long long mtime;
	unsigned major, minor;
};
struct xt {
	int strip, owner, perms, mtime, mkdirs, keep_newer;
	mode_t mask;
	void *priv;
};
char *xt_path(struct xt *x, const char *name);
int xt_create(struct xt *x, const char *path, const struct xt_member *m);
int xt_reopen(struct xt *x, const char *path);
int xt_done(struct xt *x, const char *path, int fd, const struct xt_member *m);
void xt_finish(struct xt *x);

/* "drwxr-xr-x" for M, as ls -l shows it. */
void mode_str(char s[11], mode_t m);

#endif
