"""A stand-in for clangd behind `headroom lsp` in the lit tests: answers
initialize (open/close, incremental changes, save notifications, code
actions), publishes one diagnostic of its own for each opened or saved
document, answers code actions with one action of its own, and exits 0
after shutdown and exit."""
import json
import sys

IN, OUT = sys.stdin.buffer, sys.stdout.buffer


def read():
    length = None
    while True:
        line = IN.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(IN.read(length))


def send(message):
    body = json.dumps(message).encode()
    OUT.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    OUT.flush()


def publish(uri):
    send({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
          "params": {"uri": uri, "diagnostics": [{
              "range": {"start": {"line": 0, "character": 0},
                        "end": {"line": 0, "character": 1}},
              "severity": 2, "source": "clang", "message": "clangd's own"}]}})


shutdown = False
while True:
    m = read()
    if m is None:
        sys.exit(1)
    method = m.get("method")
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": m["id"], "result": {"capabilities": {
            "textDocumentSync": {"openClose": True, "change": 2, "save": True},
            "codeActionProvider": True, "hoverProvider": True}}})
    elif method in ("textDocument/didOpen", "textDocument/didSave"):
        publish(m["params"]["textDocument"]["uri"])
    elif method == "textDocument/codeAction":
        send({"jsonrpc": "2.0", "id": m["id"],
              "result": [{"title": "clangd's action", "kind": "refactor"}]})
    elif method == "shutdown":
        shutdown = True
        send({"jsonrpc": "2.0", "id": m["id"], "result": None})
    elif method == "exit":
        sys.exit(0 if shutdown else 1)
    elif "id" in m:
        send({"jsonrpc": "2.0", "id": m["id"], "result": None})
