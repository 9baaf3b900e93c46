/* instream.c - the operands read as one stream, for od and hexdump */
#define _GNU_SOURCE 1
#include <string.h>
#include <sys/stat.h>
#include "err.h"
#include "io.h"
#include "dump.h"

int
instream_next(struct instream *in)
{
	for (;;) {
		if (in->fp != NULL) {
			if (ferror(in->fp))
				warn_errno("%s", in->name);
			fclose_in(in->fp);
			in->fp = NULL;
		}
		if (in->next >= in->nfiles)
			return 0;
		in->name = in->files[in->next++];
		if ((in->fp = fopen_in(in->name)) != NULL)
			return 1;
		warn_errno("%s", in->name);
	}
}

/* Whole regular files are passed over by their size, the rest by reading. */
unsigned long long
instream_skip(struct instream *in)
{
	char buf[65536];
	struct stat st;
	size_t r;

	while (in->skip > 0 && (in->fp != NULL || instream_next(in))) {
		if (fstat(fileno(in->fp), &st) == 0 && S_ISREG(st.st_mode)) {
			if ((unsigned long long)st.st_size <= in->skip) {
				in->skip -= st.st_size;
				instream_next(in);
				continue;
			}
			if (fseeko(in->fp, (off_t)in->skip, SEEK_CUR) == 0) {
				in->skip = 0;
				break;
			}
		}
		r = fread(buf, 1, in->skip < sizeof buf ? in->skip : sizeof buf, in->fp);
		in->skip -= r;
		if (r == 0 && !instream_next(in))
			break;
	}
	return in->skip;
}

size_t
instream_read(struct instream *in, unsigned char *buf, size_t want)
{
	size_t n = 0;

	if (in->limited && in->left < want)
		want = in->left;
	while (n < want && (in->fp != NULL || instream_next(in))) {
		n += fread(buf + n, 1, want - n, in->fp);
		if (n < want && !instream_next(in))
			break;
	}
	in->left -= n;
	return n;
}

const char *
byte_c(int c, char tmp[8])
{
	static const char esc[] = "\a\b\f\n\r\t\v", name[] = "abfnrtv";
	const char *p;

	if (c == 0)
		return "\\0";
	if ((p = memchr(esc, c, sizeof esc - 1)) != NULL)
		snprintf(tmp, 8, "\\%c", name[p - esc]);
	else if (c >= 32 && c < 127)
		tmp[0] = c, tmp[1] = '\0';
	else
		snprintf(tmp, 8, "%03o", c);
	return tmp;
}
