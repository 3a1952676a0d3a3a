#!/usr/bin/env bash
# Number the headings of the guide, renumber after an insertion, and take the numbers out again.
# Nothing in examples/ is modified: the work happens in a temporary directory.
set -euo pipefail
outline=${OUTLINE:-outline}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

"$outline" id "$here/guide.md" | "$outline" number > "$work/numbered.md"
echo "--- outline id guide.md | outline number  (the title is not numbered; 2024 Roadmap keeps its digits):"
"$outline" tree --color never --depth 2 "$work/numbered.md"

echo "--- a section inserted above: check reports the stale numbers, number -w renumbers its own"
sed -i 's/^## 1 Getting started$/## Prerequisites\n\nA C compiler.\n\n## 1 Getting started/' "$work/numbered.md"
"$outline" check "$work/numbered.md" | grep -E "stale number|missing number" | sed "s|$work/||" | head -n 4 || true
"$outline" number -w "$work/numbered.md"
"$outline" tree --color never --depth 2 "$work/numbered.md" | head -n 4

echo "--- number --strip, then id --strip: the original bytes"
"$outline" id "$here/guide.md" | "$outline" number | "$outline" number --strip | "$outline" id --strip | cmp - "$here/guide.md" && echo "identical to guide.md"
