#!/usr/bin/env python3
"""hostile.py - an HTTP server that misbehaves on purpose, for test/net/run.

usage: hostile.py ADDRESS PORT [SECONDS]

Listens on ADDRESS (loopback or an address in a test namespace) and answers
each GET by its path:
  /drip        promises 100 bytes, sends one every 0.2 s (a deadline test)
  /short       promises 1000 bytes, sends 10 and closes
  /esc-reason  404 with escape sequences in the reason phrase
  /esc-loc     302 to a path holding escape sequences
  /esc-host    302 to a host name holding escape sequences
  /loop        302 to itself, for ever
  /a/b/rel     302 to ../x?y (RFC 3986: /a/x?y)
  /huge        promises 10 GiB of zeros and streams them
  /huge-close  streams zeros without a length, until the client goes
  anything else under /a/, /echo or /k/: 200, the request target as the body
  others       404
Every connection is bounded in time (CONN_SECONDS); the server exits by itself
after SECONDS (default 300) or MAX_CONNS connections, whichever comes first.
"""
import socket
import sys
import threading
import time

CONN_SECONDS = 60
MAX_CONNS = 500
CHUNK = b"\0" * 65536


def send_head(conn, status, fields=()):
    head = b"HTTP/1.1 " + status + b"\r\n"
    for field in fields:
        head += field + b"\r\n"
    conn.sendall(head + b"\r\n")


def stream(conn, total, until):
    """Zeros, TOTAL bytes (None: no end), while the client reads and time lasts."""
    sent = 0
    while (total is None or sent < total) and time.monotonic() < until:
        n = len(CHUNK) if total is None else min(len(CHUNK), total - sent)
        conn.sendall(CHUNK[:n])
        sent += n


def drip(conn, until):
    send_head(conn, b"200 OK", [b"Content-Length: 100"])
    for _ in range(100):
        if time.monotonic() >= until:
            return
        conn.sendall(b"x")
        time.sleep(0.2)


def answer(conn, target, until):
    path = target.split(b"?", 1)[0]
    if path == b"/drip":
        drip(conn, until)
    elif path == b"/short":
        send_head(conn, b"200 OK", [b"Content-Length: 1000"])
        conn.sendall(b"0123456789")
    elif path == b"/esc-reason":
        send_head(conn, b"404 Not \x1b[31mFound\x07", [b"Content-Length: 0"])
    elif path == b"/esc-loc":
        send_head(conn, b"302 Found", [b"Location: /nowhere\x1b]0;owned\x07", b"Content-Length: 0"])
    elif path == b"/esc-host":
        send_head(conn, b"302 Found", [b"Location: http://\x1b[2J/x", b"Content-Length: 0"])
    elif path == b"/loop":
        send_head(conn, b"302 Found", [b"Location: /loop", b"Content-Length: 0"])
    elif path == b"/a/b/rel":
        send_head(conn, b"302 Found", [b"Location: ../x?y", b"Content-Length: 0"])
    elif path == b"/huge":
        send_head(conn, b"200 OK", [b"Content-Length: %d" % (10 << 30)])
        stream(conn, 10 << 30, until)
    elif path == b"/huge-close":
        send_head(conn, b"200 OK", [b"Connection: close"])
        stream(conn, None, until)
    elif path.startswith((b"/a/", b"/echo", b"/k/")):
        send_head(conn, b"200 OK", [b"Content-Length: %d" % len(target)])
        conn.sendall(target)
    else:
        send_head(conn, b"404 Not Found", [b"Content-Length: 0"])


def serve(conn):
    until = time.monotonic() + CONN_SECONDS
    conn.settimeout(10)
    try:
        request = b""
        while b"\r\n\r\n" not in request and len(request) < 65536:
            data = conn.recv(4096)
            if not data:
                return
            request += data
        parts = request.split(b"\r\n", 1)[0].split(b" ")
        if len(parts) == 3 and parts[0] == b"GET":
            answer(conn, parts[1], until)
    except OSError:
        pass  # the client went away: that is what most tests here do
    finally:
        conn.close()


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: hostile.py ADDRESS PORT [SECONDS]")
    lifetime = float(sys.argv[3]) if len(sys.argv) == 4 else 300
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((sys.argv[1], int(sys.argv[2])))
    listener.listen(16)
    end = time.monotonic() + lifetime
    for _ in range(MAX_CONNS):
        left = end - time.monotonic()
        if left <= 0:
            break
        listener.settimeout(left)
        try:
            conn, _ = listener.accept()
        except socket.timeout:
            break
        threading.Thread(target=serve, args=(conn,), daemon=True).start()
    listener.close()


if __name__ == "__main__":
    main()
