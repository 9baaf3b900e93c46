/* test_pxelinux.c - netboot's pxelinux: the names tried under pxelinux.cfg/,
 * the boot files that mean pxelinux, paths made URLs, and a config fetched
 * (from a fake server: a table of URLs) into the entry netboot boots. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pxelinux.h"

static void
names_are(const char *uuid, const char *mac, const char *ip, const char *const want[], int nwant)
{
	char *got[PXE_NAMES_MAX];
	int n = pxe_names(got, uuid, mac, ip);

	assert_int_equal(n, nwant);
	for (int i = 0; i < n; i++) {
		assert_string_equal(got[i], want[i]);
		free(got[i]);
	}
}

static void
names_in_pxelinux_order(void **state)
{
	static const char *const want[] = { "b8945908-d6a6-41a9-611d-74a6ab80b83d",
		"01-88-99-aa-bb-cc-dd", "C0A8025B", "C0A8025", "C0A802", "C0A80", "C0A8", "C0A",
		"C0", "C", "default" };

	(void)state;
	names_are("B8945908-D6A6-41A9-611D-74A6AB80B83D", "88:99:AA:BB:CC:DD", "192.168.2.91", want, 11);
}

static void
names_skip_what_is_unknown_or_malformed(void **state)
{
	static const char *const only_default[] = { "default" };
	static const char *const ip_only[] = { "0A0000FD", "0A0000F", "0A0000", "0A000", "0A00", "0A0",
		"0A", "0", "default" };
	static const char *const mac_only[] = { "01-52-54-00-12-34-56", "default" };

	(void)state;
	names_are(NULL, NULL, NULL, only_default, 1);
	names_are("not-a-uuid", "52:54:00:12:34", "192.168.2", only_default, 1);
	names_are("b8945908-d6a6-41a9-611d-74a6ab80b83dX", "52-54-00-12-34-56", "::1", only_default, 1);
	names_are(NULL, NULL, "10.0.0.253", ip_only, 9);
	names_are(NULL, "52:54:00:12:34:56", "", mac_only, 2);
}

static void
bootfile_names_pxelinux(void **state)
{
	(void)state;
	assert_true(pxe_bootfile("http://10.0.0.1/tftp/pxelinux.0"));
	assert_true(pxe_bootfile("http://10.0.0.1/lpxelinux.0"));
	assert_true(pxe_bootfile("http://10.0.0.1/boot/GPXELINUX.0?arch=x86#f"));
	assert_false(pxe_bootfile("http://10.0.0.1/boot/vmlinuz"));
	assert_false(pxe_bootfile("http://10.0.0.1/pxelinux.0/vmlinuz"));
	assert_false(pxe_bootfile("http://10.0.0.1/pxelinux.cfg/default"));
	assert_false(pxe_bootfile("0"));
}

static void
path_is(const char *written, const char *want)
{
	char *got = pxe_path("http://10.0.0.1:8080/tftp/x86/", written);

	assert_string_equal(got, want);
	free(got);
}

static void
paths_resolve_as_pxelinux_does(void **state)
{
	(void)state;
	path_is("vmlinuz", "http://10.0.0.1:8080/tftp/x86/vmlinuz");
	path_is("debian/../images/initrd.gz", "http://10.0.0.1:8080/tftp/x86/images/initrd.gz");
	path_is("/images/vmlinuz", "http://10.0.0.1:8080/images/vmlinuz");
	path_is("::images/vmlinuz", "http://10.0.0.1:8080/images/vmlinuz");
	path_is("10.0.0.9::/k/vmlinuz", "http://10.0.0.9/k/vmlinuz");
	path_is("http://mirror.example/k", "http://mirror.example/k");
	path_is("a/b::c", "http://10.0.0.1:8080/tftp/x86/a/b::c");
}

/* The fake server: URL -> body; every URL asked for is noted, in order. */
struct page {
	const char *url, *body;
	int err;		/* the fetch fails with this errno */
};
struct server {
	const struct page *pages;
	char asked[8192];
};

static char *
fake_get(void *ctx, const char *url, size_t *len)
{
	struct server *s = ctx;

	if (strlen(s->asked) + strlen(url) + 2 > sizeof s->asked)
		fail_msg("asked for too much: %s", url);
	strcat(strcat(s->asked, url), "\n");
	for (const struct page *p = s->pages; p->url; p++)
		if (strcmp(p->url, url) == 0) {
			if (p->err) {
				errno = p->err;
				return NULL;
			}
			*len = strlen(p->body);
			return strdup(p->body);
		}
	errno = ENOENT;
	return NULL;
}

