/* fuzz_dhcp - libFuzzer harness: dhcp_parse and dhcp_ip_unwrap on arbitrary bytes */
#include "../lib/text.h"
#include "dhcp.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void
check_lease(const unsigned char *p, size_t n)
{
	struct dhcp_lease l;

	if (dhcp_parse(p, n, &l) < 0) {
		if (l.error[0] == '\0' || strnlen(l.error, sizeof l.error) == sizeof l.error)
			abort();
		return;
	}
	if (l.type != DHCP_OFFER && l.type != DHCP_ACK && l.type != DHCP_NAK)
		abort();
	if (l.ndns < 0 || l.ndns > 3)
		abort();
	if (l.type != DHCP_NAK && (l.ip == 0 || l.prefix < 0 || l.prefix > 32))
		abort();
	if (l.type == DHCP_OFFER && l.server == 0)
		abort();
	check_text(l.hostname, sizeof l.hostname, 1);
	check_text(l.domain, sizeof l.domain, 1);
	check_text(l.tftp, sizeof l.tftp, 1);
	check_text(l.bootfile, sizeof l.bootfile, 1);
	check_text(l.message, sizeof l.message, 1);
}

/* Wrapped, then turned into a reply (ports swapped: the checksums stay right), it unwraps to itself. */
static void
round_trip(const unsigned char *p, size_t n)
{
	static unsigned char frame[70000];
	const unsigned char *q;
	unsigned char t;
	size_t m, len = dhcp_ip_wrap(frame, sizeof frame, p, n);

	if (len == 0) {
		if (n <= 65535 - 28)
			abort();
		return;
	}
	t = frame[20], frame[20] = frame[22], frame[22] = t;
	t = frame[21], frame[21] = frame[23], frame[23] = t;
	q = dhcp_ip_unwrap(frame, len, &m, 1);
	if (q == NULL || m != n || memcmp(q, p, n) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	const unsigned char *p;
	size_t n;

	check_lease(data, size);
	if ((p = dhcp_ip_unwrap(data, size, &n, size > 0 && (data[size - 1] & 1))) != NULL) {
		if (p < data || n > size || p + n > data + size)
			abort();
		check_lease(p, n);
	}
	round_trip(data, size);
	return 0;
}
