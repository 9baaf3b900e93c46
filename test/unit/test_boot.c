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
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
