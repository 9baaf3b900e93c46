#!/usr/bin/env python3
"""fake-tftp.py ADDRESS PORT LOG - a badly behaved TFTP server for test/net/tftp.

The file asked for names the behaviour; each request is answered from a fresh
port (its transfer ID), in a thread of its own, and notes what happened in LOG, one line each:
  plain/SIZE     no options (DATA 1 at once), SIZE bytes of 'x'
  wrongtid/SIZE  DATA 1, then a DATA 2 of junk from another port, whose ERROR
                 5 is noted, then the real DATA 2 onwards
  tidgone/SIZE   the same, but the other port's socket is connected elsewhere,
                 so the ERROR 5 meets a port unreachable, which must not end
                 the transfer
  dup/SIZE       every DATA three times over; notes the most ACKs one block got
  stall/SIZE     an OACK as asked, then DATA 1 to 3, then silence
  bigblk         an OACK with blksize 2000, more than any client asks; notes the ERROR
  badopt         an OACK with an option not asked for
  refuse8/SIZE   ERROR 8 to a request with options; plain ones served
  longblk        DATA 1 longer than 512 bytes without any OACK
  esc            ERROR 1 whose text holds escape sequences
  lie/SIZE       an OACK with tsize 1, then SIZE bytes
The content is byte i = i % 251, so a cut or a repeated block shows.
"""
import socket
import struct
import sys
import threading
import time

addr, port, logname = sys.argv[1], int(sys.argv[2]), sys.argv[3]
fam = socket.AF_INET6 if ':' in addr else socket.AF_INET
log = open(logname, 'a', buffering=1)


def content(size):
    return bytes(i % 251 for i in range(251)) * (size // 251) + bytes(range(size % 251))


def opts(req):
    parts = req[2:].split(b'\0')
    o = {}
    for i in range(2, len(parts) - 1, 2):
        o[parts[i].decode().lower()] = parts[i + 1].decode()
    return parts[0].decode(), o


def recv(s, timeout=3.0):
    s.settimeout(timeout)
    try:
        return s.recvfrom(70000)
    except socket.timeout:
        return None, None


def data(s, peer, block, chunk):
    s.sendto(struct.pack('!HH', 3, block & 0xffff) + chunk, peer)


def send_file(s, peer, body, blksize, copies=1, first=1):
    """Lockstep: each block until its ACK; the most ACKs any block got."""
    most = 0
    nblocks = len(body) // blksize + 1
    for b in range(first, nblocks + 1):
        chunk = body[(b - 1) * blksize:b * blksize]
        for tries in range(10):
            for _ in range(copies):
                data(s, peer, b, chunk)
            acks = 0
            while True:
                m, who = recv(s, 0.3 if acks else 2.0)
                if m is None:
                    break
                if m[:2] == b'\0\4' and struct.unpack('!H', m[2:4])[0] == b & 0xffff:
                    acks += 1
                if copies == 1 and acks:
                    break
            most = max(most, acks)
            if acks:
                break
        else:
            return most
    return most


def oack(s, peer, **o):
    s.sendto(b'\0\6' + b''.join(k.encode() + b'\0' + str(v).encode() + b'\0' for k, v in o.items()), peer)
    return recv(s)


def serve(req, peer):
    name, o = opts(req)
    kind, _, size = name.partition('/')
    size = int(size or 0)
    s = socket.socket(fam, socket.SOCK_DGRAM)
    s.bind((addr, 0))
    body = content(size)
    if kind == 'plain':
        send_file(s, peer, body, 512)
        log.write('plain: sent\n')
    elif kind == 'wrongtid':
        other = socket.socket(fam, socket.SOCK_DGRAM)
        other.bind((addr, 0))
        data(s, peer, 1, body[:512])
        recv(s)
        data(other, peer, 2, b'junk' * 128)
        m, _ = recv(other)
        log.write('wrongtid: the other port got %r\n' % (m,))
        send_file(s, peer, body, 512, first=2)
    elif kind == 'tidgone':
        other = socket.socket(fam, socket.SOCK_DGRAM)
        other.bind((addr, 0))
        other.connect((addr, 9))
        data(s, peer, 1, body[:512])
        recv(s)
        data(other, peer, 2, b'junk' * 128)
        time.sleep(0.2)
        send_file(s, peer, body, 512, first=2)
        log.write('tidgone: sent\n')
    elif kind == 'dup':
        most = send_file(s, peer, body, 512, copies=3)
        log.write('dup: at most %d ACKs for one block\n' % most)
    elif kind == 'stall':
        m, _ = oack(s, peer, **dict(o, tsize=size))
        bs = int(o.get('blksize', 512))
        for b in range(1, 4):
            data(s, peer, b, body[(b - 1) * bs:b * bs])
            recv(s)
        log.write('stall: silent\n')
        time.sleep(30)
    elif kind in ('bigblk', 'badopt'):
        m, _ = oack(s, peer, **({'blksize': 2000} if kind == 'bigblk' else {'windowsize': 4}))
        log.write('%s: got %r\n' % (kind, m))
    elif kind == 'refuse8':
        if o:
            s.sendto(b'\0\5\0\10options refused\0', peer)
            log.write('refuse8: refused %s\n' % ' '.join(sorted(o)))
        else:
            send_file(s, peer, body, 512)
            log.write('refuse8: sent plain\n')
    elif kind == 'longblk':
        data(s, peer, 1, b'y' * 600)
        m, _ = recv(s)
        log.write('longblk: got %r\n' % (m,))
    elif kind == 'esc':
        s.sendto(b'\0\5\0\1no \x1b[31mfile\x07\0', peer)
    elif kind == 'lie':
        oack(s, peer, tsize=1)
        send_file(s, peer, body, 512, first=1)
        log.write('lie: sent\n')
    s.close()


main = socket.socket(fam, socket.SOCK_DGRAM)
main.bind((addr, port))
while True:
    req, peer = main.recvfrom(2048)
    if req[:2] == b'\0\1':
        threading.Thread(target=serve, args=(req, peer), daemon=True).start()
