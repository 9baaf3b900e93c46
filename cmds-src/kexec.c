/* kexec - load a new kernel and boot into it without the firmware */
#include "cmd.h"
#include "kexec.h"
#include "bootcheck.h"
#include "path.h"
#include <sys/reboot.h>

static const char usage[] =
    "kexec -l KERNEL [--initrd FILE] [--command-line STRING | --append STRING | -c] [-s] | -u | -e";

struct args {
	int action;		/* 'l', 'u' or 'e' */
	char *kernel, *initrd, *cmdline;
	int reuse;
};

static _Noreturn void
bad_usage(const char *fmt, const char *arg)
{
	if (fmt != NULL) {
		fprintf(stderr, "%s: ", cmd_name);
		fprintf(stderr, fmt, arg);
		fputc('\n', stderr);
	}
	fprintf(stderr, "usage: %s\n", usage);
	exit(1);
}

/* "--name=value" or "--name value": the value, or NULL if ARG is not --NAME. */
static char *
long_value(char **argv, int *i, const char *name)
{
	size_t n = strlen(name);
	char *a = argv[*i];

	if (strncmp(a, name, n) != 0)
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n] != '\0')
		return NULL;
	if (argv[*i + 1] == NULL)
		bad_usage("%s: option requires an argument", name);
	return argv[++*i];
}

static void
set_action(struct args *a, int c)
{
	if (a->action != 0 && a->action != c)
		bad_usage("%s", "-l, -u and -e go alone");
	a->action = c;
}

/* Short options are single letters here; kexec-tools' long ones take = or a word. */
static void
parse(int argc, char **argv, struct args *a)
{
	char *v, *s;
	int i;

	for (i = 1; i < argc; i++) {
		s = argv[i];
		if ((v = long_value(argv, &i, "--initrd")) || (v = long_value(argv, &i, "--ramdisk")))
			a->initrd = v;
		else if ((v = long_value(argv, &i, "--command-line")) || (v = long_value(argv, &i, "--append")))
			a->cmdline = v;
		else if (strcmp(s, "--reuse-cmdline") == 0)
			a->reuse = 1;
		else if (strcmp(s, "--load") == 0 || strcmp(s, "-l") == 0) {
			set_action(a, 'l');
			if (i + 1 >= argc)
				bad_usage("%s: option requires an argument", s);
			a->kernel = argv[++i];
		} else if (strcmp(s, "-u") == 0 || strcmp(s, "--unload") == 0)
			set_action(a, 'u');
		else if (strcmp(s, "-e") == 0 || strcmp(s, "--exec") == 0)
			set_action(a, 'e');
		else if (strcmp(s, "-c") == 0)
			a->reuse = 1;
		else if (strcmp(s, "-s") == 0 || strcmp(s, "--kexec-file-syscall") == 0)
			;	/* the file-based call is the only one we make */
		else if (s[0] == '-')
			bad_usage("%s: unknown option", s);
		else if (a->action == 'l' || a->kernel != NULL)
			bad_usage("%s: unexpected operand", s);
		else
			a->kernel = s;	/* "kexec KERNEL" as with -l */
	}
	if (a->action == 0 && a->kernel != NULL)
		a->action = 'l';
	if (a->action == 0)
		bad_usage(NULL, NULL);
	if (a->action != 'l' && (a->initrd || a->cmdline || a->reuse))
		bad_usage("%s", "--initrd and the command line go with -l");
	if (a->cmdline != NULL && a->reuse)
		bad_usage("%s", "--command-line and -c exclude each other");
}

/* The running kernel's command line, for -c. */
static char *
current_cmdline(void)
{
	FILE *f = fopen("/proc/cmdline", "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (f == NULL)
		die_errno("/proc/cmdline");
	n = getline(&line, &cap, f);
	fclose(f);
	if (n < 0)
		die("/proc/cmdline: empty");
	line[strcspn(line, "\n")] = '\0';
	return line;
}

static void
check_readable(const char *file)
{
	struct stat st;
	int fd = open(file, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st) < 0)
		die_errno("%s", file);
	close(fd);
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		die_errno("%s", file);
	}
}

/* FILE as an absolute path, without resolving links: the list names files as
 * the directory shows them (vmlinuz, not what it links to). Malloc'd. */
static char *
absolute(const char *file)
{
	char cwd[4096];

	if (file[0] == '/')
		return xstrdup(file);
	if (getcwd(cwd, sizeof cwd) == NULL)
		die_errno("getcwd");
	return path_join(cwd, file);
}

/* The signed list is the one in the kernel's directory (named as the user
 * named the kernel, for messages); the initrd is named relative to it. */
static void
load(const struct args *a)
{
	char *dir = xstrdup(a->kernel), *slash = strrchr(dir, '/'), *list, *sig, *iname = NULL;
	const char *kname = slash ? strrchr(a->kernel, '/') + 1 : a->kernel;
	int r;

	if (slash == NULL)
		strcpy(dir, ".");
	else
		slash[slash == dir] = '\0';
	list = path_join(dir, BOOT_LIST);
	sig = path_join(dir, BOOT_SIG);
	if (a->initrd != NULL) {
		char *d = absolute(dir), *i = absolute(a->initrd);

		iname = rel_path(d, i);
		free(d), free(i);
	}
	r = boot_load_files(a->kernel, kname, a->initrd != NULL, &a->initrd, &iname, a->cmdline, list, sig, NULL);
	if (r == -1)
		exit(1);
	if (r < 0)
		die("loading %s: %s", a->kernel, kexec_error(errno));
	free(dir), free(list), free(sig), free(iname);
}

int
main(int argc, char *argv[])
{
	struct args a;
	char *line = NULL;

	cmd_setname(argv[0]);
	if (argc > 1 && strcmp(argv[1], "--help") == 0) {
		printf("usage: %s\n", usage);
		return cmd_exit();
	}
	memset(&a, 0, sizeof a);
	parse(argc, argv, &a);
	if (a.action == 'u') {
		if (kexec_unload() < 0)
			die_errno("unloading");
		return 0;
	}
	if (a.action == 'e') {
		sync();
		reboot(RB_KEXEC);
		if (errno == EINVAL)
			die("no kernel loaded (kexec -l first)");
		die_errno("reboot");
	}
	check_readable(a.kernel);
	if (a.initrd != NULL)
		check_readable(a.initrd);
	if (a.reuse)
		a.cmdline = line = current_cmdline();
	load(&a);
	free(line);
	return 0;
}
