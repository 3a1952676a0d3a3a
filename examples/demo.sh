#!/usr/bin/env bash
# `make demo`: outline on the sample documents in examples/. Nothing here is modified.
set -euo pipefail
outline=${1:-outline}
cd "$(dirname "$0")"
step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }

step outline tree guide.md
"$outline" tree guide.md

step 'outline id guide.md | head -n 16'
"$outline" id guide.md | head -n 16

step 'outline id windows.md | od -c | head -n 4     # anchors take the CRLF of their heading'
"$outline" id windows.md | od -c | head -n 4

step 'outline id CHANGELOG.md | outline tree --json | head -c 300'
"$outline" id CHANGELOG.md | "$outline" tree --json | head -c 300
echo
