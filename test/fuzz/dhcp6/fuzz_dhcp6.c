/* fuzz_dhcp6 - libFuzzer harness: dhcp6_parse and dhcp6_build on arbitrary bytes */
#include "../lib/text.h"
#include "dhcp6.h"
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* The seeds' client: DUID-LL of 52:54:00:00:06:02, IAID 1538. */
static const unsigned char duid[] = { 0, 3, 0, 1, 0x52, 0x54, 0, 0, 6, 2 };

static void
check(const unsigned char *p, size_t n, const struct dhcp6_msg *m)
{
	struct dhcp6_reply r;

	if (dhcp6_parse(p, n, m, &r) < 0) {
		if (r.error[0] == '\0' || strnlen(r.error, sizeof r.error) == sizeof r.error)
			abort();
		return;
	}
	if ((r.type != DHCP6_ADVERTISE && r.type != DHCP6_REPLY) || r.xid != m->xid)
		abort();
	if (r.type == DHCP6_REPLY && m->type == DHCP6_SOLICIT && !r.rapid)
		abort();
	if (r.server_id_len == 0 || r.server_id_len > sizeof r.server_id || r.ndns < 0 || r.ndns > 3)
		abort();
	if (r.has_addr && (r.valid == 0 || r.preferred > r.valid || r.ia_status != 0))
		abort();
	check_text(r.bootfile_url, sizeof r.bootfile_url, 1);
	check_text(r.bootfile_param, sizeof r.bootfile_param, 1);
	check_text(r.message, sizeof r.message, 1);
	/* Another transaction's is refused. */
	struct dhcp6_msg other = *m;
	other.xid ^= 1;
	if (dhcp6_parse(p, n, &other, &r) == 0)
		abort();
}

/* A REQUEST naming the server ID S, turned into a REPLY, parses with that server ID. */
static void
round_trip(const unsigned char *s, size_t n, struct dhcp6_msg m)
{
	unsigned char buf[512];
	struct dhcp6_reply r;
	size_t len;

	m.type = DHCP6_REQUEST;
	m.server_id = s;
	m.server_id_len = n > DHCP6_DUID_MAX ? DHCP6_DUID_MAX : n;
	if ((len = dhcp6_build(buf, sizeof buf, &m)) == 0)
		abort();
	buf[0] = DHCP6_REPLY;
	if (dhcp6_parse(buf, len, &m, &r) < 0) {
		if (m.server_id_len != 0)
			abort();
		return;
	}
	if (r.server_id_len != m.server_id_len || memcmp(r.server_id, s, r.server_id_len) != 0 || r.has_addr)
		abort();
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct dhcp6_msg m;

	memset(&m, 0, sizeof m);
	m.duid = duid, m.duid_len = sizeof duid, m.iaid = 1538;
	/* The message's own ID, so that the rest of it is read. */
	m.xid = size >= 4 ? (uint32_t)data[1] << 16 | data[2] << 8 | data[3] : 0;
	m.type = DHCP6_SOLICIT, m.rapid = 1;
	check(data, size, &m);
	m.rapid = 0;
	check(data, size, &m);
	m.type = DHCP6_REQUEST;
	check(data, size, &m);
	round_trip(data, size, m);
	return 0;
}
