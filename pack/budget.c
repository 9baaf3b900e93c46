/* budget.c - parse sizes and pick the image mode for a flash budget */
#include <stdio.h>
#include <string.h>
#include "budget.h"

int
flash_size(const char *s, unsigned long long *bytes)
{
	unsigned long long n = 0, unit = 1;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (n > (~0ULL - 9) / 10)
			return -1;
		n = n * 10 + (*p - '0');
	}
	if (*p == 'K' || *p == 'k')
		unit = 1024, p++;
	else if (*p == 'M' || *p == 'm')
		unit = 1024 * 1024, p++;
	if (*p != '\0' || n > ~0ULL / unit)
		return -1;
	*bytes = n * unit;
	return 0;
}

int
flash_mode(const char *s, enum mode *m)
{
	if (s == NULL || *s == '\0')
		*m = MODE_NONE;
	else if (strcmp(s, "source") == 0)
		*m = MODE_SOURCE;
	else if (strcmp(s, "multicall") == 0)
		*m = MODE_MULTICALL;
	else
		return -1;
	return 0;
}

enum mode
choose(unsigned long long source, unsigned long long multicall,
    unsigned long long kernel, unsigned long long budget, enum mode forced,
    char *why, unsigned long whylen)
{
	const char *k = kernel ? " + kernel" : "";
	int src_fits = source + kernel <= budget, mc_fits = multicall + kernel <= budget;

	if (forced == MODE_SOURCE ? src_fits : forced == MODE_MULTICALL ? mc_fits : 0) {
		snprintf(why, whylen, "%s mode (forced): image%s is %llu bytes, within the budget of %llu",
		    forced == MODE_SOURCE ? "source" : "multicall", k,
		    (forced == MODE_SOURCE ? source : multicall) + kernel, budget);
		return forced;
	}
	if (forced == MODE_NONE && src_fits) {
		snprintf(why, whylen, "source mode: source image%s is %llu bytes, within the budget of %llu",
		    k, source + kernel, budget);
		return MODE_SOURCE;
	}
	if (forced == MODE_NONE && mc_fits) {
		snprintf(why, whylen, "multicall mode: source image%s is %llu bytes, over the budget of %llu; "
		    "multicall%s is %llu", k, source + kernel, budget, k, multicall + kernel);
		return MODE_MULTICALL;
	}
	snprintf(why, whylen, "%s: source%s %llu bytes, multicall%s %llu bytes, budget %llu bytes",
	    forced == MODE_NONE ? "no image fits the flash" :
	    forced == MODE_SOURCE ? "source image does not fit the flash" :
	    "multicall image does not fit the flash",
	    k, source + kernel, k, multicall + kernel, budget);
	return MODE_NONE;
}
