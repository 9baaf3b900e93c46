/* cache.c - locks, atomic publication and checks on cache files */
#include <sys/file.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <dirent.h>
#include <elf.h>
#include <signal.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "key.h"
#include "ubuild.h"

/*
 * DIR/.lock, ours and private: a lock another user could open is a lock that
 * user could hold forever, hanging our builds. An older cache made it 0755.
 */
static int
lock_dir(const char *path)
{
	struct stat st;

	if (mkdir(path, 0700) < 0 && errno != EEXIST)
		return -1;
	if (lstat(path, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid())
		return errno = EPERM, -1;
	if ((st.st_mode & 07777) != 0700 && chmod(path, 0700) < 0)
		return -1;
	return 0;
}

/* dir/.lock/NAME (0600), held with flock: released by the kernel if we die. */
int
ub_lock(const char *dir, const char *name)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof path, "%s/.lock", dir);
	if (lock_dir(path) < 0)
		return -1;
	if ((size_t)snprintf(path, sizeof path, "%s/.lock/%s", dir, name) >= sizeof path)
		return errno = ENAMETOOLONG, -1;
	fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	if (fchmod(fd, 0600) < 0) {
		close(fd);
		return -1;
	}
	while (flock(fd, LOCK_EX) < 0) {
		if (errno != EINTR) {
			close(fd);
			return -1;
		}
	}
	return fd;
}

/* The whole file, NUL-terminated, or NULL with errno. */
char *
ub_slurp(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t r;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || (buf = malloc(st.st_size + 1)) == NULL) {
		close(fd);
		return NULL;
	}
	while (got < (size_t)st.st_size && (r = read(fd, buf + got, st.st_size - got)) > 0)
		got += r;
	close(fd);
	buf[got] = '\0';
	*len = got;
	return buf;
}

/* PATH created or truncated with MODE and holding LEN bytes of BUF: 0, or -1 with errno. */
int
ub_write_file(const char *path, const void *buf, size_t len, mode_t mode)
{
	const char *p = buf;
	size_t done = 0;
	ssize_t w;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode), r = 0, err;

	if (fd < 0)
		return -1;
	while (done < len && r == 0) {
		if ((w = write(fd, p + done, len - done)) > 0)
			done += w;
		else if (w == 0 || errno != EINTR)
			r = -1;
	}
	err = errno;
	if (close(fd) < 0 && r == 0)
		return -1;
	errno = err;
	return r;
}

int
ub_has(const char *path, const char *s, size_t n)
{
	size_t len;
	char *buf = ub_slurp(path, &len);
	int r;

	if (buf == NULL)
		return errno == ENOENT ? 0 : -1;
	r = memmem(buf, len, s, n) != NULL;
	free(buf);
	return r;
}

/* The key in a cache file: "UBK2\n" and an entry, up to its NUL. */
static const char *
find_key(const char *buf, size_t len)
{
	size_t m = strlen(KEY_MAGIC);
	const char *p = buf, *end = buf + len;

	while ((p = memmem(p, end - p, KEY_MAGIC, m)) != NULL) {
		if (p + m < end && p[m] >= '1' && p[m] <= '9' && memchr(p, '\0', end - p) != NULL)
			return p;
		p += m;
	}
	return NULL;
}

/*
 * Was an archive whose note is NOTE built from what KEY describes? The note
 * ending in the same key is the quick answer (1); else the key it holds must
 * list the same files and still be fresh (2: one made moments after an edit
 * hashes those files, one made later does not).
 */
int
ub_note_hit(const char *note, const char *key)
{
	size_t n, k = strlen(key);
	const char *old;

	if (note == NULL)
		return 0;
	n = strlen(note);
	if (n >= k && memcmp(note + n - k, key, k) == 0)
		return 1;
	if ((old = find_key(note, n + 1)) != NULL && key_match(old, key))	/* with its NUL */
		return 2;
	return 0;
}

/* Does KEY have an entry for PATH? */
static int
key_has(const char *key, const char *path)
{
	static struct key_entry e;
	const char *p = key + strlen(KEY_MAGIC);

	while (*p != '\0' && (p = key_next(p, &e)) != NULL)
		if (strcmp(e.path, path) == 0)
			return 1;
	return 0;
}

/*
 * Is the command binary at PATH fresh: does the key it holds still describe
 * its files, and name every one of OWN (the command's files today)?
 */
