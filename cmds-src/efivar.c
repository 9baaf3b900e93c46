/* efivar - list and print UEFI variables, read-only, from efivarfs */
#include "cmd.h"
#include "io.h"
#include "path.h"

static const char usage[] = "efivar [-D DIR] -l | [-D DIR] -p|-d -n [GUID-]NAME";

#define GUID_LEN 36
#define MAX_VAR (1 << 20)

/* "8be4df61-93ca-11d2-aa0d-00e098032b8c": hex digits and dashes in their places. */
static int
is_guid(const char *s)
{
	for (int i = 0; i < GUID_LEN; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (s[i] != '-')
				return 0;
		} else if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f') ||
		    (s[i] >= 'A' && s[i] <= 'F')))
			return 0;
	}
	return 1;
}

/* efivarfs names a variable NAME-GUID. */
static int
is_var(const struct dirent *e)
{
	size_t n = strlen(e->d_name);

	return n > GUID_LEN + 1 && e->d_name[n - GUID_LEN - 1] == '-' &&
	    is_guid(e->d_name + n - GUID_LEN);
}

static int
vars(const char *dir, struct dirent ***v)
{
	int n = scandir(dir, v, is_var, alphasort);

	if (n < 0)
		die_errno("%s", dir);
	return n;
}

/* GUID-Name, the way efivar shows a variable, from the file's Name-GUID. */
static char *
shown(const char *file)
{
	size_t n = strlen(file);
	char *s = xmalloc(n + 1);

	memcpy(s, file + n - GUID_LEN, GUID_LEN);
	s[GUID_LEN] = '-';
	memcpy(s + GUID_LEN + 1, file, n - GUID_LEN - 1);
	s[n] = '\0';
	return s;
}

static int
by_shown(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
list(const char *dir)
{
	struct dirent **v;
	int n = vars(dir, &v);
	char **s = xmalloc((n ? n : 1) * sizeof *s);

	for (int i = 0; i < n; i++) {
		s[i] = shown(v[i]->d_name);
		free(v[i]);
	}
	free(v);
	qsort(s, n, sizeof *s, by_shown);
	for (int i = 0; i < n; i++) {
		puts(s[i]);
		free(s[i]);
	}
	free(s);
}

/* The file of [GUID-]NAME: a bare NAME must be the only variable so called. */
static char *
file_of(const char *dir, const char *name)
{
	struct dirent **v;
	char *file = NULL;
	int n, found = 0;

	if (strlen(name) > GUID_LEN + 1 && name[GUID_LEN] == '-' && is_guid(name)) {
		file = xmalloc(strlen(name) + 1);
		sprintf(file, "%s-%.*s", name + GUID_LEN + 1, GUID_LEN, name);
		return file;
	}
	n = vars(dir, &v);
	for (int i = 0; i < n; i++) {
		size_t len = strlen(v[i]->d_name) - GUID_LEN - 1;

		if (strlen(name) == len && strncmp(v[i]->d_name, name, len) == 0 && found++ == 0)
			file = xstrdup(v[i]->d_name);
		free(v[i]);
	}
	free(v);
	if (found != 1)
		die("%s: %s", name, found ? "in more than one GUID; name it GUID-NAME" :
		    "no such variable");
	return file;
}

static void
hexdump(const unsigned char *p, size_t n)
{
	for (size_t at = 0; at < n; at += 16) {
		printf("%08zx ", at);
		for (size_t i = at; i < at + 16; i++)
			printf(i < n ? "%s %02x" : "%s   ", i == at + 8 ? " " : "", i < n ? p[i] : 0);
		printf("  |");
		for (size_t i = at; i < at + 16; i++)
			putchar(i >= n ? ' ' : p[i] >= 0x20 && p[i] < 0x7f ? p[i] : '.');
		printf("|\n");
	}
}

static void
attributes(unsigned long a)
{
	static const char *const names[] = { "Non-Volatile", "Boot Service Access",
		"Runtime Service Access", "Hardware Error Record", "Authenticated Write Access",
		"Time-Based Authenticated Write Access", "Append Write" };

	printf("Attributes:\n");
	for (int i = 0; i < 32; i++)
		if (a >> i & 1) {
			if (i < 7)
				printf("\t%s\n", names[i]);
			else
				printf("\t0x%08lx\n", 1UL << i);
		}
}

static void
print(const char *dir, const char *name, int decimal)
{
	char *file = file_of(dir, name), *path = path_join(dir, file), *id = shown(file);
	unsigned char *b;
	unsigned long long v = 0;
	unsigned long a;
	size_t n;

	if ((b = (unsigned char *)read_whole(path, MAX_VAR, &n)) == NULL && errno == ENOENT)
		die("%s: no such variable", id);
	if (b == NULL)
		die_errno("%s", path);
	if (n < 4)
		die("%s: shorter than its attributes", path);
	a = b[0] | b[1] << 8 | (unsigned long)b[2] << 16 | (unsigned long)b[3] << 24;
	n -= 4;
	if (decimal) {
		if (n != 1 && n != 2 && n != 4 && n != 8)
			die("%s: %zu bytes is no integer", id, n);
		for (size_t i = 0; i < n; i++)
			v |= (unsigned long long)b[4 + i] << 8 * i;
		printf("%llu\n", v);
	} else {
		printf("GUID: %.*s\nName: \"%s\"\n", GUID_LEN, id, id + GUID_LEN + 1);
		attributes(a);
		printf("Value:\n");
		hexdump(b + 4, n);
	}
	free(b);
	free(file);
	free(path);
	free(id);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *dir = "/sys/firmware/efi/efivars", *name = NULL;
	int c, what = 0;

	while ((c = opt_next(&o, "D:dln:p")) != -1) {
		switch (c) {
		case 'D': dir = o.arg; break;
		case 'd': case 'l': case 'p':
			if (what && what != c)
				die_usage(&o);
			what = c;
			break;
		case 'n': name = o.arg; break;
		default: die_usage(&o);
		}
	}
	if (o.ind != argc || what == 0 || (what == 'l') != (name == NULL))
		die_usage(&o);
	if (access(dir, F_OK) != 0)
		die("%s: %s%s", dir, strerror(errno), errno == ENOENT ? " (not booted by UEFI?)" : "");
	if (what == 'l')
		list(dir);
	else
		print(dir, name, what == 'd');
	return cmd_exit();
}
