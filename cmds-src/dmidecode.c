/* dmidecode - the SMBIOS (DMI) table of the firmware, decoded */
#include "cmd.h"
#include "io.h"
#include "num.h"
#include "path.h"
#include "smbios.h"

static const char usage[] = "dmidecode [-t TYPE[,TYPE]...] [-s KEYWORD] [-d DIR]";

#define MAX_TABLE (1 << 20)	/* 3.x caps its length at 4 GB; real ones are a few KB */

static struct smbios ep;

/* -s KEYWORD: which string of which type, or a value decoded on its own. */
enum { S_STR, S_UUID, S_CHASSIS };
static const struct keyword {
	const char *name;
	unsigned char type, off, how;
} keywords[] = {
	{ "bios-vendor", 0, 4, S_STR }, { "bios-version", 0, 5, S_STR },
	{ "bios-release-date", 0, 8, S_STR },
	{ "system-manufacturer", 1, 4, S_STR }, { "system-product-name", 1, 5, S_STR },
	{ "system-version", 1, 6, S_STR }, { "system-serial-number", 1, 7, S_STR },
	{ "system-uuid", 1, 8, S_UUID }, { "system-sku-number", 1, 0x19, S_STR },
	{ "system-family", 1, 0x1a, S_STR },
	{ "baseboard-manufacturer", 2, 4, S_STR }, { "baseboard-product-name", 2, 5, S_STR },
	{ "baseboard-version", 2, 6, S_STR }, { "baseboard-serial-number", 2, 7, S_STR },
	{ "baseboard-asset-tag", 2, 8, S_STR },
	{ "chassis-manufacturer", 3, 4, S_STR }, { "chassis-type", 3, 5, S_CHASSIS },
	{ "chassis-version", 3, 6, S_STR }, { "chassis-serial-number", 3, 7, S_STR },
	{ "chassis-asset-tag", 3, 8, S_STR },
	{ "processor-manufacturer", 4, 7, S_STR }, { "processor-version", 4, 0x10, S_STR },
};

/* -t names, as dmidecode groups them. */
static const struct {
	const char *name;
	unsigned char types[6];
} groups[] = {
	{ "bios", { 0, 13 } }, { "system", { 1, 12, 15, 23, 32 } }, { "baseboard", { 2, 10, 41 } },
	{ "chassis", { 3 } }, { "processor", { 4 } }, { "memory", { 5, 6, 16, 17 } },
	{ "cache", { 7 } }, { "connector", { 8 } }, { "slot", { 9 } },
};

static const char *const type_names[] = {
	"BIOS Information", "System Information", "Base Board Information", "Chassis Information",
	"Processor Information", "Memory Controller Information", "Memory Module Information",
	"Cache Information", "Port Connector Information", "System Slot Information",
	"On Board Device Information", "OEM Strings", "System Configuration Options",
	"BIOS Language Information", "Group Associations", "System Event Log",
	"Physical Memory Array", "Memory Device", "32-bit Memory Error Information",
	"Memory Array Mapped Address", "Memory Device Mapped Address", "Built-in Pointing Device",
	"Portable Battery", "System Reset", "Hardware Security", "System Power Controls",
	"Voltage Probe", "Cooling Device", "Temperature Probe", "Electrical Current Probe",
	"Out-of-band Remote Access", "Boot Integrity Services Entry Point", "System Boot Information",
	"64-bit Memory Error Information", "Management Device", "Management Device Component",
	"Management Device Threshold Data", "Memory Channel", "IPMI Device Information",
	"System Power Supply", "Additional Information", "Onboard Device",
	"Management Controller Host Interface", "TPM Device", "Processor Additional Information",
	"Firmware Inventory Information", "String Property",
};

/* An enumeration's name: TABLE[V - FIRST], else "<OUT OF SPEC>" as dmidecode says. */
static const char *
pick(const char *const *table, size_t n, unsigned first, unsigned v)
{
	return v >= first && v - first < n && table[v - first] ? table[v - first] : "<OUT OF SPEC>";
}
#define PICK(table, first, v) pick(table, sizeof table / sizeof *table, first, v)

