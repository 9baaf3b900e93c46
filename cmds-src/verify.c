/* verify - check a signed SHA256SUMS list, then files against it */
#include "cmd.h"
#include "sigcheck.h"

/*
 * SIG signs LIST (openssl dgst -sha256 -sign KEY.pem -out SIG LIST) under a
 * P-256 or RSA (2048 to 4096 bits) public key: KEYFILE, or any *.pem in KEYDIR
 * (default /etc/boot-keys). Then each FILE, a name as LIST writes it (read
 * from LIST's directory, as sha256sum -c would), must be listed with its
 * SHA-256; without FILEs, every file LIST names. An ECDSA signature of an
 * altered list reads as "no key verifies it": ECDSA cannot tell that from a
 * signature by another key (RSA can: "bad signature").
 */
static const char usage[] = "verify [-k KEYDIR|-K KEYFILE] LIST SIG [FILE...] (FILE: as LIST names it, in LIST's directory)";

/* Every name the list holds, checked in turn. */
static void
check_all(const struct siglist *l)
{
	const char *p = l->text, *end = l->text + l->len, *n;
	unsigned char hash[32];
	char name[4096], err[4200];
	size_t len;

	while (sumlist_next(&p, end, hash, &n, &len) == 1) {
		if (len >= sizeof name) {
			warn("%.*s...: name too long", 40, n);
			continue;
		}
		memcpy(name, n, len);
		name[len] = '\0';
		if (siglist_check(l, name, NULL, err, sizeof err) < 0)
			warn("%s", err);
	}
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *keys = NULL;
	struct siglist l;
	char err[4200];
	int c;

	while ((c = opt_next(&o, "k:K:")) != -1)
		if (c == 'k' || c == 'K')
			keys = o.arg;
		else
			die_usage(&o);
	if (argc - o.ind < 2)
		die_usage(&o);
	if (siglist_open(&l, keys, argv[o.ind], argv[o.ind + 1], err, sizeof err) < 0)
		die("%s", err);
	if (o.ind + 2 == argc)
		check_all(&l);
	for (int i = o.ind + 2; i < argc; i++)
		if (siglist_check(&l, argv[i], NULL, err, sizeof err) < 0)
			warn("%s", err);
	siglist_close(&l);
	return cmd_exit();
}
