/*
 * fuzz_sed - libFuzzer harness: sed scripts on arbitrary bytes, run over a
 * small fixed text. The first byte picks options (-n, -E, -s, -z); the rest,
 * to a NUL, is the script. Files it names (r, w) stay in the working
 * directory, a scratch one: a name with a slash cannot be opened.
 */
#include <stdio.h>
static inline FILE *sandboxed_fopen(const char *name, const char *mode);
#define fopen sandboxed_fopen
/*
 * Scripts may loop or grow for ever: a budget of commands and bytes. The
 * bytes are few because glibc's regexec (this harness's; the image has
 * musl's, which reads the string as it matches) measures the rest of the
 * line on every call, so a global s over N bytes that matches everywhere
 * costs N*N here: at 1 MiB one input ran for minutes.
 */
static unsigned long steps;
#define SED_STEP() \
	do { \
		if (++steps > 20000 || ps.len + hs.len > (16 << 10)) \
			die("fuzz: over budget"); \
	} while (0)
#define main sed_main
#include "../../../cmds-src/sed.c"
#undef main
#undef fopen
#include "../lib/incmd.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char text[] = "one\ntwo\nthree\n\nfoo bar  baz\n\t x\\y/z\nlast";

	(void)argc, (void)argv;
	incmd_file("text", text, sizeof text - 1);
	return 0;
}

/*
 * glibc's regcomp (this harness's; the image has musl's) takes exponential
 * time on stacked repetitions ("a+++++++") and big counts ("a{999}{999}"):
 * such scripts are skipped, as they test glibc, not sed.
 */
static int
glibc_slow(const char *s)
{
	for (size_t i = 0, rep = 0, digits = 0; s[i] != '\0'; i++) {
		rep = strchr("+*?}", s[i]) ? rep + 1 : 0;
		digits = isdigit((unsigned char)s[i]) ? digits + 1 : 0;
		if (rep >= 3 || (digits == 3 && i >= 3 && strchr("{,", s[i - 3]) != NULL))
			return 1;
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const char *flags[] = { "-n", "-E", "-s", "-z" };
	char *argv[10], *script;
	int argc = 0;

	if (size == 0)
		return 0;
	script = malloc(size);
	memcpy(script, data + 1, size - 1);
	script[size - 1] = '\0';
	if (glibc_slow(script)) {
		free(script);
		return 0;
	}
	argv[argc++] = "sed";
	for (int i = 0; i < 4; i++)
		if (data[0] & 1 << i)
			argv[argc++] = (char *)flags[i];
	argv[argc++] = "-e";
	argv[argc++] = script;
	argv[argc++] = "text";
	argv[argc++] = data[0] & 0x10 ? "text" : "-";
	argv[argc] = NULL;
	steps = 0;
	incmd_run(sed_main, argc, argv);
	free(script);
	return 0;
}
