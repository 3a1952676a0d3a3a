#!/usr/bin/env bash
# Fold state in a sidecar: it survives renames and text inserted above, and diff says whether it is
# still valid for the document.
set -euo pipefail
outline=${OUTLINE:-outline}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

"$outline" id "$here/guide.md" > "$work/guide.md"
"$outline" fold --id configuration --id faq --save-state "$work/guide.md.outline.json" "$work/guide.md" > /dev/null
echo "--- the sidecar (first lines):"
head -n 7 "$work/guide.md.outline.json"

# Edit the document: a paragraph above, a heading renamed.
sed -i 's/^This guide covers/A new first paragraph.\n\nThis guide covers/; s/^## FAQ$/## Questions/' "$work/guide.md"
echo "--- outline diff guide.md.outline.json guide.md:"
"$outline" diff "$work/guide.md.outline.json" "$work/guide.md" || true
echo "--- the same sections are folded again:"
"$outline" fold --state "$work/guide.md.outline.json" "$work/guide.md" | grep -c 'outline-fold:' | sed 's/$/ fold markers/'
