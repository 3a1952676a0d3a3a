#!/usr/bin/env python3
"""Measure `outline translation` on open-telemetry/opentelemetry.io (docs/format.md §17).

Usage: tools/otel-translations.py CLONE [OUTLINE]

CLONE is a scratch clone of opentelemetry.io with its whole history (its own drift check,
scripts/check-i18n.sh, diffs content/en since each page's default_lang_commit); it is modified:
an .outline.toml is written, content/en pinned, content/ja and content/es adopted. OUTLINE is the
binary (default: .build/debug/outline of this repository). Not part of `make test`: it needs the
network-fetched clone and takes minutes (check-i18n.sh alone runs 40-80 s).

Prints: the project's verdicts (drifted pages of ja and es), adoption (sections aligned per
language), staleness against those verdicts per page, and 100 aligned pairs drawn with a fixed
seed, each the English heading and the translated one, for a reader to check by hand.
"""
import glob, json, os, random, re, subprocess, sys

clone = os.path.abspath(sys.argv[1])
outline = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "..", ".build/debug/outline")
languages = ["ja", "es"]


def run(args, check=False):
    return subprocess.run(args, cwd=clone, capture_output=True, text=True, check=check)


def drifted():
    out = run(["bash", "scripts/check-i18n.sh"] + [f"content/{l}" for l in languages]).stdout
    pages = set()
    for line in out.splitlines():
        m = re.search(r"(content/\S+\.md)", line)
        if m and ("Drifted" in line or "File not found" in line or "HASH" in line):
            pages.add(m.group(1))
    return pages


with open(os.path.join(clone, ".outline.toml"), "w") as f:
    f.write('slugs = "hugo"\n[translation]\nsource = "content/en"\ntargets = [%s]\n' % ", ".join(f'"content/{l}"' for l in languages))
project = drifted()
print(f"check-i18n.sh: {len(project)} drifted pages")
run([outline, "id", "-w", "content/en"], check=True)
for language in languages:
    adopted = run([outline, "translation", "adopt", "-w", f"content/{language}"])
    summary = re.search(r"adopt: (\d+) sections? aligned, (\d+) unaligned", adopted.stderr)
    aligned, unaligned = int(summary.group(1)), int(summary.group(2))
    print(f"{language}: {aligned} of {aligned + unaligned} sections aligned ({100 * aligned / (aligned + unaligned):.1f}%)")

status = json.loads(run([outline, "translation", "status", "--format", "json"] + [f"content/{l}" for l in languages]).stdout)
files = {f["path"]: f for f in status["files"] if f["exists"]}
flag = {"stale", "missing", "orphaned", "untracked"}
units = lambda f: f["sections"] + f["page"]
stale = {p for p, f in files.items() if any(u["status"] == "stale" for u in units(f))}
flagged = {p for p, f in files.items() if not f["source_exists"] or any(u["status"] in flag for u in units(f))}
unaligned = {p for p, f in files.items() if any(u["status"] == "unaligned" for u in units(f))}
up_to_date = set(files) - project
print(f"pages: {len(files)}; drifted per check-i18n.sh: {len(project & set(files))}")
print(f"  with a stale unit: {len(stale)}, of which up to date per check-i18n.sh: {len(stale & up_to_date)}")
print(f"  drifted and flagged (stale, missing, orphaned, untracked, or no source page): {len(project & flagged)}")
print(f"  drifted and flagged only as unaligned: {len((project - flagged) & unaligned)}")
print(f"  drifted and not flagged: {sorted(project & set(files) - flagged - unaligned)}")
print(f"  up to date and flagged: {sorted((flagged & up_to_date))}")
tracked = [u for p in project if p in files for u in units(files[p]) if u["status"] in ("fresh", "stale")]
print(f"  tracked units in drifted pages: {len(tracked)}, stale: {sum(u['status'] == 'stale' for u in tracked)}")


def sections(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    found = {}
    for k, line in enumerate(lines):
        m = re.match(r"<!-- outline:([^ ]+)( source=\S+)? -->$", line)
        if m and k > 0 and lines[k - 1].startswith("#"):
            found[m.group(1)] = lines[k - 1]
    return found


pairs = []
for language in languages:
    for path in sorted(glob.glob(os.path.join(clone, f"content/{language}/**/*.md"), recursive=True)):
        source = path.replace(f"/content/{language}/", "/content/en/")
        if not os.path.exists(source):
            continue
        english = sections(source)
        for id, heading in sections(path).items():
            if id in english:
                pairs.append((os.path.relpath(path, clone), id, english[id], heading))
random.seed(57)
print(f"\n100 of {len(pairs)} aligned pairs (seed 57):")
for path, id, english, heading in random.sample(pairs, 100):
    print(f"{path}#{id}\n    {english}\n    {heading}")
