/* insmod - load a kernel module from a file */
#include "cmd.h"
#include "modules.h"
#include <sys/syscall.h>
#include <zlib.h>
#include <zstd.h>

static const char usage[] = "insmod [-f] FILE [PARAM=VALUE...]";

#define IGNORE_MODVERSIONS 1	/* finit_module flags */
#define IGNORE_VERMAGIC 2
#define COMPRESSED_FILE 4

struct buf {
	unsigned char *p;
	size_t n, cap;
};

static void
grow(struct buf *b, size_t need)
{
	if (b->cap - b->n >= need)
		return;
	while (b->cap - b->n < need)
		b->cap = b->cap ? b->cap * 2 : 1 << 20;
	b->p = xrealloc(b->p, b->cap);
}

static int
read_all(int fd, struct buf *b)
{
	ssize_t r;

	for (;;) {
		grow(b, 1 << 16);
		r = read(fd, b->p + b->n, b->cap - b->n);
		if (r == 0)
			return 0;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		b->n += r;
	}
}

/* gzip (or zlib) into OUT; -1 with errno EINVAL if the data is damaged. */
static int
gunzip(const struct buf *in, struct buf *out)
{
	z_stream z;
	int r;

	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, 15 + 32) != Z_OK) {
		errno = ENOMEM;
		return -1;
	}
	z.next_in = in->p;
	z.avail_in = (uInt)in->n;
	do {
		grow(out, 1 << 20);
		z.next_out = out->p + out->n;
		z.avail_out = (uInt)(out->cap - out->n);
		r = inflate(&z, Z_NO_FLUSH);
		out->n = out->cap - z.avail_out;
	} while (r == Z_OK);
	inflateEnd(&z);
	if (r != Z_STREAM_END) {
		errno = r == Z_MEM_ERROR ? ENOMEM : EINVAL;
		return -1;
	}
	return 0;
}

static int
unzstd(const struct buf *in, struct buf *out)
{
	ZSTD_DStream *z = ZSTD_createDStream();
	ZSTD_inBuffer src = { in->p, in->n, 0 };
	ZSTD_outBuffer dst;
	size_t r = 1;

	if (z == NULL) {
		errno = ENOMEM;
		return -1;
	}
	while (src.pos < src.size) {
		grow(out, 1 << 20);
		dst.dst = out->p;
		dst.size = out->cap;
		dst.pos = out->n;
		r = ZSTD_decompressStream(z, &dst, &src);
		out->n = dst.pos;
		if (ZSTD_isError(r))
			break;
		if (r != 0 && src.pos == src.size && dst.pos < dst.size)
			break;	/* truncated */
	}
	ZSTD_freeDStream(z);
	if (r != 0) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

/* Read the module, unpack gzip and zstd, and hand it to init_module; xz,
 * which we cannot unpack, goes to the kernel to decompress if it can. */
static int
load(int fd, const char *params, int flags, const char *file)
{
	struct buf in = { NULL, 0, 0 }, out = { NULL, 0, 0 };
	struct buf *image = &out;
	int r = -1, k;

	if (read_all(fd, &in) < 0) {
		warn_errno("%s", file);
		goto done;
	}
	k = module_kind(in.p, in.n);
	if (k == MODULE_XZ) {
		if (syscall(SYS_finit_module, fd, params, flags | COMPRESSED_FILE) == 0)
			r = 0;
		else if (errno == EINVAL)
			warn("%s: xz-compressed, and the kernel cannot decompress it", file);
		else
			warn("%s: %s", file, module_reason(errno));
		goto done;
	}
	if (k == MODULE_PLAIN)
		image = &in;
	else if ((k == MODULE_GZIP ? gunzip(&in, &out) : unzstd(&in, &out)) < 0) {
		warn("%s: damaged %s data", file, k == MODULE_GZIP ? "gzip" : "zstd");
		goto done;
	}
	if (syscall(SYS_init_module, image->p, (unsigned long)image->n, params) == 0)
		r = 0;
	else
		warn("%s: %s", file, module_reason(errno));
done:
	free(in.p);
	free(out.p);
	return r;
}

static char *
join(char **v, int n)
{
	size_t len = 1;
	char *s, *p;

	for (int i = 0; i < n; i++)
		len += strlen(v[i]) + 1;
	p = s = xmalloc(len);
	*p = '\0';
	for (int i = 0; i < n; i++)
		p += sprintf(p, "%s%s", i ? " " : "", v[i]);
	return s;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, fd, flags = 0;
	struct stat st;
	char *params, *file;

	while ((c = opt_next(&o, "f")) != -1) {
		if (c == 'f')
			flags |= IGNORE_MODVERSIONS | IGNORE_VERMAGIC;
		else
			die_usage(&o);
	}
	if (o.ind == argc)
		die_usage(&o);
	file = argv[o.ind];
	if ((fd = open(file, O_RDONLY | O_CLOEXEC)) < 0 || fstat(fd, &st) < 0)
		die_errno("%s", file);
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		die_errno("%s", file);
	}
	params = join(argv + o.ind + 1, argc - o.ind - 1);
	if (module_packed(fd))
		load(fd, params, flags, file);
	else if (syscall(SYS_finit_module, fd, params, flags) < 0) {
		if (errno == ENOSYS)	/* an old kernel: hand over the bytes */
			load(fd, params, flags, file);
		else
			warn("%s: %s", file, module_reason(errno));
	}
	free(params);
	close(fd);
	return cmd_exit();
}
