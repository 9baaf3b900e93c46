/* seeds - write a few DHCP replies, plain and in IPv4/UDP, as seeds for fuzz_dhcp */
#include "cmd.h"

static unsigned char pkt[600];
static size_t len;

static void
reply(int type)
{
	static const unsigned char cookie[4] = { 99, 130, 83, 99 };

	memset(pkt, 0, sizeof pkt);
	pkt[0] = 2;
	pkt[1] = 1;
	pkt[2] = 6;
	memcpy(pkt + 4, "\x12\x34\x56\x78", 4);
	memcpy(pkt + 16, "\x0a\x00\x02\x0f", 4);
	memcpy(pkt + 20, "\x0a\x00\x02\x02", 4);
	memcpy(pkt + 28, "\x52\x54\x00\x12\x34\x56", 6);
	memcpy(pkt + 236, cookie, 4);
	len = 240;
	pkt[len++] = 53;
	pkt[len++] = 1;
	pkt[len++] = type;
}

static void
opt(int code, const void *v, size_t n)
{
	pkt[len++] = code;
	pkt[len++] = n;
	memcpy(pkt + len, v, n);
	len += n;
}

static void
save(const char *dir, const char *name, int wrap)
{
	unsigned char frame[700], t;
	char path[4096];
	size_t n = len;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((f = fopen(path, "w")) == NULL)
		die_errno("%s", path);
	if (wrap) {
		n = dhcp_ip_wrap(frame, sizeof frame, pkt, len);
		t = frame[21], frame[21] = frame[23], frame[23] = t;	/* 68->67 becomes 67->68 */
		fwrite(frame, 1, n, f);
	} else {
		fwrite(pkt, 1, n, f);
	}
	fclose(f);
}

int
main(int argc, char *argv[])
{
	const char *dir = argc > 1 ? argv[1] : ".";

	cmd_setname(argv[0]);
	reply(DHCP_OFFER);
	opt(54, "\x0a\x00\x02\x02", 4);
	opt(1, "\xff\xff\xff\x00", 4);
	opt(3, "\x0a\x00\x02\x02", 4);
	opt(6, "\x0a\x00\x02\x03\x0a\x00\x02\x04", 8);
	opt(15, "example.test", 12);
	opt(51, "\x00\x01\x51\x80", 4);
	opt(67, "vmlinuz", 7);
	opt(66, "tftp.example.test", 17);
	pkt[len++] = 255;
	save(dir, "offer", 0);
	save(dir, "offer-frame", 1);
	reply(DHCP_ACK);
	opt(54, "\x0a\x00\x02\x02", 4);
	opt(52, "\x03", 1);
	pkt[len++] = 255;
	memcpy(pkt + 108, "\x01\x04\xff\xff\x00\x00\x0c\x03" "box\xff", 12);
	memcpy(pkt + 44, "\x43\x04" "boot\x0f\x02" "ex\x0f\x02" ".t\xff", 15);
	len = 300;
	save(dir, "ack-overload", 0);
	reply(DHCP_NAK);
	opt(54, "\x0a\x00\x02\x02", 4);
	opt(56, "address in use", 14);
	pkt[len++] = 255;
	save(dir, "nak", 0);
	reply(DHCP_ACK);
	opt(54, "\x0a\x00\x02\x02", 4);
	memcpy(pkt + 108, "pxelinux.0", 10);
	memcpy(pkt + 44, "server", 6);
	opt(12, "host", 4);
	opt(12, "name", 4);
	pkt[len++] = 0;
	pkt[len++] = 255;
	save(dir, "ack-fields", 0);
	return 0;
}
