#!/usr/bin/env bash
# `make demo`: outline on the sample documents in examples/. Nothing here is modified.
set -euo pipefail
outline=${1:-outline}
cd "$(dirname "$0")"
export OUTLINE=$outline
# Bold step lines on a terminal only: piped into a file or a pager, no escape codes.
if [ -t 1 ]; then step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }; else step() { printf '\n$ %s\n' "$*"; }; fi

step outline tree guide.md
"$outline" tree guide.md

step 'outline id guide.md | head -n 16'
"$outline" id guide.md | head -n 16

step 'outline id windows.md | od -c | head -n 3     # anchors take the CRLF of their heading'
"$outline" id windows.md | od -c | head -n 3

for script in number fold skeleton diff-sidecar hook; do
  step "examples/$script.sh"
  bash "./$script.sh"
done

step 'outline toc toc.md | sed -n 1,18p     # the list between the markers, from the section tree'
"$outline" toc toc.md | sed -n 1,18p

step 'outline id --diff guide.md | head -n 12     # preview any rewrite as a patch'
"$outline" id --diff guide.md | head -n 12 || true

binary=$(command -v "$outline" 2>/dev/null || echo "$outline")
cat <<NEXT

That was outline on the sample documents in examples/ (none of them was changed).
The binary is $binary; 'make install PREFIX=/usr/local' puts it on PATH.
Next, on your own docs (README.md, "Use it on your docs"):

  outline id -w docs/        # pin a stable ID under every heading
  outline check docs/        # the gate for hooks and CI
  outline lsp                # for your editor: docs/editors.md
NEXT