/* A string of S for people: "Not Specified" for none, dots for what cannot be shown. */
static void
put_str(const struct smbios_struct *s, const char *label, unsigned off)
{
	const char *v;

	if (off >= s->len)
		return;
	printf("\t%s: ", label);
	if (s->data[off] == 0)
		v = "Not Specified";
	else if ((v = smbios_string(s, s->data[off])) == NULL)
		v = "<BAD INDEX>";
	for (; *v; v++)
		putchar((unsigned char)*v < 0x20 || *v == 0x7f ? '.' : *v);
	putchar('\n');
}

/* Bytes in the biggest unit that holds them whole, as dmidecode shows sizes. */
static void
put_size(const char *label, unsigned long long kb)
{
	static const char *const unit[] = { "kB", "MB", "GB", "TB", "PB", "EB" };
	int u = 0;

	while (u < 5 && kb >= 1024 && kb % 1024 == 0)
		kb /= 1024, u++;
	printf("\t%s: %llu %s\n", label, kb, unit[u]);
}

/* The UUID, its first three fields little-endian from SMBIOS 2.6 on. */
static int
uuid_str(const unsigned char *p, char out[37])
{
	static const unsigned char le[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	int ff = 1, zero = 1, le_order = ep.major > 2 || (ep.major == 2 && ep.minor >= 6);
	char *o = out;

	for (int i = 0; i < 16; i++) {
		ff &= p[i] == 0xff;
		zero &= p[i] == 0;
	}
	if (ff || zero)
		return ff ? -1 : -2;
	for (int i = 0; i < 16; i++) {
		o += sprintf(o, "%02x", p[le_order ? le[i] : i]);
		if (i == 3 || i == 5 || i == 7 || i == 9)
			*o++ = '-';
	}
	return 0;
}

static void
put_uuid(const unsigned char *p)
{
	char u[37];
	int r = uuid_str(p, u);

	printf("\tUUID: %s\n", r == 0 ? u : r == -1 ? "Not Present" : "Not Settable");
}

static void
bios(const struct smbios_struct *s)
{
	const unsigned char *d = s->data;
	unsigned seg;

	put_str(s, "Vendor", 4);
	put_str(s, "Version", 5);
	put_str(s, "Release Date", 8);
	if (s->len < 0x12)
		return;
	if ((seg = smbios_word(d + 6)) != 0) {
		unsigned long run = (0x10000UL - seg) << 4;

		printf("\tAddress: 0x%04X0\n", seg);
		printf(run % 1024 ? "\tRuntime Size: %lu bytes\n" : "\tRuntime Size: %lu kB\n",
		    run % 1024 ? run : run / 1024);
	}
	if (d[9] == 0xff && s->len >= 0x1a) {
		unsigned ext = smbios_word(d + 0x18);

		put_size("ROM Size", (unsigned long long)(ext & 0x3fff) << ((ext >> 14) == 1 ? 20 : 10));
	} else
		put_size("ROM Size", (d[9] + 1ULL) * 64);
	if (s->len >= 0x18 && d[0x14] != 0xff)
		printf("\tBIOS Revision: %u.%u\n", d[0x14], d[0x15]);
	if (s->len >= 0x18 && d[0x16] != 0xff)
		printf("\tFirmware Revision: %u.%u\n", d[0x16], d[0x17]);
}

static void
sys(const struct smbios_struct *s)
{
	static const char *const wake[] = { "Reserved", "Other", "Unknown", "APM Timer",
		"Modem Ring", "LAN Remote", "Power Switch", "PCI PME#", "AC Power Restored" };

	put_str(s, "Manufacturer", 4);
	put_str(s, "Product Name", 5);
	put_str(s, "Version", 6);
	put_str(s, "Serial Number", 7);
	if (s->len < 0x19)
		return;
	put_uuid(s->data + 8);
	printf("\tWake-up Type: %s\n", PICK(wake, 0, s->data[0x18]));
	put_str(s, "SKU Number", 0x19);
	put_str(s, "Family", 0x1a);
}

static void
board(const struct smbios_struct *s)
{
	static const char *const feature[] = { "Board is a hosting board",
		"Board requires at least one daughter board", "Board is removable",
		"Board is replaceable", "Board is hot swappable" };
	static const char *const kind[] = { "Unknown", "Other", "Server Blade",
		"Connectivity Switch", "System Management Module", "Processor Module", "I/O Module",
		"Memory Module", "Daughter Board", "Motherboard", "Processor+Memory Module",
		"Processor+I/O Module", "Interconnect Board" };
	const unsigned char *d = s->data;

	put_str(s, "Manufacturer", 4);
	put_str(s, "Product Name", 5);
	put_str(s, "Version", 6);
	put_str(s, "Serial Number", 7);
	put_str(s, "Asset Tag", 8);
	if (s->len >= 0x0a) {
		printf(d[9] & 0x1f ? "\tFeatures:\n" : "\tFeatures: None\n");
		for (int i = 0; i < 5; i++)
			if (d[9] >> i & 1)
				printf("\t\t%s\n", feature[i]);
	}
	if (s->len < 0x0e)
		return;
	put_str(s, "Location In Chassis", 0x0a);
	printf("\tChassis Handle: 0x%04X\n", smbios_word(d + 0x0b));
	printf("\tType: %s\n", PICK(kind, 1, d[0x0d]));
	if (s->len >= 0x0f)
		printf("\tContained Object Handles: %u\n", d[0x0e]);
}

static const char *const chassis_types[] = { "Other", "Unknown", "Desktop",
	"Low Profile Desktop", "Pizza Box", "Mini Tower", "Tower", "Portable", "Laptop", "Notebook",
	"Hand Held", "Docking Station", "All In One", "Sub Notebook", "Space-saving", "Lunch Box",
	"Main Server Chassis", "Expansion Chassis", "Sub Chassis", "Bus Expansion Chassis",
	"Peripheral Chassis", "RAID Chassis", "Rack Mount Chassis", "Sealed-case PC",
	"Multi-system", "CompactPCI", "AdvancedTCA", "Blade", "Blade Enclosure", "Tablet",
	"Convertible", "Detachable", "IoT Gateway", "Embedded PC", "Mini PC", "Stick PC" };

static void
chassis(const struct smbios_struct *s)
{
	static const char *const state[] = { "Other", "Unknown", "Safe", "Warning", "Critical",
		"Non-recoverable" };
	static const char *const security[] = { "Other", "Unknown", "None",
		"External Interface Locked Out", "External Interface Enabled" };
	const unsigned char *d = s->data;

	put_str(s, "Manufacturer", 4);
	if (s->len < 9)
		return;
	printf("\tType: %s\n", PICK(chassis_types, 1, d[5] & 0x7f));
	printf("\tLock: %s\n", d[5] & 0x80 ? "Present" : "Not Present");
	put_str(s, "Version", 6);
	put_str(s, "Serial Number", 7);
	put_str(s, "Asset Tag", 8);
	if (s->len >= 0x0d) {
		printf("\tBoot-up State: %s\n", PICK(state, 1, d[9]));
		printf("\tPower Supply State: %s\n", PICK(state, 1, d[0x0a]));
		printf("\tThermal State: %s\n", PICK(state, 1, d[0x0b]));
		printf("\tSecurity Status: %s\n", PICK(security, 1, d[0x0c]));
	}
	if (s->len >= 0x11)
		printf("\tOEM Information: 0x%08lX\n", smbios_dword(d + 0x0d));
	if (s->len < 0x13)
		return;
	d[0x11] ? printf("\tHeight: %u U\n", d[0x11]) : printf("\tHeight: Unspecified\n");
	d[0x12] ? printf("\tNumber Of Power Cords: %u\n", d[0x12]) :
	    printf("\tNumber Of Power Cords: Unspecified\n");
	if (s->len >= 0x15) {
		unsigned sku = 0x15 + d[0x13] * d[0x14];

		printf("\tContained Elements: %u\n", d[0x13]);
		if (sku < s->len)
			put_str(s, "SKU Number", sku);
	}
}

/* A speed in MHz; 0 is unknown. */
static void
put_mhz(const char *label, unsigned v)
{
	v ? printf("\t%s: %u MHz\n", label, v) : printf("\t%s: Unknown\n", label);
}

static void
put_handle(const char *label, unsigned h)
{
	h == 0xffff ? printf("\t%s: Not Provided\n", label) : printf("\t%s: 0x%04X\n", label, h);
}

static const char *
cpu_family(const struct smbios_struct *s)
{
	static const struct { unsigned v; const char *name; } fam[] = {
		{ 1, "Other" }, { 2, "Unknown" }, { 0x0b, "Pentium" }, { 0x0f, "Celeron" },
		{ 0x18, "Core Duo" }, { 0x28, "Core 2 Duo" }, { 0x6b, "Zen" },
		{ 0xb3, "Xeon" }, { 0xc6, "Core i7" }, { 0xcd, "Core i5" }, { 0xce, "Core i3" },
		{ 0xcf, "Core i9" }, { 0x100, "ARMv7" }, { 0x101, "ARMv8" }, { 0x102, "ARMv9" },
		{ 0x200, "RISC-V RV32" }, { 0x201, "RISC-V RV64" }, { 0x202, "RISC-V RV128" },
		{ 0x258, "LoongArch" },
	};
	unsigned v = s->data[6];

	if (v == 0xfe && s->len >= 0x2a)
		v = smbios_word(s->data + 0x28);
	for (size_t i = 0; i < sizeof fam / sizeof *fam; i++)
		if (fam[i].v == v)
			return fam[i].name;
	return NULL;
}

static void
cpu_counts(const struct smbios_struct *s)
{
	static const char *const label[] = { "Core Count", "Core Enabled", "Thread Count" };
	const unsigned char *d = s->data;

	for (int i = 0; i < 3; i++) {
		unsigned v = d[0x23 + i];

		if (v == 0xff && s->len >= 0x30)
			v = smbios_word(d + 0x2a + 2 * i);
		if (v != 0)
			printf("\t%s: %u\n", label[i], v);
	}
}

static void
cpu(const struct smbios_struct *s)
{
	static const char *const kind[] = { "Other", "Unknown", "Central Processor",
		"Math Processor", "DSP Processor", "Video Processor" };
	static const char *const status[] = { "Unknown", "Enabled", "Disabled By User",
		"Disabled By BIOS", "Idle", NULL, NULL, "Other" };
	const unsigned char *d = s->data;
	const char *fam;

	put_str(s, "Socket Designation", 4);
	if (s->len < 0x1a)
		return;
	printf("\tType: %s\n", PICK(kind, 1, d[5]));
	(fam = cpu_family(s)) ? printf("\tFamily: %s\n", fam) : printf("\tFamily: 0x%02X\n", d[6]);
	put_str(s, "Manufacturer", 7);
	printf("\tID: %02X %02X %02X %02X %02X %02X %02X %02X\n", d[8], d[9], d[10], d[11], d[12],
	    d[13], d[14], d[15]);
	put_str(s, "Version", 0x10);
	if (d[0x11] & 0x80)
		printf("\tVoltage: %u.%u V\n", (d[0x11] & 0x7f) / 10, (d[0x11] & 0x7f) % 10);
	else
		printf("\tVoltage:%s%s%s%s\n", d[0x11] & 1 ? " 5.0 V" : "", d[0x11] & 2 ? " 3.3 V" : "",
		    d[0x11] & 4 ? " 2.9 V" : "", d[0x11] & 7 ? "" : " Unknown");
	put_mhz("External Clock", smbios_word(d + 0x12));
	put_mhz("Max Speed", smbios_word(d + 0x14));
	put_mhz("Current Speed", smbios_word(d + 0x16));
	if (d[0x18] & 0x40)
		printf("\tStatus: Populated, %s\n", PICK(status, 0, d[0x18] & 7));
	else
		printf("\tStatus: Unpopulated\n");
	if (s->len >= 0x20) {
		put_handle("L1 Cache Handle", smbios_word(d + 0x1a));
		put_handle("L2 Cache Handle", smbios_word(d + 0x1c));
		put_handle("L3 Cache Handle", smbios_word(d + 0x1e));
	}
	put_str(s, "Serial Number", 0x20);
	put_str(s, "Asset Tag", 0x21);
	put_str(s, "Part Number", 0x22);
	if (s->len >= 0x26)
		cpu_counts(s);
}

static void
put_error_handle(unsigned h)
{
	if (h == 0xfffe)
		printf("\tError Information Handle: Not Provided\n");
	else if (h == 0xffff)
		printf("\tError Information Handle: No Error\n");
	else
		printf("\tError Information Handle: 0x%04X\n", h);
}

static void
mem_array(const struct smbios_struct *s)
{
	static const char *const location[] = { "Other", "Unknown", "System Board Or Motherboard",
		"ISA Add-on Card", "EISA Add-on Card", "PCI Add-on Card", "MCA Add-on Card",
		"PCMCIA Add-on Card", "Proprietary Add-on Card", "NuBus" };
	static const char *const use[] = { "Other", "Unknown", "System Memory", "Video Memory",
		"Flash Memory", "Non-volatile RAM", "Cache Memory" };
	static const char *const ecc[] = { "Other", "Unknown", "None", "Parity",
		"Single-bit ECC", "Multi-bit ECC", "CRC" };
	const unsigned char *d = s->data;
	unsigned long max;

	if (s->len < 0x0f)
		return;
	printf("\tLocation: %s\n", PICK(location, 1, d[4]));
	printf("\tUse: %s\n", PICK(use, 1, d[5]));
	printf("\tError Correction Type: %s\n", PICK(ecc, 1, d[6]));
	if ((max = smbios_dword(d + 7)) == 0x80000000UL && s->len >= 0x17)
		put_size("Maximum Capacity", smbios_qword(d + 0x0f) / 1024);
	else if (max == 0x80000000UL)
		printf("\tMaximum Capacity: Unknown\n");
	else
		put_size("Maximum Capacity", max);
	put_error_handle(smbios_word(d + 0x0b));
	printf("\tNumber Of Devices: %u\n", smbios_word(d + 0x0d));
}

static void
put_width(const char *label, unsigned v)
{
	v == 0xffff || v == 0 ? printf("\t%s: Unknown\n", label) : printf("\t%s: %u bits\n", label, v);
}

static void
mem_size(const struct smbios_struct *s)
{
	unsigned v = smbios_word(s->data + 0x0c);

	if (v == 0)
		printf("\tSize: No Module Installed\n");
	else if (v == 0xffff)
		printf("\tSize: Unknown\n");
	else if (v == 0x7fff && s->len >= 0x20)
		put_size("Size", (smbios_dword(s->data + 0x1c) & 0x7fffffffULL) * 1024);
	else
		put_size("Size", v & 0x8000 ? v & 0x7fffULL : (v & 0x7fffULL) * 1024);
}

static void
mem_device(const struct smbios_struct *s)
{
	static const char *const form[] = { "Other", "Unknown", "SIMM", "SIP", "Chip", "DIP",
		"ZIP", "Proprietary Card", "DIMM", "TSOP", "Row Of Chips", "RIMM", "SODIMM", "SRIMM",
		"FB-DIMM", "Die" };
	static const char *const kind[] = { "Other", "Unknown", "DRAM", "EDRAM", "VRAM", "SRAM",
		"RAM", "ROM", "Flash", "EEPROM", "FEPROM", "EPROM", "CDRAM", "3DRAM", "SDRAM", "SGRAM",
		"RDRAM", "DDR", "DDR2", "DDR2 FB-DIMM", "Reserved", "Reserved", "Reserved", "DDR3",
		"FBD2", "DDR4", "LPDDR", "LPDDR2", "LPDDR3", "LPDDR4", "Logical non-volatile device",
		"HBM", "HBM2", "DDR5", "LPDDR5", "HBM3" };
	const unsigned char *d = s->data;

	if (s->len < 0x15)
		return;
	printf("\tArray Handle: 0x%04X\n", smbios_word(d + 4));
	put_error_handle(smbios_word(d + 6));
	put_width("Total Width", smbios_word(d + 8));
	put_width("Data Width", smbios_word(d + 0x0a));
	mem_size(s);
	printf("\tForm Factor: %s\n", PICK(form, 1, d[0x0e]));
	d[0x0f] == 0 ? printf("\tSet: None\n") : d[0x0f] == 0xff ? printf("\tSet: Unknown\n") :
	    printf("\tSet: %u\n", d[0x0f]);
	put_str(s, "Locator", 0x10);
	put_str(s, "Bank Locator", 0x11);
	printf("\tType: %s\n", PICK(kind, 1, d[0x12]));
	if (s->len >= 0x17)
		smbios_word(d + 0x15) ? printf("\tSpeed: %u MT/s\n", smbios_word(d + 0x15)) :
		    printf("\tSpeed: Unknown\n");
	put_str(s, "Manufacturer", 0x17);
	put_str(s, "Serial Number", 0x18);
	put_str(s, "Asset Tag", 0x19);
	put_str(s, "Part Number", 0x1a);
	if (s->len >= 0x1c)
		d[0x1b] & 15 ? printf("\tRank: %u\n", d[0x1b] & 15) : printf("\tRank: Unknown\n");
	if (s->len >= 0x22)
		smbios_word(d + 0x20) ? printf("\tConfigured Memory Speed: %u MT/s\n",
		    smbios_word(d + 0x20)) : printf("\tConfigured Memory Speed: Unknown\n");
}

static void
boot(const struct smbios_struct *s)
{
	static const char *const status[] = { "No errors detected", "No bootable media",
		"Operating system failed to load", "Firmware-detected hardware failure",
		"Operating system-detected hardware failure", "User-requested boot",
		"System security violation", "Previously-requested image",
		"System watchdog timer expired" };
	unsigned v;

	if (s->len < 0x0b)
		return;
	v = s->data[0x0a];
	printf("\tStatus: %s\n", v < 9 ? status[v] : v >= 192 ? "Product-specific" :
	    v >= 128 ? "OEM-specific" : "<OUT OF SPEC>");
}

/* What we do not decode, as dmidecode -u shows it: the bytes, then the strings. */
static void
dump(const struct smbios_struct *s)
{
	const char *p;

	printf("\tHeader and Data:");
	for (unsigned i = 0; i < s->len; i++)
		printf(i % 16 ? " %02X" : "\n\t\t%02X", s->data[i]);
	putchar('\n');
	if ((p = smbios_string(s, 1)) == NULL)
		return;
	printf("\tStrings:\n");
	for (unsigned i = 2; p != NULL; p = smbios_string(s, i++)) {
		printf("\t\t");
		for (; *p; p++)
			putchar((unsigned char)*p < 0x20 || *p == 0x7f ? '.' : *p);
		putchar('\n');
	}
}

static void
decode(const struct smbios_struct *s)
{
	static void (*const fn[])(const struct smbios_struct *) = { bios, sys, board, chassis, cpu };

	printf("Handle 0x%04X, DMI type %u, %u bytes\n", s->handle, s->type, s->len);
	if (s->type == 127) {
		printf("End Of Table\n\n");
		return;
	}
	if (s->type >= 128)
		printf("OEM-specific Type\n");
	else
		printf("%s\n", s->type < sizeof type_names / sizeof *type_names ?
		    type_names[s->type] : "Unknown Type");
	if (s->type < 5)
		fn[s->type](s);
	else if (s->type == 16)
		mem_array(s);
	else if (s->type == 17)
		mem_device(s);
	else if (s->type == 32)
		boot(s);
	else
		dump(s);
	putchar('\n');
}

/* -s: the value of each structure of the keyword's type, one a line. */
static void
show_keyword(const struct keyword *k, const struct smbios_struct *s)
{
	const char *v;
	char u[37];

	if (s->type != k->type || k->off >= s->len)
		return;
	if (k->how == S_UUID) {
		if (s->len >= 0x19)
			puts(uuid_str(s->data + 8, u) == 0 ? u : "Not Settable");
	} else if (k->how == S_CHASSIS)
		puts(PICK(chassis_types, 1, s->data[5] & 0x7f));
	else if (s->data[k->off] == 0)
		puts("Not Specified");
	else if ((v = smbios_string(s, s->data[k->off])) != NULL) {
		for (; *v; v++)
			putchar((unsigned char)*v < 0x20 || *v == 0x7f ? '.' : *v);
		putchar('\n');
	}
}

/* -t: "4", "0,1", "bios,system"; types to show go into WANT. */
static void
parse_types(const char *arg, unsigned char want[256])
{
	char *list = xstrdup(arg), *save, *w;
	unsigned long long v;

	for (w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		size_t g;

		for (g = 0; g < sizeof groups / sizeof *groups; g++)
			if (strcmp(w, groups[g].name) == 0)
				break;
		if (g < sizeof groups / sizeof *groups) {
			want[groups[g].types[0]] = 1;
			for (int i = 1; i < 6 && groups[g].types[i]; i++)
				want[groups[g].types[i]] = 1;
		} else if (parse_uint(w, 255, &v) == 0)
			want[v] = 1;
		else
			die("%s: unknown type", w);
	}
	free(list);
}

static const struct keyword *
find_keyword(const char *name)
{
	size_t i = 0;

	while (i < sizeof keywords / sizeof *keywords && strcmp(keywords[i].name, name) != 0)
		i++;
	if (i == sizeof keywords / sizeof *keywords)
		die("%s: unknown keyword", name);
	return &keywords[i];
}

static unsigned char *
load(const char *dir, const char *name, size_t max, size_t *len)
{
	char *path = path_join(dir, name);
	unsigned char *b = (unsigned char *)read_whole(path, max, len);

	free(path);
	if (b == NULL)
		die_errno("%s/%s", dir, name);
	return b;
}

/* Every structure checked before any is shown: a broken table is one line.
 * NULL, or why (and *OFF where) it is broken. */
static const char *
check(const unsigned char *t, size_t n, size_t *off)
{
	struct smbios_struct s;
	const char *why;
	int r;

	memset(&s, 0, sizeof s);
	*off = 0;
	while ((r = smbios_next(t, n, off, &s, &why)) > 0)
		;
	return r < 0 ? why : NULL;
}

static void
header(void)
{
	printf("# dmidecode (ubin)\n");
	if (ep.v3)
		printf("SMBIOS %d.%d.%d present.\n", ep.major, ep.minor, ep.docrev);
	else
		printf("SMBIOS %d.%d present.\n", ep.major, ep.minor);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *dir = "/sys/firmware/dmi/tables", *why;
	const struct keyword *key = NULL;
	unsigned char want[256], *entry, *table;
	struct smbios_struct s;
	size_t elen, tlen, off = 0;
	int c, some = 0;

	memset(want, 0, sizeof want);
	while ((c = opt_next(&o, "d:s:t:")) != -1) {
		switch (c) {
		case 'd': dir = o.arg; break;
		case 's': key = find_keyword(o.arg); break;
		case 't': parse_types(o.arg, want); some = 1; break;
		default: die_usage(&o);
		}
	}
	if (o.ind != argc)
		die_usage(&o);
	entry = load(dir, "smbios_entry_point", 4096, &elen);
	why = smbios_entry(entry, elen, &ep);
	free(entry);
	if (why != NULL)
		die("%s/smbios_entry_point: %s", dir, why);
	table = load(dir, "DMI", MAX_TABLE, &tlen);
	if (!ep.v3 && tlen < ep.len) {
		free(table);
		die("%s/DMI: truncated: %zu of %lu bytes", dir, tlen, ep.len);
	}
	if (!ep.v3 || tlen > ep.len)
		tlen = ep.len;
	if ((why = check(table, tlen, &off)) != NULL) {
		free(table);
		die("DMI: %s (offset 0x%zx)", why, off);
	}
	off = 0;
	if (key == NULL) {
		header();
		if (!some) {
			if (!ep.v3)
				printf("%u structures occupying %lu bytes.\n", ep.count, ep.len);
			printf("Table at 0x%08llX.\n", ep.addr);
		}
		putchar('\n');
	}
	memset(&s, 0, sizeof s);
	while (smbios_next(table, tlen, &off, &s, &why) > 0) {
		if (key != NULL)
			show_keyword(key, &s);
		else if (!some || want[s.type])
			decode(&s);
	}
	free(table);
	return cmd_exit();
}
