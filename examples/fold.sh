#!/usr/bin/env bash
# The skeleton of a long guide: fold --depth 2, the tree of the folded view, and unfold back.
set -euo pipefail
outline=${OUTLINE:-outline}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

"$outline" fold --depth 2 "$here/guide.md" > "$work/skeleton.md"
echo "--- outline fold --depth 2 guide.md ($(wc -l < "$here/guide.md") lines become $(wc -l < "$work/skeleton.md")):"
sed -n '9,20p' "$work/skeleton.md"
echo "--- outline tree of the folded view (original line numbers, ▸ folded):"
"$outline" tree --color never "$work/skeleton.md"
echo "--- unfold --from guide.md gives back the original byte for byte:"
"$outline" unfold --from "$here/guide.md" "$work/skeleton.md" | cmp - "$here/guide.md" && echo "identical"
