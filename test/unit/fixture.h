/* fixture.h - what unit tests share to set up their files */
#ifndef FIXTURE_H
#define FIXTURE_H

/* (After cmocka.h and stdio.h.) PATH made to hold TEXT. */
static inline void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

#endif
