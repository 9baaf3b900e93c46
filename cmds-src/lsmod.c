/* lsmod - list the loaded kernel modules */
#include "cmd.h"

static const char usage[] = "lsmod";

/* "name size refcount holders state address" -> kmod's columns. */
static void
show(char *line)
{
	char *f[4], *save = NULL;
	size_t n;

	for (int i = 0; i < 4; i++)
		if ((f[i] = strtok_r(i ? NULL : line, " \t\n", &save)) == NULL)
			return;
	printf("%-19s %8s  %s", f[0], f[1], f[2]);
	n = strlen(f[3]);
	if (n > 0 && f[3][n - 1] == ',')
		f[3][--n] = '\0';
	if (n > 0 && strcmp(f[3], "-") != 0)
		printf(" %s", f[3]);
	putchar('\n');
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	char *line = NULL;
	size_t cap = 0;
	FILE *f;

	if (opt_next(&o, "") != -1 || o.ind != argc)
		die_usage(&o);
	if ((f = fopen("/proc/modules", "r")) == NULL)
		die_errno("/proc/modules");
	printf("Module                  Size  Used by\n");
	while (getline(&line, &cap, f) > 0)
		show(line);
	if (ferror(f))
		warn_errno("/proc/modules");
	free(line);
	fclose(f);
	return cmd_exit();
}
