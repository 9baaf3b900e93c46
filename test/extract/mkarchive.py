#!/usr/bin/env python3
"""mkarchive - a hostile archive on stdout, from members on the command line.

usage: mkarchive.py tar|cpio MEMBER...
A member is TYPE:NAME[:ARG], one argument each:
  f:NAME:DATA    regular file          d:NAME           directory
  l:NAME:TARGET  symlink               h:NAME:TARGET    hard link (tar)
  c:NAME:MAJ,MIN character device      F:NAME:INO,NLINK:DATA  file with its
  inode and link count given (cpio: names of one file share INO)
  t:NAME:MTIME   empty file of that time (pax when it does not fit)     (tar)
  p:NAME:KEY=VAL empty file with that pax record                        (tar)
  s:NAME:HEX     no data, its size field these raw bytes (12)           (tar)
  n:NAME         fifo                  L:COUNT:TARGET   COUNT symlinks
  D:COUNT        empty file a/a/.../f, COUNT directories deep (tar: pax path)
Every member has mode 0644 (0755 for directories, +M:MODE as a suffix type
letter, e.g. f4755:x:data, overrides), owner 0:0 and mtime 1000000000.
"""
import io
import sys
import tarfile

MTIME = 1000000000


def parse(arg):
    kind, _, rest = arg.partition(':')
    name, _, extra = rest.partition(':')
    mode = int(kind[1:], 8) if len(kind) > 1 else {'d': 0o755, 'l': 0o777}.get(kind[0], 0o644)
    return kind[0], name, extra, mode


def expand(members):
    """The members L and D stand for, named by the others' spelling."""
    for kind, name, extra, mode in members:
        if kind == 'L':
            for i in range(int(name)):
                yield 'l', 'l%d' % i, extra, 0o777
        elif kind == 'D':
            yield 'f', 'a/' * int(name) + 'f', '', 0o644
        else:
            yield kind, name, extra, mode


def tar(members):
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode='w', format=tarfile.PAX_FORMAT) as t:
        for kind, name, extra, mode in expand(members):
            i = tarfile.TarInfo(name)
            i.mtime, i.mode, i.uname, i.gname = MTIME, mode, 'root', 'root'
            data = None
            if kind == 'f':
                data = extra.encode()
                i.size = len(data)
            elif kind == 'd':
                i.type = tarfile.DIRTYPE
            elif kind == 'l':
                i.type, i.linkname = tarfile.SYMTYPE, extra
            elif kind == 'h':
                i.type, i.linkname = tarfile.LNKTYPE, extra
            elif kind == 'c':
                i.type = tarfile.CHRTYPE
                i.devmajor, i.devminor = map(int, extra.split(','))
            elif kind == 'n':
                i.type = tarfile.FIFOTYPE
            elif kind == 't':
                i.mtime = int(extra)
            elif kind == 'p':
                key, _, val = extra.partition('=')
                i.pax_headers = {key: val}
            elif kind == 's':
                raw_size(t, i, bytes.fromhex(extra))
                continue
            else:
                sys.exit('mkarchive: %s: no such member type for tar' % kind)
            t.addfile(i, io.BytesIO(data) if data is not None else None)
    return out.getvalue()


def raw_size(t, info, size):
    """Header INFO, with SIZE as its size field, the checksum made again."""
    h = bytearray(info.tobuf(tarfile.USTAR_FORMAT, 'utf-8', 'strict'))
    h[124:136] = size
    h[148:156] = b' ' * 8
    h[148:156] = b'%06o\0 ' % sum(h[:512])
    t.fileobj.write(h)
    t.offset += len(h)


def newc(ino, mode, nlink, name, data, rdev=(0, 0)):
    name = name.encode() + b'\0'
    h = b'070701' + b''.join(b'%08X' % v for v in (
        ino, mode, 0, 0, nlink, MTIME, len(data), 0, 0, rdev[0], rdev[1], len(name), 0))
    h += name
    h += b'\0' * (-len(h) % 4)
    return h + data + b'\0' * (-len(data) % 4)


def cpio(members):
    out = b''
    for n, (kind, name, extra, mode) in enumerate(expand(members), 1000):
        if kind == 'f':
            out += newc(n, 0o100000 | mode, 1, name, extra.encode())
        elif kind == 'F':
            ids, _, data = extra.partition(':')
            ino, nlink = map(int, ids.split(','))
            out += newc(ino, 0o100000 | mode, nlink, name, data.encode())
        elif kind == 'd':
            out += newc(n, 0o040000 | mode, 2, name, b'')
        elif kind == 'l':
            out += newc(n, 0o120777, 1, name, extra.encode())
        elif kind == 'c':
            out += newc(n, 0o020000 | mode, 1, name, b'', tuple(map(int, extra.split(','))))
        elif kind == 'n':
            out += newc(n, 0o010000 | mode, 1, name, b'')
        else:
            sys.exit('mkarchive: %s: no such member type for cpio' % kind)
    out += newc(0, 0, 1, 'TRAILER!!!', b'')
    return out + b'\0' * (-len(out) % 512)


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ('tar', 'cpio'):
        sys.exit(__doc__.split('\n')[2])
    members = [parse(a) for a in sys.argv[2:]]
    sys.stdout.buffer.write(tar(members) if sys.argv[1] == 'tar' else cpio(members))


main()
