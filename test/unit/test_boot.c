/* test_boot.c - boot's GRUB parser over several file systems: search by UUID,
 * label and file picks the one an entry's kernel is read from. (The golden
 * cases in test/bootcfg see one file system, given with -r, that has no UUID.) */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "boot.h"
#include "disk.h"

static char esp_dir[] = "/tmp/test_boot.esp.XXXXXX";
static char root_dir[] = "/tmp/test_boot.root.XXXXXX";
static struct bfs fs[2] = {
	{ esp_dir, "vda1", "4C2E-91F0", "ESP" },
	{ root_dir, "vda2", "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "rootfs" },
};
static const struct bfs_set all = { fs, 2 };

static int
setup(void **state)
{
	FILE *f;
	char p[128];

	(void)state;
	if (mkdtemp(esp_dir) == NULL || mkdtemp(root_dir) == NULL)
		return -1;
	snprintf(p, sizeof p, "%s/only-on-root", root_dir);
	if ((f = fopen(p, "w")) == NULL)
		return -1;
	return fclose(f);
}

static int
teardown(void **state)
{
	char p[128];

	(void)state;
	snprintf(p, sizeof p, "%s/only-on-root", root_dir);
	unlink(p);
	rmdir(root_dir);
	rmdir(esp_dir);
	return 0;
}

/* Parse TEXT as the ESP's /EFI/debian/grub.cfg. */
static void
parse(struct blist *l, const char *text)
{
	memset(l, 0, sizeof *l);
	l->timeout = -1;
	grub_parse(l, &all, &fs[0], "/EFI/debian/grub.cfg", text, strlen(text));
}

/* mkdir -p DIR/SUB and write TEXT into DIR/SUB/NAME. */
static void
put(const char *dir, const char *sub, const char *name, const char *text)
{
	char p[256];
	FILE *f;

	snprintf(p, sizeof p, "mkdir -p %s%s", dir, sub);
	assert_int_equal(system(p), 0);
	snprintf(p, sizeof p, "%s%s/%s", dir, sub, name);
	assert_non_null(f = fopen(p, "w"));
	fputs(text, f);
	fclose(f);
}

/* Debian on UEFI: the ESP's grub.cfg hands over to /boot's on the root file
 * system. Both give the entry; the one kept counts as read only /boot's
 * grub.cfg, which a SHA256SUMS beside the kernel can list. */
static void
alike_entry_keeps_the_configs_on_its_file_system(void **state)
{
	struct blist l = { 0 };
	const struct bentry *e;
	char rm[256];

	(void)state;
	put(esp_dir, "/EFI/debian", "grub.cfg",
	    "search --no-floppy --fs-uuid --set=root 0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d\n"
	    "configfile ($root)/boot/grub/grub.cfg\n");
	put(root_dir, "/boot/grub", "grub.cfg", "menuentry 'Debian' { linux /boot/vmlinuz quiet }\n");
	l.timeout = -1;
	collect(&l, &all, &fs[0]);
	assert_int_equal(l.n, 1);
	e = &l.e[0];
	assert_ptr_equal(e->fs, &fs[1]);
	assert_int_equal(e->reads_to - e->reads_from, 2);	/* the ESP's, then /boot's */
	collect(&l, &all, &fs[1]);
	assert_int_equal(l.n, 1);
	e = &l.e[0];
	assert_int_equal(e->reads_to - e->reads_from, 1);
	assert_ptr_equal(bfs_reads[e->reads_from].fs, &fs[1]);
	assert_string_equal(bfs_reads[e->reads_from].path, "/boot/grub/grub.cfg");
	blist_free(&l);
	snprintf(rm, sizeof rm, "rm -r %s/EFI %s/boot", esp_dir, root_dir);
	assert_int_equal(system(rm), 0);
}

static void
search_sets_root_by_uuid_label_and_file(void **state)
{
	static const char cfg[] =
	    "search --no-floppy --fs-uuid --set=root 0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D\n"
	    "menuentry 'by uuid' { linux /vmlinuz root=UUID=x; initrd /initrd.img }\n"
	    "search --no-floppy --label --set=root ESP\n"
	    "menuentry 'by label' { linux /EFI/k }\n"
	    "search --no-floppy --fs-uuid --set=root 0000-0000\n"
	    "menuentry 'no match keeps root' { linux /n }\n"
	    "search --file --set=root /only-on-root\n"
	    "menuentry 'by file' { linux /f }\n";
	struct blist l;

	(void)state;
	parse(&l, cfg);
	assert_int_equal(l.n, 4);
	assert_string_equal(l.e[0].title, "by uuid");
	assert_ptr_equal(l.e[0].fs, &fs[1]);
	assert_string_equal(l.e[0].kernel, "/vmlinuz");
	assert_int_equal(l.e[0].ninitrd, 1);
	assert_string_equal(l.e[0].initrd[0], "/initrd.img");
	assert_ptr_equal(l.e[1].fs, &fs[0]);
	assert_ptr_equal(l.e[2].fs, &fs[0]);
	assert_ptr_equal(l.e[3].fs, &fs[1]);
	blist_free(&l);
}

/* The forms grub-mkconfig writes inside an entry, and a variable other than root. */
static void
search_inside_entries_and_other_variables(void **state)
{
	static const char cfg[] =
	    "search.fs_uuid 0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d myroot\n"
	    "menuentry 'device prefix' { linux ($myroot)/boot/vmlinuz; initrd ($myroot)/boot/initrd }\n"
	    "menuentry 'own search' {\n"
	    "\tsearch --no-floppy --fs-uuid --set=root --hint-bios=hd0,gpt2 0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d\n"
	    "\tlinux /vmlinuz\n"
	    "}\n"
	    "menuentry 'root unchanged after' { linux /esp-kernel }\n"
	    "search.fs_label rootfs\n"
	    "menuentry 'search.fs_label sets root' { linux /k }\n";
	struct blist l;

	(void)state;
	parse(&l, cfg);
	assert_int_equal(l.n, 4);
	assert_ptr_equal(l.e[0].fs, &fs[1]);
	assert_string_equal(l.e[0].kernel, "/boot/vmlinuz");
	assert_string_equal(l.e[0].initrd[0], "/boot/initrd");
	assert_ptr_equal(l.e[1].fs, &fs[1]);
	assert_ptr_equal(l.e[2].fs, &fs[0]);
	assert_ptr_equal(l.e[3].fs, &fs[1]);
	blist_free(&l);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(search_sets_root_by_uuid_label_and_file),
		cmocka_unit_test(search_inside_entries_and_other_variables),
		cmocka_unit_test(alike_entry_keeps_the_configs_on_its_file_system),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
