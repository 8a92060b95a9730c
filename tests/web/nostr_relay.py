"""A Nostr relay for the live-play tests, served by the test site's own server at ``/relay``.

The machines that run the tests reach no public relay, and the page's Content-Security-Policy
lets it connect to its own origin only (besides the pinned public relays): so the relay answers
WebSockets on the page's origin. It keeps what trystero's Nostr build uses of NIP-01: ``EVENT``
(answered with ``OK`` and passed to every subscription whose filter matches: kind and ``#x``
tag), ``REQ`` (answered with ``EOSE``; nothing is stored, the events are ephemeral) and ``CLOSE``.

``RELAY.down = True`` refuses every connection (a relay that is down); ``RELAY.events`` counts
what passed through it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import struct
import threading
from typing import Any

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Connection:
    def __init__(self, rfile: Any, wfile: Any) -> None:
        self.rfile, self.wfile = rfile, wfile
        self.lock = threading.Lock()
        self.subs: dict[str, list[dict[str, Any]]] = {}
        self.open = True

    def send(self, text: str) -> None:
        data = text.encode("utf-8")
        head = bytes([0x81])
        if len(data) < 126:
            head += bytes([len(data)])
        elif len(data) < 1 << 16:
            head += bytes([126]) + struct.pack(">H", len(data))
        else:
            head += bytes([127]) + struct.pack(">Q", len(data))
        with self.lock:
            if not self.open:
                return
            try:
                self.wfile.write(head + data)
                self.wfile.flush()
            except OSError:
                self.open = False

    def frames(self):
        """The text messages the browser sends, until it closes."""
        parts: list[bytes] = []
        while True:
            head = self.rfile.read(2)
            if len(head) < 2:
                return
            opcode, length = head[0] & 0x0F, head[1] & 0x7F
            if length == 126:
                length = struct.unpack(">H", self.rfile.read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self.rfile.read(8))[0]
            mask = self.rfile.read(4) if head[1] & 0x80 else b"\0\0\0\0"
            payload = bytearray(self.rfile.read(length))
            for i in range(len(payload)):
                payload[i] ^= mask[i % 4]
            if opcode == 8:
                return
            if opcode == 9:  # ping: pong
                with self.lock:
                    self.wfile.write(bytes([0x8A, len(payload)]) + bytes(payload))
                    self.wfile.flush()
                continue
            if opcode in (0, 1, 2):
                parts.append(bytes(payload))
                if head[0] & 0x80:
                    yield b"".join(parts).decode("utf-8")
                    parts = []


def _matches(event: dict[str, Any], f: dict[str, Any]) -> bool:
    if "kinds" in f and event.get("kind") not in f["kinds"]:
        return False
    for key, wanted in f.items():
        if key.startswith("#"):
            values = {t[1] for t in event.get("tags", []) if len(t) > 1 and t[0] == key[1:]}
            if not values & set(wanted):
                return False
    return True


class Relay:
    def __init__(self) -> None:
        self.connections: list[Connection] = []
        self.lock = threading.Lock()
        self.down = False
        self.events = 0

    def handle(self, handler: Any) -> None:
        """Serve one WebSocket on the request ``handler`` (an http.server handler) until it closes."""
        key = handler.headers.get("Sec-WebSocket-Key")
        if self.down or not key:
            handler.send_error(503 if self.down else 400)
            return
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        handler.wfile.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                             f"Sec-WebSocket-Accept: {accept}\r\n\r\n").encode())
        handler.wfile.flush()
        handler.close_connection = True
        conn = Connection(handler.rfile, handler.wfile)
        with self.lock:
            self.connections.append(conn)
        try:
            for text in conn.frames():
                if self.down:
                    break
                self._message(conn, text)
        except (OSError, ValueError):
            pass
        finally:
            conn.open = False
            with self.lock:
                self.connections.remove(conn)

    def _message(self, conn: Connection, text: str) -> None:
        msg = json.loads(text)
        if msg[0] == "EVENT":
            event = msg[1]
            self.events += 1
            conn.send(json.dumps(["OK", event["id"], True, ""]))
            with self.lock:
                targets = [(c, sid) for c in self.connections for sid, fs in list(c.subs.items())
                           if any(_matches(event, f) for f in fs)]
            for c, sid in targets:
                c.send(json.dumps(["EVENT", sid, event]))
        elif msg[0] == "REQ":
            conn.subs[msg[1]] = list(msg[2:])
            conn.send(json.dumps(["EOSE", msg[1]]))
        elif msg[0] == "CLOSE":
            conn.subs.pop(msg[1], None)

    def drop_all(self) -> None:
        """Close every connection (a relay restarting): the pages reconnect by themselves."""
        with self.lock:
            for c in self.connections:
                c.open = False
                try:
                    c.wfile.write(bytes([0x88, 0]))
                    c.wfile.flush()
                except OSError:
                    pass


RELAY = Relay()  # the one the test site serves (conftest.py)
