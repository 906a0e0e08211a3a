#!/usr/bin/env python3
"""Hostile local clients against a running `web` (issue 51): each attack prints what it did and
whether an authenticated request still answered, and how fast. Loopback only; every loop is
bounded in count and time.

    python3 Scripts/web-attacks.py 'http://127.0.0.1:PORT/#token=…' [attack …]

Attacks: idle (1,500 idle connections), slow (300 connections sending a header line every
second), long (one 256 KiB header line, timed), frame (a 500 MB WebSocket frame header),
unread (a tab that never reads while it sends 5,000 inputs), tabs (100 tabs opened and closed),
sessions (tabs past the session cap). With no attack named, all of them run. An address of
an earlier launch's form (`/?token=…`, the token in a cookie, before issue 51) is attacked the
same way, with the cookie, for a before-and-after measure.
"""
import base64, os, re, socket, struct, sys, time, urllib.request

ADDRESS = sys.argv[1]
HOST, PORT = re.match(r"http://([^/:]+):(\d+)", ADDRESS).groups()
PORT = int(PORT)
LEGACY = "/?token=" in ADDRESS
TOKEN = ADDRESS.split("?token=" if LEGACY else "#token=")[1]
CREDENTIAL = (f"Cookie: headless_token={TOKEN}" if LEGACY
              else f"Sec-WebSocket-Protocol: headless, token.{TOKEN}")


def check(label):
    """An authenticated request, timed: the server still serves a user."""
    start = time.monotonic()
    try:
        request = (urllib.request.Request(f"http://{HOST}:{PORT}/todo",
                                          headers={"Cookie": "headless_token=" + TOKEN})
                   if LEGACY else
                   urllib.request.Request(f"http://{HOST}:{PORT}/token-check",
                                          headers={"Authorization": "Bearer " + TOKEN}))
        status = urllib.request.urlopen(request, timeout=30).status
    except Exception as error:  # noqa: BLE001
        status = f"failed ({error})"
    print(f"  {label}: token check {status} in {1000 * (time.monotonic() - start):.1f} ms")


def connect():
    s = socket.create_connection((HOST, PORT), timeout=10)
    return s


def upgrade(app="todo"):
    s = connect()
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /socket?app={app} HTTP/1.1\r\nHost: {HOST}:{PORT}\r\n"
               f"Origin: http://{HOST}:{PORT}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
               f"{CREDENTIAL}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            break
        head += chunk
    return s, head.split(b"\r\n")[0].decode(errors="replace")


def frame(payload, opcode=1):
    mask = os.urandom(4)
    data = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    n = len(payload)
    if n < 126:
        header = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n < 65536:
        header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    return header + mask + data


def fds():
    pid = os.popen(f"ss -ltnp 'sport = :{PORT}'").read()
    match = re.search(r"pid=(\d+)", pid)
    if not match:
        return "?", "?"
    pid = match.group(1)
    count = len(os.listdir(f"/proc/{pid}/fd"))
    rss = [l for l in open(f"/proc/{pid}/status") if l.startswith("VmRSS")][0].split()[1]
    return count, f"{int(rss) // 1024} MB"


def idle():
    held = []
    for _ in range(1500):
        try:
            held.append(connect())
        except OSError:
            break
    print(f"idle: {len(held)} idle connections opened; descriptors, memory: {fds()}")
    check("while held")
    time.sleep(11)
    alive = 0
    for s in held:
        s.settimeout(0.01)
        try:
            alive += 0 if s.recv(1) == b"" else 1
        except socket.timeout:
            alive += 1
        except OSError:
            pass
        s.close()
    print(f"  after 11 s: {alive} of {len(held)} still open")
    check("after")


def slow():
    held = [connect() for _ in range(300)]
    for s in held:
        s.sendall(f"GET /todo HTTP/1.1\r\nHost: {HOST}:{PORT}\r\n".encode())
    open_after = 0
    for second in range(8):
        time.sleep(1)
        open_after = 0
        for s in held:
            try:
                s.sendall(b"X-Slow: 1\r\n")
                open_after += 1
            except OSError:
                pass
    print(f"slow: 300 connections sending a header line a second; {open_after} open after 8 s")
    check("after")
    for s in held:
        s.close()


def long():
    s = connect()
    s.settimeout(120)
    start = time.monotonic()
    try:
        s.sendall(f"GET /todo HTTP/1.1\r\nHost: {HOST}:{PORT}\r\nX-Long: ".encode() + b"a" * 262144
                  + b"\r\n\r\n")
    except OSError:
        pass
    answer = s.recv(100).split(b"\r\n")[0].decode(errors="replace")
    print(f"long: 256 KiB header line answered '{answer}' in {1000 * (time.monotonic() - start):.1f} ms")
    check("after")


def frame_attack():
    s, status = upgrade()
    s.sendall(struct.pack("!BBQ", 0x81, 0x80 | 127, 500_000_000) + os.urandom(4) + b"a" * 65536)
    s.settimeout(5)
    try:
        data = s.recv(4096)
    except OSError:
        data = b""
    print(f"frame: upgrade '{status}'; a 500 MB frame header answered {data[:4]!r}, "
          f"descriptors, memory: {fds()}")
    check("after")


def unread():
    s, status = upgrade()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sent = 0
    s.settimeout(2)
    try:
        for i in range(5000):
            s.sendall(frame(b'{"input":{"tasks":{"setFilter":{"text":"x%d"}}}}' % i))
            sent += 1
    except OSError:
        pass
    print(f"unread: a tab that never reads sent {sent} inputs; descriptors, memory: {fds()}")
    s.close()
    check("after")


def tabs():
    before = fds()
    for app in ["weather", "tweets", "todo", "checkout"] * 25:
        s, _ = upgrade(app)
        s.close()
    time.sleep(2)
    print(f"tabs: 100 tabs of the four apps opened and closed; descriptors, memory before "
          f"{before}, after {fds()}")


def sessions():
    held = []
    statuses = {}
    for _ in range(40):
        s, status = upgrade()
        statuses[status] = statuses.get(status, 0) + 1
        held.append(s)
    print(f"sessions: 40 tabs at once: {statuses}")
    for s in held:
        s.close()


ATTACKS = {"idle": idle, "slow": slow, "long": long, "frame": frame_attack, "unread": unread,
           "tabs": tabs, "sessions": sessions}
for name in sys.argv[2:] or ATTACKS:
    ATTACKS[name]()
