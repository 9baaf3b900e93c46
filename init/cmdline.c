/* cmdline.c - the kernel command line, as PID 1 reads it */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "init.h"

/* Split into words in place; double quotes group, as the kernel's parser does.
 * MAX is never reached for a buffer of CMDLINE_MAX bytes; if it were, the words
 * so far are kept and -1 says some were dropped. */
static int
split(char *buf, char **words, int max)
{
	char *p = buf, *w;
	int n = 0, quoted;

	while (*p != '\0') {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (*p == '\0')
			break;
		if (n == max) {
			words[n] = NULL;
			return -1;
		}
		words[n++] = w = p;
		for (quoted = 0; *p != '\0' && (quoted || (*p != ' ' && *p != '\t' && *p != '\n')); p++) {
			if (*p == '"')
				quoted = !quoted;
			else
				*w++ = *p;
		}
		if (*p != '\0')
			p++;
		*w = '\0';
	}
	words[n] = NULL;
	return n;
}

static int
add_modules(struct cmdline *c, char *list)
{
	for (char *m = strtok(list, ","); m != NULL; m = strtok(NULL, ",")) {
		if (c->nmodules == CMDLINE_WORDS)
			return -1;
		c->modules[c->nmodules++] = m;
	}
	return 0;
}

int
cmdline_parse(const char *text, struct cmdline *c)
{
	char *words[CMDLINE_WORDS + 1];
	int n, i, r = 0;

	memset(c, 0, sizeof *c);
	strncpy(c->buf, text, sizeof c->buf - 1);
	if (strlen(text) >= sizeof c->buf)
		r = -1;
	if ((n = split(c->buf, words, CMDLINE_WORDS)) < 0) {
		r = -1;
		for (n = 0; words[n] != NULL; n++)
			;
	}
	for (i = 0; i < n && strcmp(words[i], "--") != 0; i++) {
		if (strncmp(words[i], "uinit=", 6) == 0)
			c->uinit = words[i] + 6;
		else if (strncmp(words[i], "TERM=", 5) == 0)
			c->term = words[i] + 5;
		else if (strcmp(words[i], "init.verbose") == 0 || strcmp(words[i], "init.verbose=1") == 0)
			c->verbose = 1;
		else if (strcmp(words[i], "init.precompile") == 0 || strcmp(words[i], "init.precompile=1") == 0)
			c->precompile = 1;
		else if (strncmp(words[i], "modules_load=", 13) == 0 && add_modules(c, words[i] + 13) < 0)
			r = -1;
	}
	for (i++; i < n; i++) {
		if (c->nargs == CMDLINE_WORDS)
			return -1;	/* cannot happen: as many slots as words */
		c->args[c->nargs++] = words[i];
	}
	return r;
}

int
cmdline_read(const char *path, struct cmdline *c)
{
	char text[CMDLINE_MAX];
	ssize_t n = -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		n = read(fd, text, sizeof text - 1);
		close(fd);
	}
	text[n > 0 ? n : 0] = '\0';
	if (cmdline_parse(text, c) < 0)
		say(1, "kernel command line too long; some of it ignored");
	return n > 0 ? 0 : -1;
}
