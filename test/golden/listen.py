#!/usr/bin/python3
"""listen.py - a one-shot server on loopback for nc's golden tests.

usage: listen.py tcp|udp ADDRESS MODE
Binds ADDRESS (127.0.0.1 or ::1) on a free port, prints the port, and serves one peer:
  echo   read to the end (one datagram for udp), answer "got: DATA", close
  hold   send "hello\\n", then say nothing and keep the connection open
  full   accept nobody, with the queue full: a connect's SYN goes unanswered
Exits after 60 seconds whatever happens.
"""
import socket
import sys
import time

proto, addr, mode = sys.argv[1:4]
family = socket.AF_INET6 if ":" in addr else socket.AF_INET
kind = socket.SOCK_DGRAM if proto == "udp" else socket.SOCK_STREAM
s = socket.socket(family, kind)
s.bind((addr, 0))
s.settimeout(60)
if proto == "tcp":
    s.listen(0)
if mode == "full":
    fill = []
    for _ in range(2):  # a backlog of 0 queues one: both fill it
        c = socket.socket(family, kind)
        c.setblocking(False)
        c.connect_ex(s.getsockname()[:2])
        fill.append(c)
    time.sleep(0.2)
print(s.getsockname()[1], flush=True)
if mode == "full":
    time.sleep(60)
elif proto == "udp":
    data, peer = s.recvfrom(65536)
    s.sendto(b"got: " + data, peer)
else:
    c, _ = s.accept()
    c.settimeout(60)
    if mode == "hold":
        c.sendall(b"hello\n")
        time.sleep(60)
    else:
        data = b""
        while chunk := c.recv(65536):
            data += chunk
        c.sendall(b"got: " + data)
        c.close()
