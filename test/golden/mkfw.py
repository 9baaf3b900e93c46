#!/usr/bin/env python3
"""mkfw.py - firmware fixtures for the golden tests, byte by byte:
  mkfw.py dmi DIR [v2|v25|v3|legacy] [FAULT]   smbios_entry_point and DMI in DIR (v25: 2.5,
      the last version with the UUID in plain byte order)
      FAULT: short (table shorter than the entry point says), badsum, len3
      (a structure of length 3), nostrend (no double NUL at the end)
  mkfw.py gpt FILE [FAULT] [4k]            a 1 MiB image with a GPT of four partitions
      FAULT: hdrcrc (primary header CRC), entcrc (primary entries CRC), both
      (the backup's header too), short (cut after LBA 1)
  mkfw.py mbr FILE [FAULT]                 an MBR, two primaries, an extended with two logicals
      FAULT: loop (the second EBR links back to the first)
"""
import os
import struct
import sys
import uuid
import zlib


def structure(stype, handle, data, strings):
    body = struct.pack("<BBH", stype, 4 + len(data), handle) + data
    tail = b"".join(s + b"\0" for s in strings) or b"\0"
    return body + tail + b"\0"


def dmi_table():
    uid = uuid.UUID("01234567-89ab-cdef-0123-456789abcdef").bytes_le
    t = [
        # BIOS: vendor 1, version 2, segment 0xe800, date 3, ROM 64K, chars, ext, 1.2, 255.255
        structure(0, 0, struct.pack("<BBHBBQBBBBBB", 1, 2, 0xE800, 3, 0, 0x08, 0, 0, 1, 2, 0xFF, 0xFF),
                  [b"SeaBIOS", b"1.16.2", b"04/01/2014"]),
        structure(1, 0x100, struct.pack("<BBBB", 1, 2, 3, 4) + uid + struct.pack("<BBB", 6, 5, 0),
                  [b"QEMU", b"Standard PC (Q35 + ICH9, 2009)", b"pc-q35-7.2", b"SN\x01123"]),
        structure(2, 0x200, struct.pack("<BBBBBBBHBB", 1, 2, 3, 0, 0, 0x09, 0, 0x300, 0x0A, 0),
                  [b"ACME", b"Board X", b"rev A"]),
        structure(3, 0x300, struct.pack("<BBBBBBBBBIBBBBB", 1, 0x01, 2, 0, 0, 3, 3, 3, 3, 0, 0, 0, 0, 3, 0),
                  [b"QEMU", b"pc-q35-7.2"]),
        structure(4, 0x400, struct.pack("<BBBB8sBBHHHBBHHHBBBBBBH", 1, 3, 0xFE, 2,
                                         bytes([0xA5, 0x06, 0x05, 0, 0xFF, 0xFB, 0x8B, 0x0F]),
                                         3, 0x80 | 12, 0, 2000, 2000, 0x41, 1, 0xFFFF, 0xFFFF, 0xFFFF,
                                         0, 0, 0, 4, 4, 8, 0xFC) + struct.pack("<H", 0x101),
                  [b"CPU 0", b"QEMU", b"pc-q35-7.2-cpu"]),
        structure(16, 0x1000, struct.pack("<BBBIHH", 3, 3, 6, 0x800000, 0xFFFE, 1), []),
        structure(17, 0x1100, struct.pack("<HHHHHBBBBBHHBBBBB", 0x1000, 0xFFFE, 0xFFFF, 0xFFFF, 2048, 9, 0,
                                           1, 0, 0x1A, 0x80, 2400, 2, 0, 0, 0, 2), [b"DIMM 0", b"QEMU"]),
        structure(32, 0x2000, bytes(6) + b"\0", []),
        structure(150, 0x9600, b"\x01\x02\x03", [b"oem one", b"two"]),
        structure(127, 0x7F00, b"", []),
    ]
    return b"".join(t), len(t)


def checksum(b):
    return (-sum(b)) & 0xFF


def dmi(out, kind="v3", fault=None):
    table, count = dmi_table()
    declared = len(table)
    if fault == "short":
        table = table[:-10]
    elif fault == "len3":
        table = table[:1] + b"\x03" + table[2:]
    elif fault == "nostrend":
        table = table[:-2]
        declared = len(table)
    if kind == "v3":
        ep = bytearray(struct.pack("<5sBBBBBBBIQ", b"_SM3_", 0, 0x18, 3, 2, 0, 1, 0, declared, 0xF5A80))
        ep[5] = checksum(ep)
    else:
        dmip = bytearray(struct.pack("<5sBHIHB", b"_DMI_", 0, declared, 0xF5AA0, count, 0x28))
        dmip[5] = checksum(dmip)
        if kind == "legacy":
            ep = dmip
        else:
            minor = 5 if kind == "v25" else 8
            ep = bytearray(struct.pack("<4sBBBBHB5s", b"_SM_", 0, 0x1F, 2, minor, 0xFFFF, 0, bytes(5)) + dmip)
            ep[4] = checksum(ep)
    if fault == "badsum":
        ep[-1] ^= 1
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "smbios_entry_point"), "wb") as f:
        f.write(ep)
    with open(os.path.join(out, "DMI"), "wb") as f:
        f.write(table)


