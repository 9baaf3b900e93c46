/*
 * fuzz_cmdline - libFuzzer harness: init's kernel command line parser on
 * arbitrary text. Every word it hands out lies inside its buffer and holds
 * no quote (quotes group blanks into a word), the lists are NULL-ended, and
 * parsing is repeatable.
 */
#include <stdlib.h>
#include <string.h>
#include "init.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void
check_word(const struct cmdline *c, const char *w)
{
	size_t n;

	if (w < c->buf || w >= c->buf + sizeof c->buf)
		abort();
	n = strnlen(w, c->buf + sizeof c->buf - w);
	if (w + n == c->buf + sizeof c->buf)
		abort();
	if (strchr(w, '"') != NULL)
		abort();
}

static void
check_list(const struct cmdline *c, char *const *v, int n, const char *sep)
{
	if (n < 0 || n > CMDLINE_WORDS || v[n] != NULL)
		abort();
	for (int i = 0; i < n; i++) {
		check_word(c, v[i]);
		if (strpbrk(v[i], sep) != NULL)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct cmdline a, b;
	char *text = malloc(size + 1);
	int ra, rb;

	memcpy(text, data, size);
	text[size] = '\0';
	ra = cmdline_parse(text, &a);
	if (ra != 0 && ra != -1)
		abort();
	if (a.uinit != NULL)
		check_word(&a, a.uinit);
	if (a.term != NULL)
		check_word(&a, a.term);
	check_list(&a, a.args, a.nargs, "");
	check_list(&a, a.modules, a.nmodules, ",");
	/* Nothing of the last call leaks into the next. */
	rb = cmdline_parse(text, &b);
	if (rb != ra || a.nargs != b.nargs || a.nmodules != b.nmodules || a.verbose != b.verbose ||
	    a.precompile != b.precompile || (a.uinit == NULL) != (b.uinit == NULL) ||
	    (a.uinit != NULL && strcmp(a.uinit, b.uinit) != 0))
		abort();
	for (int i = 0; i < a.nargs; i++)
		if (strcmp(a.args[i], b.args[i]) != 0)
			abort();
	free(text);
	return 0;
}
