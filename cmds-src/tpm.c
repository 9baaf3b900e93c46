/* tpm - read and extend TPM 2.0 PCRs (SHA-256 bank), show and replay the event log */
#include "cmd.h"
#include "io.h"
#include "num.h"
#include "sha256.h"
#include "tpm2.h"

static const char usage[] =
    "tpm [-d DEVICE] [-l LOG] pcrread [PCR...] | extend PCR FILE | extend PCR -s STRING | log | replay\n"
    "  DEVICE: a TPM device (default /dev/tpmrm0, else /dev/tpm0) or the UNIX socket of a\n"
    "  simulator's command channel (swtpm socket --tpm2 --server type=unixio,path=SOCKET)\n"
    "  LOG: the event log, default " TPM2_EVENTS;

static struct tpm2 tpm;
static const char *device, *events = TPM2_EVENTS;

static void
tpm_open(void)
{
	if (tpm2_open(&tpm, device) < 0)
		die("%s", tpm.err);
	tpm.events = events;
}

static int
parse_pcr(const char *s)
{
	unsigned long long v;

	if (parse_uint(s, TPM2_PCRS - 1, &v) < 0)
		die("%s: not a PCR (0-%d)", s, TPM2_PCRS - 1);
	return v;
}

static void
put_hex(const unsigned char d[32])
{
	for (int i = 0; i < 32; i++)
		printf("%02x", d[i]);
}

static int
pcrread(int argc, char **argv)
{
	unsigned char pcr[TPM2_PCRS][32];
	int *list = xmalloc((argc + TPM2_PCRS) * sizeof *list), n = 0;
	uint32_t mask = 0;

	for (int i = 0; i < argc; i++)
		list[n++] = parse_pcr(argv[i]);
	if (argc == 0)
		for (; n < TPM2_PCRS; n++)
			list[n] = n;
	for (int i = 0; i < n; i++)
		mask |= 1u << list[i];
	tpm_open();
	if (tpm2_pcr_read(&tpm, mask, pcr) < 0)
		die("%s", tpm.err);
	for (int i = 0; i < n; i++) {
		printf("%d: ", list[i]);
		put_hex(pcr[list[i]]);
		putchar('\n');
	}
	free(list);
	return 0;
}

static void
hash_file(const char *path, unsigned char d[32])
{
	FILE *f = fopen_in(path);
	struct sha256 s;
	char buf[65536];
	size_t n;

	if (!f)
		die_errno("%s", path);
	sha256_init(&s);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sha256_update(&s, buf, n);
	if (ferror(f))
		die_errno("%s", path);
	fclose_in(f);
	sha256_final(&s, d);
}

static int
extend(int argc, char **argv)
{
	unsigned char d[32];
	const char *desc;
	int pcr;

	if (argc == 3 && strcmp(argv[1], "-s") == 0) {
		struct sha256 s;

		sha256_init(&s);
		sha256_update(&s, argv[2], strlen(argv[2]));
		sha256_final(&s, d);
		desc = argv[2];
	} else if (argc == 2 && strcmp(argv[1], "-s") != 0) {
		hash_file(argv[1], d);
		desc = argv[1];
	} else
		return -1;
	pcr = parse_pcr(argv[0]);
	tpm_open();
	if (tpm2_measure(&tpm, pcr, d, desc) < 0)
		die("%s", tpm.err);
	return 0;
}

static FILE *
open_log(void)
{
	FILE *f = fopen(events, "re");

	if (!f)
		die_errno("%s", events);
	return f;
}

static int
show_log(void)
{
	FILE *f = open_log();

	fflush(stdout);
	if (copy_fd(fileno(f), STDOUT_FILENO) < 0)
		die_errno("%s", events);
	fclose(f);
	return 0;
}

/* 64 hex digits, then a blank or the end of the line. */
static int
unhex(const char *s, unsigned char d[32])
{
	if (hex_bytes(s, d, 32) < 0)
		return -1;
	return s[64] == ' ' || s[64] == '\n' || s[64] == 0 ? 0 : -1;
}

/* One log line: "PCR HEX description"; PCR and the digest go into *PCR and D. */
static int
parse_line(char *line, int *pcr, unsigned char d[32])
{
	char *sp = strchr(line, ' ');
	unsigned long long v;

	if (!sp)
		return -1;
	*sp = 0;
	if (parse_uint(line, TPM2_PCRS - 1, &v) < 0 || unhex(sp + 1, d) < 0)
		return -1;
	*pcr = v;
	return 0;
}

/* Each PCR the log names, computed from zeros as the TPM extends it. */
static uint32_t
replay_log(unsigned char want[TPM2_PCRS][32])
{
	FILE *f = open_log();
	char *line = NULL;
	size_t cap = 0;
	unsigned long no = 0;
	uint32_t mask = 0;

	memset(want, 0, TPM2_PCRS * 32);
	while (getline(&line, &cap, f) > 0) {
		struct sha256 s;
		unsigned char d[32];
		int pcr;

		no++;
		if (parse_line(line, &pcr, d) < 0)
			die("%s:%lu: not a line \"PCR SHA256HEX description\"", events, no);
		sha256_init(&s);
		sha256_update(&s, want[pcr], 32);
		sha256_update(&s, d, 32);
		sha256_final(&s, want[pcr]);
		mask |= 1u << pcr;
	}
	if (ferror(f))
		die_errno("%s", events);
	free(line);
	fclose(f);
	return mask;
}

static int
replay(void)
{
	unsigned char want[TPM2_PCRS][32], have[TPM2_PCRS][32];
	uint32_t mask = replay_log(want);

	if (!mask)
		return 0;
	tpm_open();
	if (tpm2_pcr_read(&tpm, mask, have) < 0)
		die("%s", tpm.err);
	for (int i = 0; i < TPM2_PCRS; i++) {
		if (!(mask >> i & 1))
			continue;
		if (memcmp(want[i], have[i], 32) == 0) {
			printf("%d: ok\n", i);
			continue;
		}
		printf("%d: MISMATCH log ", i);
		put_hex(want[i]);
		printf(" tpm ");
		put_hex(have[i]);
		putchar('\n');
		cmd_status = 1;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *sub;
	int c, r = -1, n;

	device = NULL;		/* a second run in one process starts afresh */
	events = TPM2_EVENTS;
	while ((c = opt_next(&o, "+d:l:")) != -1) {
		if (c == 'd')
			device = o.arg;
		else if (c == 'l')
			events = o.arg;
		else
			die_usage(&o);
	}
	if (o.ind == argc)
		die_usage(&o);
	sub = argv[o.ind++];
	n = argc - o.ind;
	if (strcmp(sub, "pcrread") == 0)
		r = pcrread(n, argv + o.ind);
	else if (strcmp(sub, "extend") == 0)
		r = extend(n, argv + o.ind);
	else if (strcmp(sub, "log") == 0 && n == 0)
		r = show_log();
	else if (strcmp(sub, "replay") == 0 && n == 0)
		r = replay();
	if (r < 0)
		die_usage(&o);
	tpm2_close(&tpm);
	return cmd_exit();
}
