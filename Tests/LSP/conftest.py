"""End-to-end tests of `outline lsp` through a real LSP client library (pytest-lsp on pygls).

OUTLINE names the binary under test (make lsp-test sets it). Each test gets its own copy of a small
docs workspace, a git repository whose HEAD holds the files as written here.
"""
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

OUTLINE = os.environ.get("OUTLINE") or str(pathlib.Path(__file__).resolve().parents[2] / ".build/debug/outline")

README = """# Guide
<!-- outline:guide -->

See [install](docs/setup.md#install) and [the top](#guide).

## Usage 😀 here
<!-- outline:usage -->

Emoji 😀😀 then [usage](#usage--here).
"""

SETUP = """# Setup
<!-- outline:setup -->

## Install
<!-- outline:install -->

Run it. [back](../README.md#usage--here)
"""


def make_workspace(root: pathlib.Path) -> pathlib.Path:
    (root / "docs").mkdir(parents=True)
    (root / "README.md").write_text(README, encoding="utf-8")
    (root / "docs" / "setup.md").write_text(SETUP, encoding="utf-8")
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", "commit", "-qm", "docs"], cwd=root, check=True, env=env)
    return root


@pytest.fixture
def workspace(tmp_path):
    return make_workspace(tmp_path / "ws")
