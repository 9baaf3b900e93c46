/* modules.c - modprobe's arguments for the modules the image carries; uptime */
#include "cmd.h"
#include "modules.h"
#include <sys/utsname.h>

#define MODULES_MAX 128

char **
modules_argv(int (*want)(const char *path))
{
	char path[512], line[4096], *base, *dot, **argv;
	struct utsname u;
	int n = 2;
	FILE *f;

	uname(&u);
	snprintf(path, sizeof path, "/lib/modules/%s/modules.dep", u.release);
	if ((f = fopen(path, "r")) == NULL)
		return NULL;
	argv = xmalloc((MODULES_MAX + 3) * sizeof *argv);
	argv[0] = "modprobe";
	argv[1] = "-a";
	while (n < MODULES_MAX + 2 && fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, ":")] = '\0';
		if (!want(line))
			continue;
		base = strrchr(line, '/') ? strrchr(line, '/') + 1 : line;
		if ((dot = strstr(base, ".ko")) != NULL)
			*dot = '\0';
		argv[n++] = xstrdup(base);
	}
	fclose(f);
	argv[n] = NULL;
	if (n == 2) {
		free(argv);
		return NULL;
	}
	return argv;
}

void
modules_free(char **argv)
{
	for (int i = 2; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

double
uptime(void)
{
	FILE *f = fopen("/proc/uptime", "r");
	double t = 0;

	if (f != NULL) {
		if (fscanf(f, "%lf", &t) != 1)
			t = 0;
		fclose(f);
	}
	return t;
}
