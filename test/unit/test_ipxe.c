/* test_ipxe.c - lib/ipxe.c's scripts against fake operations that record
 * what they were asked: a log of fetches, DHCP runs, echoes and sleeps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ipxe.h"

/* The fake world: files by URL, and what happened. */
struct fake {
	const char *const *files;	/* URL, text, URL, text, ..., NULL */
	char log[4096];
	int fetches;
};

static void
note(struct fake *f, const char *what, const char *arg)
{
	size_t n = strlen(f->log);

	snprintf(f->log + n, sizeof f->log - n, "%s%s%s;", what, arg ? " " : "", arg ? arg : "");
}

static int
fake_fetch(void *ctx, const char *url, size_t max, char **text, size_t *len)
{
	struct fake *f = ctx;

	f->fetches++;
	note(f, "fetch", url);
	for (const char *const *p = f->files; p && *p; p += 2) {
		if (strcmp(*p, url) != 0)
			continue;
		*len = strlen(p[1]) < max ? strlen(p[1]) : max;
		*text = malloc(*len + 1);
		memcpy(*text, p[1], *len);
		return 0;
	}
	return -1;
}

static int
fake_dhcp(void *ctx, struct ipxe_env *env)
{
	note(ctx, "dhcp", NULL);
	return ipxe_set(env, "filename", "http://10.0.0.1/after-dhcp.ipxe");
}

static void
fake_echo(void *ctx, const char *text, int nl)
{
	note(ctx, nl ? "echo" : "echo-n", text);
}

static void
fake_sleep(void *ctx, unsigned s)
{
	char n[16];

	snprintf(n, sizeof n, "%u", s);
	note(ctx, "sleep", n);
}

/* Run TEXT as if fetched from URL with FILES to chain to; the result. */
static int
run(const char *text, const char *url, const char *const *files, struct fake *f, struct ipxe_env *env,
    struct ipxe_boot *b)
{
	struct ipxe_ops ops = { f, fake_fetch, fake_dhcp, fake_echo, fake_sleep };

	memset(f, 0, sizeof *f);
	f->files = files;
	return ipxe_run(text, strlen(text), url, env, &ops, b);
}

static void
plain_script(void **state)
{
	struct fake f;
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;

	(void)state;
	assert_int_equal(run("#!ipxe\n# a comment\ndhcp\nkernel http://h/vmlinuz console=ttyS0 quiet\n"
	    "initrd http://h/initrd.img\ninitrd http://h/extra.cpio\nboot\necho not reached\n",
	    "http://h/boot.ipxe", NULL, &f, &env, &b), 0);
	assert_string_equal(b.kernel, "http://h/vmlinuz");
	assert_string_equal(b.args, "console=ttyS0 quiet");
	assert_int_equal(b.ninitrd, 2);
	assert_string_equal(b.initrd[0], "http://h/initrd.img");
	assert_string_equal(b.initrd[1], "http://h/extra.cpio");
	assert_int_equal(b.fetched, 0);
	assert_string_equal(b.error, "");
	assert_string_equal(f.log, "dhcp;");
	ipxe_boot_free(&b);
	ipxe_env_free(&env);
}

static void
variables(void **state)
{
	struct fake f;
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;

	(void)state;
	ipxe_set(&env, "mac", "52:54:00:12:34:56");
	ipxe_set(&env, "ip", "10.0.0.50");
	ipxe_set(&env, "next-server", "10.0.0.1");
	assert_int_equal(run("#!ipxe\r\nset base http://${next-server}/boot\r\n"
	    "set args ip=${net0/ip} mac=${net0/mac:hexhyp}\r\n"
	    "echo -n ${nothing}[${unknown-var}]\r\necho base ${base} ${mac}\r\n"
	    "kernel ${base}/${netX/mac:hexhyp}/vmlinuz ${args} \\\r\n  root=/dev/nfs\r\nboot\r\n",
	    NULL, NULL, &f, &env, &b), 0);
	assert_string_equal(b.kernel, "http://10.0.0.1/boot/52-54-00-12-34-56/vmlinuz");
	assert_string_equal(b.args, "ip=10.0.0.50 mac=52-54-00-12-34-56 root=/dev/nfs");
	assert_string_equal(f.log, "echo-n [];echo base http://10.0.0.1/boot 52:54:00:12:34:56;");
	assert_string_equal(ipxe_get(&env, "net0/base"), "http://10.0.0.1/boot");
	ipxe_boot_free(&b);
	/* set with no value deletes */
	assert_int_equal(run("#!ipxe\nset base\nisset ${base} || kernel http://h/k\nboot\n", NULL, NULL, &f, &env,
	    &b), 0);
	assert_null(ipxe_get(&env, "base"));
	ipxe_boot_free(&b);
	ipxe_env_free(&env);
}

