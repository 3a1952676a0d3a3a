#!/usr/bin/env bash
# Skeleton editing: restructure a document in its folded view, then unfold. Every body follows its
# section's ID: renamed, moved and deleted sections keep (or drop) their own text.
set -euo pipefail
outline=${OUTLINE:-outline}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

"$outline" id "$here/guide.md" > "$work/guide.md"        # pinned anchors make the edit reviewable
"$outline" fold --depth 2 "$work/guide.md" > "$work/skeleton.md"

# Rename "FAQ", move it before "Operations", delete "2024 Roadmap", add "Changelog".
python_free_edit() {
  local in=$1 out=$2 faq
  faq=$(awk '/^## FAQ$/ { on = 1 } /^## / && !/^## FAQ$/ { on = 0 } on' "$in")
  awk -v faq="$faq" '
    /^## / { section = $0 }
    section == "## 2024 Roadmap" || section == "## FAQ" { next }
    $0 == "## Operations" { print faq }
    { print }
    END { print "## Changelog" }
  ' "$in" | sed 's/^## FAQ$/## Questions and answers/' > "$out"
}
python_free_edit "$work/skeleton.md" "$work/edited.md"
echo "--- the edited skeleton, as outline reads its sections (front matter is not one):"
"$outline" tree --depth 2 "$work/edited.md"
"$outline" unfold --from "$work/guide.md" "$work/edited.md" > "$work/result.md"
echo "--- after unfold, the structure by ID:"
"$outline" diff "$work/guide.md" "$work/result.md" || true
echo "--- the renamed section kept its own body:"
grep -A 4 '^## Questions and answers' "$work/result.md"
