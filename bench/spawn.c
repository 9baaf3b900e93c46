/*
 * spawn - time whole program runs, alternating between candidates.
 *   spawn [-r ROOT] [-n RUNS] [-u PATH]... -- CMD1 ARGS ; CMD2 ARGS ; ...
 * chroots to ROOT once, then runs each command RUNS times round-robin with
 * stdout on /dev/null, unlinking every PATH before each run (cold caches),
 * and prints "median_us<TAB>max_rss_kib<TAB>command" per candidate.
 * Interleaving keeps a noisy machine's drift from favouring either side.
 */
#define _GNU_SOURCE
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static char *unlinks[16];
static int nunlinks;

static double
run_once(char **argv, posix_spawn_file_actions_t *fa, long *rss)
{
	struct rusage ru;
	double t0;
	pid_t pid;
	int st;

	for (int i = 0; i < nunlinks; i++)
		unlink(unlinks[i]);
	t0 = now_us();

	if (posix_spawn(&pid, argv[0], fa, NULL, argv, environ) != 0) {
		perror(argv[0]);
		exit(1);
	}
	wait4(pid, &st, 0, &ru);
	if (ru.ru_maxrss > *rss)
		*rss = ru.ru_maxrss;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fprintf(stderr, "spawn: %s failed\n", argv[0]);
		exit(1);
	}
	return now_us() - t0;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int
main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	char **cmd[16];
	double *t[16];
	long rss[16] = { 0 };
	int n = 0, runs = 200, i, j, c, null = open("/dev/null", O_WRONLY);

	while ((c = getopt(argc, argv, "r:n:u:")) != -1) {
		if (c == 'u' && nunlinks < 16)
			unlinks[nunlinks++] = optarg;
		if (c == 'r' && (chroot(optarg) < 0 || chdir("/") < 0)) {
			perror(optarg);
			return 1;
		}
		if (c == 'n')
			runs = atoi(optarg);
	}
	for (i = optind; i < argc && n < 16; n++) {
		cmd[n] = argv + i;
		while (i < argc && strcmp(argv[i], ";") != 0)
			i++;
		if (i < argc)
			argv[i++] = NULL;
		t[n] = calloc(runs, sizeof(double));
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, null, 1);	/* opened before chroot */
	for (j = 0; j < runs; j++)
		for (i = 0; i < n; i++)
			t[i][j] = run_once(cmd[i], &fa, &rss[i]);
	for (i = 0; i < n; i++) {
		qsort(t[i], runs, sizeof(double), cmp);
		printf("%.1f\t%ld\t", t[i][runs / 2], rss[i]);
		for (char **a = cmd[i]; *a; a++)
			printf("%s%s", *a, a[1] ? " " : "\n");
	}
	return 0;
}