GUIDS = {
    "esp": "c12a7328-f81f-11d2-ba4b-00a0c93ec93b",
    "linux": "0fc63daf-8483-4772-8e79-3d69d8477de4",
    "swap": "0657fd6d-a4ab-43c4-84e5-0933c84b4f4f",
    "bios": "21686148-6449-6e6f-744e-656564454649",
}


def gpt_header(ss, my, alt, first, last, entries_lba, entries):
    h = bytearray(struct.pack("<8sIIIIQQQQ16sQIII", b"EFI PART", 0x10000, 92, 0, 0, my, alt, first, last,
                              uuid.UUID("11111111-2222-3333-4444-555555555555").bytes_le,
                              entries_lba, 128, 128, zlib.crc32(entries)))
    struct.pack_into("<I", h, 16, zlib.crc32(h))
    return bytes(h) + bytes(ss - len(h))


def gpt(out, fault=None, big=False):
    ss = 4096 if big else 512
    size = (8 if big else 1) << 20
    n = size // ss
    elba = (128 * 128 + ss - 1) // ss
    parts = [
        ("esp", 1, "EFI system", 0),
        ("bios", 2, "", 1 << 2),
        ("linux", 3, "root \u00e9t\u00e9", 0),
        ("swap", 4, "swap", 0),
        ("0f00ba12-0000-4000-8000-000000000001", 5, "other", 0),
    ]
    first = 2 + elba
    lba = 64
    ents = b""
    for kind, i, name, attrs in parts:
        t = GUIDS.get(kind, kind)
        length = (100 if not big else 20) * (i if i < 5 else 1)
        g = uuid.UUID("aaaaaaaa-0000-4000-8000-%012d" % i)
        ents += struct.pack("<16s16sQQQ72s", uuid.UUID(t).bytes_le, g.bytes_le, lba, lba + length - 1, attrs,
                            name.encode("utf-16-le"))
        lba += length
    ents += bytes(128 * 128 - len(ents))
    last = n - 2 - elba
    img = bytearray(size)
    img[446:462] = struct.pack("<BBBBBBBBII", 0, 0, 2, 0, 0xEE, 0xFF, 0xFF, 0xFF, 1, n - 1)
    img[510:512] = b"\x55\xaa"
    img[ss:2 * ss] = gpt_header(ss, 1, n - 1, first, last, 2, ents)
    img[2 * ss:2 * ss + len(ents)] = ents
    img[(n - 1 - elba) * ss:(n - 1 - elba) * ss + len(ents)] = ents
    img[(n - 1) * ss:n * ss] = gpt_header(ss, n - 1, 1, first, last, n - 1 - elba, ents)
    if fault in ("hdrcrc", "both"):
        img[ss + 40] ^= 1
    if fault == "both":
        img[(n - 1) * ss + 40] ^= 1
    if fault == "entcrc":
        img[2 * ss + 200] ^= 1
    if fault == "short":
        img = img[:2 * ss]
    with open(out, "wb") as f:
        f.write(img)


def mbr(out, fault=None):
    img = bytearray(1 << 20)

    def entry(boot, ptype, start, count):
        return struct.pack("<B3sB3sII", boot, b"\xfe\xff\xff", ptype, b"\xfe\xff\xff", start, count)

    def table(sector, entries):
        off = sector * 512
        for i, e in enumerate(entries):
            img[off + 446 + 16 * i:off + 462 + 16 * i] = e
        img[off + 510:off + 512] = b"\x55\xaa"

    struct.pack_into("<I", img, 440, 0x12345678)
    table(0, [entry(0x80, 0x0C, 64, 200), entry(0, 0x83, 264, 300), entry(0, 0x05, 600, 1000)])
    table(600, [entry(0, 0x83, 8, 100), entry(0, 0x05, 200, 400)])
    table(800, [entry(0, 0x82, 8, 150), entry(0, 0x05, 0, 400) if fault == "loop" else bytes(16)])
    with open(out, "wb") as f:
        f.write(img)


def main(argv):
    what, out, rest = argv[1], argv[2], argv[3:]
    if what == "dmi":
        kind = rest[0] if rest and rest[0] in ("v2", "v25", "v3", "legacy") else "v3"
        faults = [r for r in rest if r not in ("v2", "v25", "v3", "legacy")]
        dmi(out, kind, faults[0] if faults else None)
    elif what == "gpt":
        faults = [r for r in rest if r != "4k"]
        gpt(out, faults[0] if faults else None, "4k" in rest)
    elif what == "mbr":
        mbr(out, rest[0] if rest else None)
    else:
        sys.exit("mkfw.py: " + what + ": unknown fixture")


main(sys.argv)
