#!/usr/bin/env python3
"""Sections as addresses (docs/format.md §18, §19): what an agent reads, and what a change costs.

1. Bytes read. For the largest Markdown documents on this machine (read in place; DOCS, default
   /usr/share/doc /usr/lib /opt), and for the largest that are not changelogs: the bytes
   `outline show PATH#ID` prints for one section (every section of each file, with its
   subsections: median and 90th percentile), and the bytes of the whole `show_section` answer of
   `outline mcp` (the JSON-RPC line: the text for the model, the lines and hash as structured
   JSON), against the bytes of the
   whole file; and the `tree` answer at depth 2, which an agent reads once to learn the IDs.
2. Time. `outline replace -w` (the heading renamed: links follow), `outline move -w` (a section to
   another file and back: links follow, its own re-based) and `outline rename -w` on a generated
   tree of 400 files in a git work tree whose files link to each other's sections (the moved one
   from 200 places), link repair included; `outline check .` on the same tree for scale. Medians of
   RUNS runs (default 7), wall time.

    bench/sections.py                   # uses .build/release/outline (make release)
    OUTLINE=.build/debug/outline RUNS=3 bench/sections.py
"""
import json
import os
import pathlib
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUTLINE = os.path.abspath(os.environ.get("OUTLINE", str(ROOT / ".build/release/outline")))
DOCS = os.environ.get("DOCS", "/usr/share/doc /usr/lib /opt").split()
RUNS = int(os.environ.get("RUNS", "7"))
COUNT = int(os.environ.get("COUNT", "10"))


def markdown_files():
    found = []
    for top in DOCS:
        for dirpath, _, names in os.walk(top):
            for name in names:
                if name.endswith((".md", ".markdown")):
                    path = os.path.join(dirpath, name)
                    if os.path.isfile(path) and not os.path.islink(path):
                        found.append((os.path.getsize(path), path))
    return sorted(found, reverse=True)


def sections_of(path):
    tree = subprocess.run([OUTLINE, "tree", "--json", path], capture_output=True, check=True).stdout
    out = []

    def walk(items):
        for s in items:
            out.append(s["id"])
            walk(s.get("children", []))
    walk(json.loads(tree)["sections"])
    return out


