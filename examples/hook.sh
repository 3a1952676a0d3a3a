#!/usr/bin/env bash
# The plain git pre-commit hook (examples/pre-commit) in a throwaway repository: the first commit adds
# anchors and stops, the second goes through, and a commit that deletes an anchored section is refused.
set -euo pipefail
outline=${OUTLINE:-outline}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
export GIT_AUTHOR_NAME=Example GIT_AUTHOR_EMAIL=example@example.com GIT_COMMITTER_NAME=Example GIT_COMMITTER_EMAIL=example@example.com
export OUTLINE=$outline
git init -q -b main .
cp "$here/pre-commit" .git/hooks/pre-commit
printf '# Notes\n\n## Todo\n\n- ship it\n' > notes.md
git add notes.md
echo "--- first commit:"
git commit -qm first && echo "committed" || echo "stopped (exit $?)"
echo "--- second commit, after 'git add':"
git add notes.md && git commit -qm first && echo "committed"
echo "--- a commit that deletes the 'Todo' section:"
printf '# Notes\n<!-- outline:notes -->\n' > notes.md
git add notes.md
git commit -qm drop && echo "committed" || echo "refused (exit $?)"
