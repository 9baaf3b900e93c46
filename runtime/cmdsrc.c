/*
 * cmdsrc.c - a command's sources: SRC/NAME.c, or the directory SRC/NAME/
 * (its .c files compiled together, its .h files private to it), and the
 * other names a CMD_NAMES("NAME", "OTHER"...) line in them declares.
 */
#include <sys/stat.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ubuild.h"

int
ub_form(const struct ub *u, const char *name, char *path, size_t len)
{
	struct stat st;

	if (!ub_valid_name(name) || strcmp(name, "lib") == 0)
		return UB_NONE;
	snprintf(path, len, "%s/%s", u->src, name);
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return UB_DIR;
	snprintf(path, len, "%s/%s.c", u->src, name);
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		return UB_FILE;
	return UB_NONE;
}

/* SRC/NAME.c alone; or the directory itself (its mtime sees files come and
 * go), then its .c and .h files, sorted. */
char **
ub_cmd_files(const struct ub *u, const char *name)
{
	char path[4096], **v, **dir;
	size_t n = 0;

	switch (ub_form(u, name, path, sizeof path)) {
	case UB_FILE:
		if ((v = calloc(2, sizeof *v)) != NULL && (v[0] = strdup(path)) == NULL) {
			free(v);
			v = NULL;
		}
		return v;
	case UB_DIR:
		if ((dir = ub_dir_sources(path)) == NULL)
			return NULL;
		while (dir[n] != NULL)
			n++;
		if ((v = malloc((n + 2) * sizeof *v)) == NULL || (v[0] = strdup(path)) == NULL) {
			free(v);
			ub_free_list(dir);
			return NULL;
		}
		memcpy(v + 1, dir, (n + 1) * sizeof *v);
		free(dir);
		return v;
	default:
		return errno = ENOENT, NULL;
	}
}

/* The quoted names of a CMD_NAMES("a", "b"); line, into v. */
static int
parse_names(const char *line, char **v, int max)
{
	const char *p = line + strlen("CMD_NAMES("), *q;
	int n = 0;

	while ((p = strchr(p, '"')) != NULL && n < max) {
		if ((q = strchr(p + 1, '"')) == NULL)
			break;
		if ((v[n] = strndup(p + 1, q - p - 1)) == NULL)
			return -1;
		n++;
		p = q + 1;
	}
	return n;
}

static int
names_in(const char *path, char **v, int max)
{
	char line[1024];
	FILE *f = fopen(path, "re");
	int n = 0;

	if (f == NULL)
		return 0;
	while (n == 0 && fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, "CMD_NAMES(", 10) == 0)
			n = parse_names(line, v, max);
	fclose(f);
	return n;
}

/*
 * Every name of the command NAME, its own first, NULL-terminated: what its
 * CMD_NAMES line says, where that starts with NAME; else NAME alone.
 */
char **
ub_cmd_names(const struct ub *u, const char *name)
{
	char **files = ub_cmd_files(u, name), **v = calloc(UB_NAMES_MAX + 1, sizeof *v);
	int n = 0;

	for (size_t i = 0; files != NULL && v != NULL && files[i] != NULL && n == 0; i++)
		if (ub_is_c(files[i]) && (n = names_in(files[i], v, UB_NAMES_MAX)) < 0)
			n = 0;
	ub_free_list(files);
	if (v == NULL)
		return NULL;
	if (n == 0 || strcmp(v[0], name) != 0) {
		for (int i = 0; i < n; i++)
			free(v[i]);
		memset(v, 0, (UB_NAMES_MAX + 1) * sizeof *v);
		v[0] = strdup(name);
	}
	return v;
}

/* The command that declares ALIAS among its names, or NULL. Read only when
 * an alias runs before its command was ever built, or went stale. */
char *
ub_alias_of(const struct ub *u, const char *alias)
{
	char **all = ub_all_names(u), **names, *found = NULL;

	for (size_t i = 0; all != NULL && all[i] != NULL && found == NULL; i++) {
		if ((names = ub_cmd_names(u, all[i])) == NULL)
			continue;
		for (size_t j = 1; names[j] != NULL && found == NULL; j++)
			if (strcmp(names[j], alias) == 0)
				found = strdup(all[i]);
		ub_free_list(names);
	}
	ub_free_list(all);
	return found;
}

/* Every command in SRC, sorted: NAME.c files and directories but lib. */
char **
ub_all_names(const struct ub *u)
{
	DIR *d = opendir(u->src);
	struct dirent *e;
	char **v = calloc(1, sizeof *v), **nv, *name, path[4096];
	size_t n = 0, len;

	while (d != NULL && v != NULL && (e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len > 2 && strcmp(e->d_name + len - 2, ".c") == 0)
			name = strndup(e->d_name, len - 2);
		else
			name = strdup(e->d_name);
		if (name == NULL || ub_form(u, name, path, sizeof path) == UB_NONE ||
		    (nv = realloc(v, (n + 2) * sizeof *v)) == NULL) {
			free(name);
			continue;
		}
		v = nv;
		v[n++] = name;
		v[n] = NULL;
	}
	if (d != NULL)
		closedir(d);
	if (v == NULL)
		return NULL;
	qsort(v, n, sizeof *v, ub_by_name);
	for (size_t i = 1; i < n; i++) {	/* NAME.c and NAME/ both: one command */
		if (strcmp(v[i], v[i - 1]) == 0) {
			free(v[i]);
			memmove(v + i, v + i + 1, (n - i) * sizeof *v);
			n--, i--;
		}
	}
	return v;
}
