/* fuzz_ipxe.c - libFuzzer target for lib/ipxe.c: the input is a script run
 * from http://h/d/in.ipxe with fake operations. chain to a URL ending in
 * ".ipxe" fetches the input again, to one holding "tiny" a small script,
 * to anything else a kernel. Checks the result: a boot names a kernel, its
 * arguments and at most 16 initrds; a failure gives one printable line and
 * nothing to boot; "not a script" only without the #!ipxe line. */
#include "cmd.h"
#include "ipxe.h"

static const unsigned char *input;
static size_t input_len;
static int dhcps;

static int
fetch(void *ctx, const char *url, size_t max, char **text, size_t *len)
{
	static const char tiny[] = "#!ipxe\nset tiny ${tiny}x\ninitrd t.img\nexit\n";
	size_t n = strlen(url);
	const char *src = "\x7f" "ELF";

	(void)ctx;
	if (strstr(url, "fail") != NULL)
		return -1;
	if (n >= 5 && strcmp(url + n - 5, ".ipxe") == 0)
		src = (const char *)input, n = input_len;
	else if (strstr(url, "tiny") != NULL)
		src = tiny, n = sizeof tiny - 1;
	else
		n = 4;
	if (n > max)
		n = max;
	*text = xmalloc(n + 1);
	memcpy(*text, src, n);
	*len = n;
	return 0;
}

static int
dhcp(void *ctx, struct ipxe_env *env)
{
	(void)ctx;
	ipxe_set(env, "ip", "10.0.0.2");
	return dhcps++ % 2 ? -1 : 0;
}

static void
echo(void *ctx, const char *text, int nl)
{
	(void)ctx;
	if (text == NULL || (nl != 0 && nl != 1))
		abort();
}

static void
check(int rc, const struct ipxe_boot *b, const uint8_t *data, size_t size)
{
	if (rc == 0) {
		if (b->kernel == NULL || b->args == NULL || b->ninitrd < 0 || b->ninitrd > IPXE_INITRDS ||
		    b->error[0] != '\0' || strlen(b->args) > IPXE_ARGS_MAX)
			abort();
		for (int i = 0; i < b->ninitrd; i++)
			if (b->initrd[i] == NULL)
				abort();
	} else if (rc == -1) {
		if (b->kernel != NULL || b->ninitrd != 0 || strncmp(b->error, "ipxe: ", 6) != 0)
			abort();
		for (const char *p = b->error; *p; p++)
			if (*p < 0x20 || *p >= 0x7f)
				abort();
	} else if (rc != 1 || (size >= 7 && memcmp(data, "#!ipxe\n", 7) == 0)) {
		abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ipxe_ops ops = { NULL, fetch, dhcp, echo, NULL };
	struct ipxe_env env = { 0 };
	struct ipxe_boot b;
	int rc;

	input = data, input_len = size, dhcps = 0;
	ipxe_set(&env, "mac", "52:54:00:12:34:56");
	ipxe_set(&env, "filename", "http://h/boot.ipxe");
	rc = ipxe_run((const char *)data, size, "http://h/d/in.ipxe", &env, &ops, &b);
	check(rc, &b, data, size);
	if (rc == 0)
		ipxe_boot_free(&b);
	ipxe_env_free(&env);
	return 0;
}
