#!/usr/bin/env python3
"""fake.py SOCKET HEX - a broken TPM: on SOCKET, answer one command with the
bytes HEX, then close the connection. For the client's malformed-response errors."""
import os
import socket
import sys

path, answer = sys.argv[1], bytes.fromhex(sys.argv[2])
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(path + ".tmp")
s.listen(1)
os.rename(path + ".tmp", path)  # ready when the name appears
c, _ = s.accept()
c.recv(4096)
c.sendall(answer)
c.close()
