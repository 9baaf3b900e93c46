/* procfs.c - processes as /proc shows them: their ids, their files, the name in stat */
#define _GNU_SOURCE 1
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "err.h"
#include "proc.h"

static int
by_value(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

int
proc_pids(int **pids)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int *v = NULL, n = 0, cap = 0;
	long pid;
	char *end;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		pid = strtol(e->d_name, &end, 10);
		if (*end != '\0' || pid <= 0 || pid > INT_MAX)
			continue;
		if (n == cap)
			v = xrealloc(v, (cap = cap ? cap * 2 : 256) * sizeof *v);
		v[n++] = (int)pid;
	}
	closedir(d);
	if (n > 0)
		qsort(v, n, sizeof *v, by_value);
	*pids = v;
	return n;
}

char *
proc_file(int pid, const char *name, size_t *len)
{
	char path[64], *buf;
	size_t n = 0, cap = 4096;
	ssize_t r;
	int fd, err;

	snprintf(path, sizeof path, "/proc/%d/%s", pid, name);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return NULL;
	buf = xmalloc(cap);
	while ((r = read(fd, buf + n, cap - n - 1)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		n += r;
		if (cap - n < 2)
			buf = xrealloc(buf, cap *= 2);
	}
	err = errno;
	close(fd);
	if (r < 0) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

char *
proc_stat_comm(char *stat, char *comm, size_t n)
{
	char *open = strchr(stat, '('), *close = strrchr(stat, ')');

	if (open == NULL || close == NULL || close < open)
		return NULL;
	snprintf(comm, n, "%.*s", (int)(close - open - 1), open + 1);
	return close + 1;
}