#define BASE "http://10.9.3.1/tftp/"
#define CFG BASE "pxelinux.cfg/"

static char *
config(struct server *s, struct sx_list *l, const char *ip)
{
	struct pxe_fetch f = { s, fake_get };
	char *names[PXE_NAMES_MAX], *url;
	int n = pxe_names(names, NULL, "52:54:00:12:34:56", ip);

	url = pxe_config(l, BASE, names, n, &f);
	for (int i = 0; i < n; i++)
		free(names[i]);
	return url;
}

static void
first_config_that_exists_wins(void **state)
{
	static const struct page pages[] = {
		{ CFG "C0A802", "SAY subnet\nDEFAULT install\nTIMEOUT 50\n"
		  "LABEL local\n  LOCALBOOT 0\n"
		  "LABEL install\n  MENU LABEL ^Install\n  KERNEL debian/linux\n"
		  "  APPEND initrd=debian/initrd.gz,/fw/firmware.cpio auto=true priority=critical\n"
		  "  INITRD extra.cpio\n"
		  "LABEL rescue\n  LINUX ::rescue/vmlinuz\n", 0 },
		{ CFG "default", "DEFAULT never\n", 0 },
		{ NULL, NULL, 0 },
	};
	struct server s = { pages, "" };
	struct sx_list l;
	char *url = config(&s, &l, "192.168.2.91");
	const struct sx_entry *e;

	(void)state;
	assert_non_null(url);
	assert_string_equal(url, CFG "C0A802");
	assert_string_equal(s.asked, CFG "01-52-54-00-12-34-56\n" CFG "C0A8025B\n" CFG "C0A8025\n" CFG "C0A802\n");
	assert_int_equal(l.n, 2);	/* LOCALBOOT is no entry */
	assert_int_equal(pxe_choose(&l), 0);
	e = &l.e[0];
	assert_string_equal(e->name, "install");
	assert_string_equal(e->title, "Install");
	assert_string_equal(e->kernel, BASE "debian/linux");
	assert_int_equal(e->ninitrd, 3);
	assert_string_equal(e->initrd[0], BASE "debian/initrd.gz");
	assert_string_equal(e->initrd[1], "http://10.9.3.1/fw/firmware.cpio");
	assert_string_equal(e->initrd[2], BASE "extra.cpio");
	assert_string_equal(e->cmdline, "initrd=debian/initrd.gz,/fw/firmware.cpio auto=true priority=critical");
	assert_string_equal(e->config, CFG "C0A802");
	assert_int_equal(e->line, 6);
	assert_string_equal(l.e[1].kernel, "http://10.9.3.1/rescue/vmlinuz");
	assert_int_equal(l.timeout, 50);
	free(url);
	sx_list_free(&l);
}

static void
default_and_include_from_base(void **state)
{
	static const struct page pages[] = {
		{ CFG "default", "INCLUDE common.cfg\nMENU INCLUDE pxelinux.cfg/more.cfg\nAPPEND console=ttyS0\n", 0 },
		{ BASE "common.cfg", "LABEL a\n KERNEL a.krn\n", 0 },
		{ CFG "more.cfg", "LABEL b\n LINUX b\n MENU DEFAULT\n", 0 },
		{ NULL, NULL, 0 },
	};
	struct server s = { pages, "" };
	struct sx_list l;
	char *url = config(&s, &l, NULL);
	int c;

	(void)state;
	assert_string_equal(url, CFG "default");
	assert_string_equal(s.asked, CFG "01-52-54-00-12-34-56\n" CFG "default\n" BASE "common.cfg\n"
	    CFG "more.cfg\n");
	assert_int_equal(l.n, 2);
	c = pxe_choose(&l);
	assert_int_equal(c, 1);
	assert_string_equal(l.e[c].kernel, BASE "b");
	assert_string_equal(l.e[c].cmdline, "console=ttyS0");	/* the global APPEND */
	assert_int_equal(l.e[c].ninitrd, 0);
	free(url);
	sx_list_free(&l);
}

