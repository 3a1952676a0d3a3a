#!/usr/bin/env python3
"""The language server's speed targets (format.md §15), measured by a client speaking raw JSON-RPC:

1. initialize + a workspace/symbol query for a section deep in a 2,000-file docs tree (target 1.5 s);
2. on a 1 MB document of 12,000 sections, each with a same-file link, an edit of one word answered
   with fresh diagnostics for the edited version (target p95 50 ms over 100 edits); the same for the
   document unpinned (12,001 missing-anchor diagnostics a version), timed to the first byte of the
   answer so that the client's own JSON parsing is not counted;
3. the server's peak memory over the workspace's Markdown (target under 10x).

Usage: bench/lsp.py OUTLINE WORKDIR. Prints one line per target with the measured value and the ratio
to the target.
"""
import json, os, pathlib, random, resource, subprocess, sys, time

outline, work = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()   # file URIs need absolute paths
random.seed(7)


class Server:
    def __init__(self, cwd):
        self.p = subprocess.Popen([outline, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd)
        self.next = 1

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        rid = self.next
        self.next += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == rid:
                return m

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.p.wait(timeout=30)


def tree(root, files=2000):
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda".split()
    for n in range(files):
        d = root / f"part{n % 40}" / f"ch{n % 7}"
        d.mkdir(parents=True, exist_ok=True)
        lines = []
        for s in range(12):
            title = f"{random.choice(words).title()} {random.choice(words)} {n}-{s}"
            lines += [("#" if s == 0 else "##") + " " + title, f"<!-- outline:s{n}-{s} -->", "",
                      " ".join(random.choice(words) for _ in range(40)), f"See [next](#s{n}-{(s + 1) % 12}).", ""]
        (d / f"page{n}.md").write_text("\n".join(lines))
    return sum(f.stat().st_size for f in root.rglob("*.md"))


def big(path):
    lines = []
    for s in range(12000):
        lines += [f"## Section {s}", f"<!-- outline:sec-{s} -->", "", f"Text of section {s} with a [link](#section-{(s * 7) % 12000}).", ""]
    path.write_text("# Big\n<!-- outline:big -->\n\n" + "\n".join(lines))


docs = work / "lsp-tree"
if not docs.exists():
    docs.mkdir(parents=True)
    size = tree(docs)
else:
    size = sum(f.stat().st_size for f in docs.rglob("*.md"))
start = time.perf_counter()
s = Server(docs)
s.request("initialize", {"capabilities": {}, "workspaceFolders": [{"uri": docs.as_uri(), "name": "docs"}]})
s.notify("initialized", {})
found = s.request("workspace/symbol", {"query": "s1999-11"})
elapsed = time.perf_counter() - start
assert found["result"], found
s.close()
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
print(f"lsp: initialize + workspace/symbol, 2,000 files: {elapsed * 1000:.0f} ms (target 1500 ms: {elapsed / 1.5:.2f}x of it)")
print(f"lsp: peak memory {peak / 1e6:.1f} MB for {size / 1e6:.1f} MB of Markdown: {peak / size:.1f}x (target under 10x)")
print(f"target|outline lsp: initialize + workspace/symbol, 2,000 files, seconds|{elapsed:.3f}|1.5")
print(f"target|outline lsp peak memory ÷ the workspace's Markdown|{peak / size:.2f}|10")

doc = work / "lsp-big.md"
big(doc)
text = doc.read_text()
s = Server(work)
s.request("initialize", {"capabilities": {}, "rootUri": work.as_uri()})
s.notify("initialized", {})
uri = doc.as_uri()
s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
while s.read().get("method") != "textDocument/publishDiagnostics":
    pass
times = []
for v in range(2, 102):
    line = 3 + 5 * random.randrange(12000) + 3
    t = time.perf_counter()
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v}, "contentChanges": [
        {"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 4}}, "text": "Word" if v % 2 else "Text"}]})
    while True:
        m = s.read()
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == v:
            break
    times.append(time.perf_counter() - t)
s.close()
times.sort()
p95 = times[94]
print(f"lsp: 1 MB, 12,000 sections, one-word edit to fresh diagnostics: p50 {times[49] * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms (target 50 ms: {p95 / 0.05:.2f}x of it)")
print(f"target|outline lsp: one-word edit to fresh diagnostics, 1 MB, p95 ms|{p95 * 1000:.1f}|50")

def edits(doc, first_line, stride, first_byte=False):
    """p50 and p95 of 100 one-word edits of `doc`, each until the edited version's diagnostics."""
    s = Server(work)
    s.request("initialize", {"capabilities": {}, "rootUri": work.as_uri()})
    s.notify("initialized", {})
    uri = doc.as_uri()
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": doc.read_text()}})
    while s.read().get("method") != "textDocument/publishDiagnostics":
        pass
    times = []
    for v in range(2, 102):
        line = first_line + stride * random.randrange(12000)
        t = time.perf_counter()
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v}, "contentChanges": [
            {"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 4}}, "text": "Word" if v % 2 else "Text"}]})
        if first_byte:
            s.p.stdout.peek(1)
            times.append(time.perf_counter() - t)
        while True:
            m = s.read()
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == v:
                break
        if not first_byte:
            times.append(time.perf_counter() - t)
    s.close()
    times.sort()
    return times[49], times[94]


unpinned = work / "lsp-unpinned.md"
unpinned.write_text("# Big\n\n" + "\n".join(f"## Section {s}\n\nText of section {s} with a [link](#section-{(s * 7) % 12000}).\n" for s in range(12000)))
p50, p95 = edits(unpinned, 4, 4, first_byte=True)
print(f"lsp: 1 MB unpinned, 12,001 diagnostics, one-word edit to the answer's first byte: p50 {p50 * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms (target 50 ms: {p95 / 0.05:.2f}x of it)")
print(f"target|outline lsp: one-word edit, 1 MB unpinned (12,001 diagnostics), first byte p95 ms|{p95 * 1000:.1f}|50")
