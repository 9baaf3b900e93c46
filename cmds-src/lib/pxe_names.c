/* pxe_names.c - the pxelinux.cfg/ names pxelinux tries, and the boot files that mean pxelinux */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <arpa/inet.h>
#include "err.h"
#include "pxelinux.h"

int
pxe_bootfile(const char *url)
{
	size_t n = strcspn(url, "?#");

	return n >= 10 && strncasecmp(url + n - 10, "pxelinux.0", 10) == 0;
}

/* hhhhhhhh-hhhh-hhhh-hhhh-hhhhhhhhhhhh, in lower case; NULL if S is not one. */
static char *
uuid_name(const char *s)
{
	char *u;

	if (strlen(s) != 36)
		return NULL;
	for (int i = 0; i < 36; i++)
		if ((i == 8 || i == 13 || i == 18 || i == 23) ? s[i] != '-' : !isxdigit((unsigned char)s[i]))
			return NULL;
	u = xstrdup(s);
	for (char *p = u; *p; p++)
		*p = tolower((unsigned char)*p);
	return u;
}

/* "01-" (ARP's type for Ethernet) and aa-bb-cc-dd-ee-ff from "aa:bb:cc:dd:ee:ff". */
static char *
mac_name(const char *s)
{
	char *m;

	if (strlen(s) != 17)
		return NULL;
	for (int i = 0; i < 17; i++)
		if (i % 3 == 2 ? s[i] != ':' : !isxdigit((unsigned char)s[i]))
			return NULL;
	m = xmalloc(21);
	strcpy(m, "01-");
	for (int i = 0; i < 17; i++)
		m[3 + i] = s[i] == ':' ? '-' : tolower((unsigned char)s[i]);
	m[20] = '\0';
	return m;
}

int
pxe_names(char *names[PXE_NAMES_MAX], const char *uuid, const char *mac, const char *ip)
{
	struct in_addr a;
	char hex[9];
	int n = 0;

	if (uuid != NULL && (names[n] = uuid_name(uuid)) != NULL)
		n++;
	if (mac != NULL && (names[n] = mac_name(mac)) != NULL)
		n++;
	if (ip != NULL && inet_pton(AF_INET, ip, &a) == 1) {
		snprintf(hex, sizeof hex, "%08X", (unsigned)ntohl(a.s_addr));
		for (int len = 8; len >= 1; len--) {
			names[n] = xmalloc(len + 1);
			memcpy(names[n], hex, len);
			names[n++][len] = '\0';
		}
	}
	names[n++] = xstrdup("default");
	return n;
}