def mcp_answers(directory, calls):
    """The answer lines of `outline mcp DIR` to `calls` (tool name, arguments), in order."""
    lines = [json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                         "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}})]
    for k, (name, arguments) in enumerate(calls, 1):
        lines.append(json.dumps({"jsonrpc": "2.0", "id": k, "method": "tools/call", "params": {"name": name, "arguments": arguments}}))
    out = subprocess.run([OUTLINE, "mcp", directory], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
    answers = out.splitlines()[1:]
    assert len(answers) == len(calls), out[:500]
    return answers


def measure_bytes(files):
    rows = []
    for size, path in files:
        ids = sections_of(path)
        if not ids:
            continue
        shown = subprocess.run([OUTLINE, "show", "--json"] + [f"{path}#{i}" for i in ids], capture_output=True, check=True).stdout
        texts = [len(s["text"].encode()) for s in json.loads(shown)]
        directory, name = os.path.dirname(path), os.path.basename(path)
        answers = mcp_answers(directory, [("tree", {"path": name, "depth": 2})] + [("show_section", {"path": name, "id": i}) for i in ids])
        assert all('"isError": false' in a for a in answers)
        mcp = [len(a.encode()) for a in answers[1:]]
        rows.append({"path": path, "size": size, "sections": len(ids), "median": statistics.median(texts),
                     "p90": sorted(texts)[int(0.9 * (len(texts) - 1))], "mcp_median": statistics.median(mcp),
                     "tree": len(answers[0].encode())})
    return rows


def print_bytes(title, rows):
    print(f"\n{title}")
    print(f"{'file':58} {'bytes':>9} {'sect.':>6} {'show med':>9} {'%':>6} {'show p90':>9} {'%':>6} {'mcp med':>8} {'%':>6} {'tree':>8} {'%':>6}")
    for r in rows:
        pct = lambda b: f"{100 * b / r['size']:.2f}"
        print(f"{r['path'][-58:]:58} {r['size']:>9} {r['sections']:>6} {r['median']:>9.0f} {pct(r['median']):>6} {r['p90']:>9} {pct(r['p90']):>6} "
              f"{r['mcp_median']:>8.0f} {pct(r['mcp_median']):>6} {r['tree']:>8} {pct(r['tree']):>6}")
    print(f"median over these files: show {statistics.median(100 * r['median'] / r['size'] for r in rows):.2f} % of the file, "
          f"the MCP answer {statistics.median(100 * r['mcp_median'] / r['size'] for r in rows):.2f} %, "
          f"the tree (once) {statistics.median(100 * r['tree'] / r['size'] for r in rows):.2f} %")


WORDS = "install usage setup notes api faq limits errors examples upgrade config build".split()


def make_tree(root, files=400, sections=8, links=10, hot=200, seed=2018):
    rng = random.Random(seed)
    titles = {f: [f"Part {f} {s} {rng.choice(WORDS)}" for s in range(sections)] for f in range(files)}
    slug = lambda t: t.lower().replace(" ", "-")
    (root / "docs").mkdir()
    hot_from = set(rng.sample(range(1, files), hot))
    for f in range(files):
        text = [f"# Page {f}", f"<!-- outline:page-{f} -->", "", "Intro.", ""]
        for s, title in enumerate(titles[f]):
            text += [f"## {title}", f"<!-- outline:{slug(title)} -->", ""]
            for _ in range(links // sections + 1):
                g = rng.randrange(files)
                target = rng.choice(titles[g])
                text.append(f"See [{target}]({'' if g == f else f'part-{g:03}.md'}#{slug(target)}) for more.")
            text.append("")
        if f in hot_from:
            text += [f"Back to [the hot section](part-000.md#{slug(titles[0][3])}).", ""]
        (root / "docs" / f"part-{f:03}.md").write_text("\n".join(text))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(root), "-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "tree"], check=True)
    return slug(titles[0][3])


def timed(args, cwd, stdin=None):
    """Wall time and CPU time (user and system) of one run, and what it said on stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run = subprocess.run([OUTLINE] + args, cwd=cwd, input=stdin, capture_output=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert run.returncode in (0, 1), (args, run.stderr.decode())
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), run.stderr.decode().strip()


def measure_time():
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        hot = make_tree(root)
        size = sum(p.stat().st_size for p in root.glob("docs/*.md"))
        print(f"\nA tree of 400 files ({size / 1e6:.1f} MB), 8 sections and about 16 links a file, 200 links to the moved section:")
        times = {"check .": [], "move --check (nothing written)": [], "move -w (to another file)": [], "move -w (back, before its sibling)": [],
                 "replace -w (heading renamed)": [], "rename -w": [], "show": []}
        anchor = f"<!-- outline:{hot} -->"
        for k in range(RUNS):
            times["check ."].append(timed(["check", "."], root))
            times["show"].append(timed(["show", f"docs/part-000.md#{hot}"], root))
            times["move --check (nothing written)"].append(timed(["move", "--check", f"docs/part-000.md#{hot}", "docs/part-399.md"], root))
            times["move -w (to another file)"].append(timed(["move", "-w", f"docs/part-000.md#{hot}", "docs/part-399.md"], root))
            nxt = [l for l in (root / "docs/part-000.md").read_text().splitlines() if l.startswith("<!-- outline:part-0-4")]
            times["move -w (back, before its sibling)"].append(timed(["move", "-w", f"docs/part-399.md#{hot}", "docs/part-000.md", "--before", nxt[0][13:-4]], root))
            title = "Hot section renamed" if k % 2 == 0 else "Hot section"
            body = f"## {title}\n{anchor}\n\nNew text.\n".encode()
            times["replace -w (heading renamed)"].append(timed(["replace", "-w", f"docs/part-000.md#{hot}"], root, stdin=body))
            times["rename -w"].append(timed(["rename", "-w", f"docs/part-000.md#{hot}", title + " again"], root))
        broken = subprocess.run([OUTLINE, "check", "--format", "json", "."], cwd=root, capture_output=True, text=True).stdout
        assert '"broken-link"' not in broken, "a link was broken"
        print("  (wall time includes an fsync of every file written: -w writes each file durably before renaming it)")
        for name, values in times.items():
            wall = [v[0] for v in values]
            cpu = [v[1] for v in values]
            said = values[-1][2].splitlines()[-1] if values[-1][2] else ""
            print(f"  outline {name:38} wall median {statistics.median(wall) * 1000:7.1f} ms (min {min(wall) * 1000:6.1f}), "
                  f"cpu median {statistics.median(cpu) * 1000:6.1f} ms  {said}")


def main():
    # Named from the repository (a results file is committed: no path of the machine that ran it).
    shown = os.path.relpath(OUTLINE, ROOT) if OUTLINE.startswith(str(ROOT) + os.sep) else os.path.basename(OUTLINE)
    print(f"outline: {shown}\n{subprocess.run([OUTLINE, '--version'], capture_output=True, text=True).stdout.strip()}")
    files = markdown_files()
    print_bytes(f"The {COUNT} largest Markdown documents under {' '.join(DOCS)}", measure_bytes(files[:COUNT]))
    others = [f for f in files if "changelog" not in f[1].lower()][:COUNT]
    print_bytes(f"The {COUNT} largest that are not changelogs", measure_bytes(others))
    measure_time()


if __name__ == "__main__":
    sys.exit(main())