static void
ontimeout_wins_then_default_then_first(void **state)
{
	static const struct page with_ontimeout[] = {
		{ CFG "default", "DEFAULT a\nONTIMEOUT c\nLABEL a\n LINUX a\nLABEL b\n LINUX b\n"
		  "LABEL c\n LINUX c\n", 0 },
		{ NULL, NULL, 0 },
	};
	static const struct page with_default_line[] = {
		{ CFG "default", "DEFAULT k/vmlinuz quiet\nAPPEND ro\nLABEL a\n LINUX a\n", 0 },
		{ NULL, NULL, 0 },
	};
	static const struct page with_none[] = {
		{ CFG "default", "LABEL x\n COM32 menu.c32\nLABEL a\n LINUX a\nLABEL b\n LINUX b\n", 0 },
		{ NULL, NULL, 0 },
	};
	static const struct page with_nothing[] = {
		{ CFG "default", "LABEL x\n LOCALBOOT -1\n", 0 },
		{ NULL, NULL, 0 },
	};
	struct server s1 = { with_ontimeout, "" }, s2 = { with_default_line, "" },
	    s3 = { with_none, "" }, s4 = { with_nothing, "" };
	struct sx_list l;
	char *url;

	(void)state;
	free(config(&s1, &l, NULL));
	assert_int_equal(l.def, 0);
	assert_string_equal(l.e[pxe_choose(&l)].name, "c");
	sx_list_free(&l);
	free(config(&s2, &l, NULL));
	assert_int_equal(pxe_choose(&l), 1);
	assert_string_equal(l.e[1].kernel, BASE "k/vmlinuz");
	assert_string_equal(l.e[1].cmdline, "quiet ro");
	sx_list_free(&l);
	free(config(&s3, &l, NULL));
	assert_string_equal(l.e[pxe_choose(&l)].name, "a");
	sx_list_free(&l);
	url = config(&s4, &l, NULL);
	assert_non_null(url);
	assert_int_equal(pxe_choose(&l), -1);
	free(url);
	sx_list_free(&l);
}

static void
a_failed_fetch_stops_the_search(void **state)
{
	static const struct page failing[] = {
		{ CFG "0A00", NULL, EIO },
		{ CFG "default", "LABEL a\n LINUX a\n", 0 },
		{ NULL, NULL, 0 },
	};
	static const struct page empty[] = { { NULL, NULL, 0 } };
	struct server s = { failing, "" }, none = { empty, "" };
	struct sx_list l;

	(void)state;
	memset(&l, 0, sizeof l);
	assert_null(config(&s, &l, "10.0.0.1"));
	assert_int_equal(errno, EIO);
	assert_string_equal(s.asked, CFG "01-52-54-00-12-34-56\n" CFG "0A000001\n" CFG "0A00000\n"
	    CFG "0A0000\n" CFG "0A000\n" CFG "0A00\n");
	assert_int_equal(l.n, 0);
	assert_null(config(&none, &l, NULL));
	assert_int_equal(errno, ENOENT);
	assert_string_equal(none.asked, CFG "01-52-54-00-12-34-56\n" CFG "default\n");
}

/* Each file including itself twice would be 2^16 fetches; 64 INCLUDEs in all are read. */
static void
includes_are_bounded(void **state)
{
	static const struct page pages[] = {
		{ CFG "default", "INCLUDE x\nLABEL a\n LINUX a\n", 0 },
		{ BASE "x", "INCLUDE x\nINCLUDE x\n", 0 },
		{ NULL, NULL, 0 },
	};
	static struct server s = { pages, "" };	/* static: large */
	struct sx_list l;
	int n = 0;

	(void)state;
	free(config(&s, &l, NULL));
	for (const char *p = s.asked; (p = strstr(p, BASE "x\n")) != NULL; p++)
		n++;
	assert_int_equal(n, 64);
	assert_int_equal(l.n, 1);
	sx_list_free(&l);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_in_pxelinux_order),
		cmocka_unit_test(names_skip_what_is_unknown_or_malformed),
		cmocka_unit_test(bootfile_names_pxelinux),
		cmocka_unit_test(paths_resolve_as_pxelinux_does),
		cmocka_unit_test(first_config_that_exists_wins),
		cmocka_unit_test(default_and_include_from_base),
		cmocka_unit_test(ontimeout_wins_then_default_then_first),
		cmocka_unit_test(a_failed_fetch_stops_the_search),
		cmocka_unit_test(includes_are_bounded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