static void
relative_urls(void **state)
{
	struct fake f;
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;

	(void)state;
	assert_int_equal(run("#!ipxe\nkernel vmlinuz a=1\ninitrd ../initrd.img\ninitrd /abs/x.cpio\n"
	    "initrd --name extra http://other/y.cpio\nboot\n", "http://h/boot/x.ipxe", NULL, &f, &env, &b), 0);
	assert_string_equal(b.kernel, "http://h/boot/vmlinuz");
	assert_string_equal(b.args, "a=1");
	assert_int_equal(b.ninitrd, 3);
	assert_string_equal(b.initrd[0], "http://h/initrd.img");
	assert_string_equal(b.initrd[1], "http://h/abs/x.cpio");
	assert_string_equal(b.initrd[2], "http://other/y.cpio");
	ipxe_boot_free(&b);
}

static void
goto_loops(void **state)
{
	struct fake f;
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;

	(void)state;
	/* a loop that ends */
	assert_int_equal(run("#!ipxe\nset n a\n:top\niseq ${n} aaa && goto done ||\nset n ${n}a\ngoto top\n"
	    ":done\necho ${n}\nkernel http://h/k\nboot\n", NULL, NULL, &f, &env, &b), 0);
	assert_string_equal(f.log, "echo aaa;");
	ipxe_boot_free(&b);
	/* one that does not */
	assert_int_equal(run("#!ipxe\n:loop\n\n  goto loop\n", NULL, NULL, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 4: goto: more than 1000 jumps");
	assert_null(b.kernel);
	/* an unknown label is a failure || catches */
	assert_int_equal(run("#!ipxe\ngoto host_${hostname} || goto unknown\n:host_x\nexit\n:unknown\n"
	    "kernel http://h/k\nboot\n", NULL, NULL, &f, &env, &b), 0);
	ipxe_boot_free(&b);
	assert_int_equal(run("#!ipxe\ngoto nowhere\n", NULL, NULL, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 2: goto: nowhere: no such label");
	ipxe_env_free(&env);
}

static const char *const world[] = {
	"http://h/menu.ipxe", "#!ipxe\necho in menu\ninitrd initrd.img\nchain kernels/vmlinuz console=tty0\n",
	"http://h/kernels/vmlinuz", "\x7f" "ELF not a script",
	"http://h/sub/ret.ipxe", "#!ipxe\necho returning\nexit\n",
	"http://h/sub/fail.ipxe", "#!ipxe\nisset ${nope}\n",
	"http://h/self.ipxe", "#!ipxe\nchain self.ipxe\n",
	"http://h/big.ipxe", "#!ipxe\n",
	NULL,
};

static void
chain_script_and_kernel(void **state)
{
	struct fake f;
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;

	(void)state;
	assert_int_equal(run("#!ipxe\nchain sub/ret.ipxe\nchain menu.ipxe\n", "http://h/boot.ipxe", world, &f,
	    &env, &b), 0);
	assert_string_equal(f.log, "fetch http://h/sub/ret.ipxe;echo returning;fetch http://h/menu.ipxe;"
	    "echo in menu;fetch http://h/kernels/vmlinuz;");
	assert_string_equal(b.kernel, "http://h/kernels/vmlinuz");
	assert_string_equal(b.args, "console=tty0");
	assert_int_equal(b.fetched, 1);
	assert_int_equal(b.ninitrd, 1);
	assert_string_equal(b.initrd[0], "http://h/initrd.img");
	ipxe_boot_free(&b);
	/* a chained script's failure is the chain's: || catches it */
	assert_int_equal(run("#!ipxe\nchain http://h/sub/fail.ipxe || echo caught\nchain http://h/gone || "
	    "kernel http://h/k\nboot\n", NULL, world, &f, &env, &b), 0);
	assert_string_equal(f.log, "fetch http://h/sub/fail.ipxe;echo caught;fetch http://h/gone;");
	assert_int_equal(b.fetched, 0);
	ipxe_boot_free(&b);
	/* and if not caught, the message names the chained script's line */
	assert_int_equal(run("#!ipxe\nchain http://h/sub/fail.ipxe\n", NULL, world, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: http://h/sub/fail.ipxe: line 2: isset: not set");
	assert_int_equal(run("#!ipxe\nchain http://h/gone\n", NULL, world, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 2: chain: http://h/gone: fetch failed");
}

static void
chain_limits(void **state)
{
	struct fake f;
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;
	char *big = malloc(IPXE_SCRIPT_MAX + 2);
	const char *files[] = { "http://h/big.ipxe", big, NULL };

	(void)state;
	assert_int_equal(run("#!ipxe\nchain http://h/self.ipxe\n", NULL, world, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: http://h/self.ipxe: line 2: chain: scripts chained more than 8 deep");
	assert_int_equal(f.fetches, 9);
	/* 33 chains, each to a script that returns */
	assert_int_equal(run("#!ipxe\nset n x\n:again\nchain sub/ret.ipxe\nset n ${n}x\ngoto again\n", "http://h/",
	    world, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 4: chain: more than 32 chains");
	assert_int_equal(f.fetches, 32);
	/* a chained script longer than the limit */
	memset(big, '\n', IPXE_SCRIPT_MAX + 1);
	memcpy(big, "#!ipxe", 6);
	big[IPXE_SCRIPT_MAX + 1] = '\0';
	assert_int_equal(run("#!ipxe\nchain big.ipxe\n", "http://h/x", files, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: http://h/big.ipxe: line 1: script: longer than 65536 bytes");
	free(big);
	ipxe_env_free(&env);
}

static void
unsupported_command(void **state)
{
	struct fake f;
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;

	(void)state;
	assert_int_equal(run("#!ipxe\ndhcp\nkernel http://h/k\n\n# trust\n\nimgtrust --permanent\nboot\n", NULL,
	    NULL, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 7: imgtrust: unsupported command");
	assert_null(b.kernel);
	assert_string_equal(f.log, "dhcp;");
	/* not even || goes past it, and the terminal gets no escape sequence */
	assert_int_equal(run("#!ipxe\nsanboot\e[2J iscsi:x || echo no\n", NULL, NULL, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 2: sanboot\\x1b[2J: unsupported command");
	assert_string_equal(f.log, "");
	/* the end of a script without boot, exit, a failing command */
	assert_int_equal(run("#!ipxe\nkernel http://h/k\n", NULL, NULL, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 2: script: ended without booting");
	assert_int_equal(run("#!ipxe\nexit\nboot\n", NULL, NULL, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 2: exit: ended without booting");
	assert_int_equal(run("#!ipxe\nboot\n", NULL, NULL, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 2: boot: no kernel to boot");
	assert_int_equal(run("#!ipxe\nsleep forever\n", NULL, NULL, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 2: sleep: not a number of seconds up to 3600");
}

static void
not_a_script(void **state)
{
	struct fake f;
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;

	(void)state;
	assert_int_equal(run("\x7f" "ELF...", NULL, NULL, &f, &env, &b), 1);
	assert_int_equal(run("#!ipxeX\nboot\n", NULL, NULL, &f, &env, &b), 1);
	assert_int_equal(run(" #!ipxe\nboot\n", NULL, NULL, &f, &env, &b), 1);
	assert_int_equal(run("", NULL, NULL, &f, &env, &b), 1);
	assert_null(b.kernel);
	assert_int_equal(ipxe_run("#!ipxe\nkernel x\0\nboot\n", 20, NULL, &env, &(struct ipxe_ops){ 0 }, &b), -1);
	assert_string_equal(b.error, "ipxe: line 2: script: holds a NUL byte");
}

static void
initrd_limit(void **state)
{
	struct fake f;
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;
	char script[2048] = "#!ipxe\nkernel http://h/k\n";

	(void)state;
	for (int i = 0; i < IPXE_INITRDS; i++)
		sprintf(script + strlen(script), "initrd http://h/i%d\n", i);
	assert_int_equal(run(strcat(script, "boot\n"), NULL, NULL, &f, &env, &b), 0);
	assert_int_equal(b.ninitrd, 16);
	assert_string_equal(b.initrd[15], "http://h/i15");
	ipxe_boot_free(&b);
	strcpy(strstr(script, "boot\n"), "initrd http://h/one-more\nboot\n");
	assert_int_equal(run(script, NULL, NULL, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 19: initrd: more than 16 initrds");
	assert_int_equal(b.ninitrd, 0);
}

static void
conditions(void **state)
{
	struct fake f;
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;

	(void)state;
	ipxe_set(&env, "hostname", "node7");
	assert_int_equal(run("#!ipxe\n"
	    "isset ${hostname} && echo has-host || echo no-host\n"
	    "isset ${nope} && echo has-nope || echo no-nope\n"
	    "iseq ${hostname} node7 && echo eq ; echo always\n"
	    "iseq ${hostname} node8 && echo eq8 ||\n"
	    "isset ${filename} || dhcp\n"
	    "isset ${filename} || echo still-none\n"
	    "sleep 2\n"
	    "iseq ${filename} http://10.0.0.1/after-dhcp.ipxe && kernel ${filename} ||\n"
	    "boot\n", NULL, NULL, &f, &env, &b), 0);
	assert_string_equal(f.log, "echo has-host;echo no-nope;echo eq;echo always;dhcp;sleep 2;");
	assert_string_equal(b.kernel, "http://10.0.0.1/after-dhcp.ipxe");
	ipxe_boot_free(&b);
	/* a failure without || ends the script, and says which */
	assert_int_equal(run("#!ipxe\nisset ${hostname}\niseq a b && echo x\nboot\n", NULL, NULL, &f, &env, &b), -1);
	assert_string_equal(b.error, "ipxe: line 3: iseq: not equal");
	assert_string_equal(f.log, "");
	ipxe_env_free(&env);
}

static void
env_limits(void **state)
{
	struct ipxe_env env = { 0 };
	char name[16], big[IPXE_VALUE_MAX + 2];

	(void)state;
	for (int i = 0; i < IPXE_VARS; i++) {
		snprintf(name, sizeof name, "v%d", i);
		assert_int_equal(ipxe_set(&env, name, "x"), 0);
	}
	assert_int_equal(ipxe_set(&env, "one-more", "x"), -1);
	assert_int_equal(ipxe_set(&env, "v3", "replaced"), 0);
	assert_string_equal(ipxe_get(&env, "net0/v3"), "replaced");
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	assert_int_equal(ipxe_set(&env, "v4", big), -1);
	big[IPXE_VALUE_MAX] = '\0';
	assert_int_equal(ipxe_set(&env, "v4", big), 0);
	assert_int_equal(ipxe_set(&env, "v5", NULL), 0);
	assert_int_equal(ipxe_set(&env, "one-more", "x"), 0);
	assert_int_equal(env.n, IPXE_VARS);
	ipxe_env_free(&env);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(plain_script),
		cmocka_unit_test(variables),
		cmocka_unit_test(relative_urls),
		cmocka_unit_test(goto_loops),
		cmocka_unit_test(chain_script_and_kernel),
		cmocka_unit_test(chain_limits),
		cmocka_unit_test(unsupported_command),
		cmocka_unit_test(not_a_script),
		cmocka_unit_test(initrd_limit),
		cmocka_unit_test(conditions),
		cmocka_unit_test(env_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