int
ub_cmd_fresh(const char *path, char **own)
{
	size_t len;
	char *buf = ub_slurp(path, &len);
	const char *k;
	int r = 0;

	if (buf == NULL)
		return errno == ENOENT ? 0 : -1;
	if ((k = find_key(buf, len)) != NULL && key_fresh(k)) {
		r = 1;
		for (size_t i = 0; own[i] != NULL && r; i++)
			r = key_has(k, own[i]);
	}
	free(buf);
	return r;
}

/*
 * tcc does not check its writes, so a full disk can leave a short file behind
 * a successful compile. tcc writes section headers last: a file that holds all
 * of them and every segment is whole.
 */
int
ub_elf_complete(const char *path)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	struct stat st;
	unsigned long long end;
	int fd = open(path, O_RDONLY | O_CLOEXEC), i, ok = 0;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || pread(fd, &eh, sizeof eh, 0) != sizeof eh ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
		goto out;
	end = eh.e_shoff + (unsigned long long)eh.e_shnum * eh.e_shentsize;
	if (end > (unsigned long long)st.st_size)
		goto out;
	for (i = 0; i < eh.e_phnum; i++) {
		if (pread(fd, &ph, sizeof ph, eh.e_phoff + i * sizeof ph) != sizeof ph ||
		    ph.p_offset + ph.p_filesz > (unsigned long long)st.st_size)
			goto out;
	}
	ok = 1;
out:
	close(fd);
	return ok;
}

char *
ub_tmpname(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 32;
	char *p = malloc(n);

	if (p != NULL)
		snprintf(p, n, "%s/.tmp.%s.%ld", dir, name, (long)getpid());
	return p;
}

int
ub_publish(const char *tmp, const char *dst)
{
	int err;

	if (rename(tmp, dst) == 0)
		return 0;
	err = errno;
	unlink(tmp);
	errno = err;
	return -1;
}

int
ub_unusable(int err)
{
	return err == EROFS || err == EACCES || err == EPERM || err == ENOSPC ||
	    err == EDQUOT || err == ENOTDIR || err == ENOENT || err == EMLINK;
}

/* The PID a temp name ends in (.tmp.NAME.PID), or 0. */
static long
tmp_pid(const char *name)
{
	const char *dot = strrchr(name, '.');
	char *end;
	long pid;

	if (strncmp(name, ".tmp.", 5) != 0 || dot == NULL || dot < name + 5)
		return 0;
	pid = strtol(dot + 1, &end, 10);
	return *end == '\0' && pid > 0 ? pid : 0;
}

/* A file, or a directory of files (the library's objects). */
static void
remove_tmp(int dfd, const char *name)
{
	struct dirent *e;
	DIR *d;
	int fd;

	if (unlinkat(dfd, name, 0) == 0 || (errno != EISDIR && errno != EPERM))
		return;
	if ((fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return;
	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return;
	}
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			unlinkat(fd, e->d_name, 0);
	closedir(d);
	unlinkat(dfd, name, AT_REMOVEDIR);
}

/*
 * Temp files of builds that died (kill -9, power cut with a disk cache) would
 * stay forever: remove those whose PID no longer runs. A live builder's are
 * left alone; a PID reused since only delays the cleanup.
 */
void
ub_clean_tmp(const char *dir)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	long pid;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		pid = tmp_pid(e->d_name);
		if (pid != 0 && pid != (long)getpid() && kill((pid_t)pid, 0) < 0 && errno == ESRCH)
			remove_tmp(dirfd(d), e->d_name);
	}
	closedir(d);
}

/* A new private directory TAG.XXXXXX under $TMPDIR, or /tmp when that is
 * unset or empty, its path in BUF: 0, or -1 with errno (BUF names the try). */
int
ub_mkdtemp(const char *tag, char *buf, size_t len)
{
	const char *t = getenv("TMPDIR");

	snprintf(buf, len, "%s/%s.XXXXXX", t && *t ? t : "/tmp", tag);
	return mkdtemp(buf) == NULL ? -1 : 0;
}

static int
rm_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st, (void)ftw;
	return type == FTW_DP ? rmdir(path) : unlink(path);
}

/* DIR and everything in it, gone (a private build directory: no links followed). */
void
ub_rm_tree(const char *dir)
{
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
}
