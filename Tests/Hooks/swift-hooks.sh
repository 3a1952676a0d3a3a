#!/usr/bin/env bash
# The `language: swift` hooks of .pre-commit-hooks.yaml, end to end with the real pre-commit framework:
# a snapshot of this work tree committed into a throwaway hook repository, a throwaway project whose
# .pre-commit-config.yaml points at it by path and revision, and no outline on PATH, so pre-commit must
# build it from source. The first run pins anchors (exit 1, files modified); the second passes.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.build/test-tools/venv"
if ! command -v pre-commit >/dev/null; then
  if [ ! -x "$venv/bin/pre-commit" ]; then
    python3 -m venv "$venv" && "$venv/bin/pip" install -q pre-commit jsonschema mdformat pymarkdownlnt
  fi
  PATH="$venv/bin:$PATH"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
export PRE_COMMIT_HOME="$work/cache"

mkdir "$work/hooks"
(cd "$root" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$work/hooks")
git -C "$work/hooks" init -q -b main
git -C "$work/hooks" add -A
git -C "$work/hooks" commit -qm snapshot
rev=$(git -C "$work/hooks" rev-parse HEAD)

mkdir "$work/project"
cd "$work/project"
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $work/hooks
    rev: $rev
    hooks:
      - id: outline-id-swift
      - id: outline-check-swift
YAML
printf '# Notes\n\n## Todo\n\nText.\n' > notes.md
git init -q -b main
git add -A
# Nothing named outline may be found on PATH: the hook must bring its own.
PATH=$(printf '%s\n' "$PATH" | tr ':' '\n' | while read -r d; do [ -x "$d/outline" ] || printf '%s:' "$d"; done)
PATH=${PATH%:}
! command -v outline >/dev/null || { echo "swift-hooks: an outline is still on PATH"; exit 1; }

set +e
first=$(pre-commit run --all-files 2>&1); status=$?
set -e
if [ $status -ne 1 ] || ! grep -q "files were modified by this hook" <<<"$first"; then
  echo "swift-hooks: first run should pin anchors and fail (exit $status)"; echo "$first"; exit 1
fi
expected=$'# Notes\n<!-- outline:notes -->\n\n## Todo\n<!-- outline:todo -->\n\nText.'
[ "$(cat notes.md)" = "$expected" ] || { echo "swift-hooks: unexpected notes.md:"; cat notes.md; exit 1; }
git add -A
pre-commit run --all-files >/dev/null 2>&1 || { echo "swift-hooks: second run should pass"; pre-commit run --all-files; exit 1; }
echo "swift-hooks: 2 passed, 0 failed"
