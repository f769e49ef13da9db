"""A scripted LSP client over stdio for headroom lsp's tests and benchmark.

Frames messages with Content-Length, reads the server's messages on a
thread, answers nothing by itself, and lets a test wait for the first
message that matches a predicate.
"""
import json
import os
import queue
import subprocess
import threading
import time


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Client:
    def __init__(self, argv, cwd=None, env=None):
        self.proc = subprocess.Popen(argv, cwd=cwd, env=env,
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.messages = queue.Queue()
        self.raw = bytearray()
        self.seen = []
        self.next_id = 0
        self.stderr = bytearray()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.proc.stderr:
            self.stderr += line

    def _read(self):
        out = self.proc.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                c = out.read(1)
                if not c:
                    self.messages.put(None)
                    return
                header += c
            length = 0
            for line in header.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = out.read(length)
            self.raw += header + body
            self.messages.put(json.loads(body))

    def send(self, message):
        self.send_raw(frame(json.dumps(message).encode()))

    def send_raw(self, data: bytes):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method,
                   "params": params})
        return self.next_id

    def wait(self, predicate, timeout=60, what="a message"):
        """The first message, seen before or arriving now, that matches."""
        for m in self.seen:
            if predicate(m):
                self.seen.remove(m)
                return m
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise AssertionError("timed out waiting for " + what +
                                     "; stderr tail:\n" +
                                     self.stderr[-3000:].decode("utf-8", "replace"))
            try:
                m = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if m is None:
                raise AssertionError("the server ended while waiting for " +
                                     what + "; stderr tail:\n" +
                                     self.stderr[-3000:].decode("utf-8", "replace"))
            if predicate(m):
                return m
            self.seen.append(m)

    def response(self, rid, timeout=60):
        return self.wait(lambda m: m.get("id") == rid and "method" not in m,
                         timeout, "the response to request %d" % rid)

    def call(self, method, params, timeout=60):
        return self.response(self.request(method, params), timeout)

    def finish(self, timeout=30):
        self.proc.stdin.close()
        return self.proc.wait(timeout)


def capabilities(watch=True, show_document=True, lens_dynamic=False):
    return {
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": watch},
                      "executeCommand": {"dynamicRegistration": lens_dynamic}},
        "textDocument": {
            "publishDiagnostics": {"relatedInformation": True},
            "hover": {"contentFormat": ["markdown", "plaintext"]},
            "codeLens": {"dynamicRegistration": lens_dynamic},
            "codeAction": {"codeActionLiteralSupport": {
                "codeActionKind": {"valueSet": ["quickfix", "refactor"]}}},
        },
        "window": {"showDocument": {"support": show_document}},
    }


def uri(path):
    return "file://" + os.path.abspath(path)


def print_latency_table(log):
    """Prints p50/p99/max of the forwarding latencies headroom lsp logged
    (--latency-log: one "direction nanoseconds" per line), per
    direction and over all."""
    rows = [line.split() for line in open(log)]
    for direction in ("client-to-server", "server-to-client", None):
        ns = sorted(int(v) for d, v in rows if direction in (None, d))
        if not ns:
            continue

        def pct(p):
            return ns[min(len(ns) - 1, int(p / 100.0 * len(ns)))] / 1000.0
        print("%-17s %6d messages  p50 %7.1f us  p99 %7.1f us  max %8.1f us"
              % (direction or "all", len(ns), pct(50), pct(99), ns[-1] / 1000.0))
