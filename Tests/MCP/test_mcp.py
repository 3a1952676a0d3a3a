"""End-to-end tests of `outline mcp` through the real Model Context Protocol client: the Python SDK
(PyPI `mcp` 2.x), its `Client` (which probes `server/discover` and speaks the 2026-07-28 envelope)
and its `ClientSession` over `stdio_client` (the `initialize` handshake).

OUTLINE names the binary under test. Each test gets its own copy of a small docs directory.
"""
import os
import pathlib

import pytest
from mcp import Client, ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
import mcp.types

OUTLINE = os.environ.get("OUTLINE") or str(pathlib.Path(__file__).resolve().parents[2] / ".build/debug/outline")

GUIDE = (b"# Guide\r\n<!-- outline:guide -->\r\n\r\n## Install\r\n<!-- outline:install -->\r\n\r\n"
         b"Run it, then [use it](#usage).\r\n\r\n### Linux\r\n<!-- outline:linux -->\r\n\r\nApt.\r\n\r\n"
         b"## Usage\r\n<!-- outline:usage -->\r\n\r\nSee [install](#install).\r\n")
FAQ = b"\xef\xbb\xbf---\ntitle: FAQ\n---\n# FAQ\n<!-- outline:faq -->\n\n[How?](../guide.md#install) [Linux](../guide.md#linux)\n"
TOOLS = {"tree", "show_section", "replace_section", "insert_section", "move_section", "rename_section", "links_to_section", "check"}

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture
def docs(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "guide.md").write_bytes(GUIDE)
    (tmp_path / "docs" / "faq.md").write_bytes(FAQ)
    return tmp_path


def server(root):
    return StdioServerParameters(command=OUTLINE, args=["mcp", str(root)])


def text(result):
    return result.content[0].text


def files(root):
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.md"))}


async def test_the_current_protocol_and_the_tools(docs):
    async with Client(server(docs)) as client:
        assert client.protocol_version == mcp.types.LATEST_PROTOCOL_VERSION == "2026-07-28"
        assert client.server_info.name == "outline-md"
        tools = await client.list_tools()
        assert {t.name for t in tools.tools} == TOOLS
        assert all(t.input_schema["type"] == "object" for t in tools.tools)
        tree = await client.call_tool("tree", {"path": "."})
        assert not tree.is_error
        by_path = {f["path"]: [s["id"] for s in f["sections"]] for f in tree.structured_content["files"]}
        assert by_path == {"docs/faq.md": ["faq"], "guide.md": ["guide", "install", "linux", "usage"]}


async def test_the_initialize_handshake(docs):
    async with stdio_client(server(docs)) as (read, write):
        async with ClientSession(read, write) as session:
            result = await session.initialize()
            assert result.protocol_version == "2025-11-25"
            assert result.server_info.name == "outline-md"
            shown = await session.call_tool("show_section", {"path": "guide.md", "id": "linux"})
            assert not shown.is_error
            hash = shown.structured_content["hash"]
            assert text(shown) == f"guide.md#linux lines 9-13, hash {hash}\n### Linux\r\n<!-- outline:linux -->\r\n\r\nApt.\r\n\r\n"


async def test_replace_is_guarded_by_the_hash_it_read(docs):
    before = files(docs)
    async with Client(server(docs)) as client:
        shown = await client.call_tool("show_section", {"path": "guide.md", "id": "install", "shallow": True})
        assert shown.structured_content["end_line"] == 8
        full = await client.call_tool("show_section", {"path": "guide.md", "id": "install"})
        old = full.structured_content["hash"]
        # Without the hash, or with another one: refused, naming the fix; nothing written.
        unguarded = await client.call_tool("replace_section", {"path": "guide.md", "id": "install", "text": "## X\n"})
        assert unguarded.is_error and "if_hash" in text(unguarded)
        stale = await client.call_tool("replace_section", {"path": "guide.md", "id": "install", "if_hash": "0" * 16, "text": "## X\n"})
        assert stale.is_error and "changed since it was read" in text(stale) and "show_section" in text(stale)
        assert files(docs) == before
        new = "## Installing\n\nRun it twice.\n\n### Linux\n<!-- outline:linux -->\n\nApt, or dnf.\n"
        done = await client.call_tool("replace_section", {"path": "guide.md", "id": "install", "if_hash": old, "text": new})
        assert not done.is_error, text(done)
        assert done.structured_content["written"] == ["guide.md", "docs/faq.md"]
        section = done.structured_content["section"]
        assert section["id"] == "install" and section["hash"] != old
        again = await client.call_tool("show_section", {"path": "guide.md", "id": "install"})
        assert again.structured_content["hash"] == section["hash"]
        # The file's CRLF kept; the FAQ's link by the old slug follows the renamed heading.
        assert (docs / "guide.md").read_bytes().startswith(b"# Guide\r\n<!-- outline:guide -->\r\n\r\n## Installing\r\n<!-- outline:install -->\r\n\r\nRun it twice.\r\n")
        assert b"[How?](../guide.md#installing)" in (docs / "docs" / "faq.md").read_bytes()
        # The same hash a second time: refused.
        twice = await client.call_tool("replace_section", {"path": "guide.md", "id": "install", "if_hash": old, "text": new})
        assert twice.is_error


async def test_moving_a_section_away_and_back_gives_the_original_bytes(docs):
    before = files(docs)
    async with Client(server(docs)) as client:
        links = await client.call_tool("links_to_section", {"path": "guide.md", "id": "install"})
        assert [(l["path"], l["line"], l["id"]) for l in links.structured_content["links"]] == [
            ("docs/faq.md", 7, "install"), ("docs/faq.md", 7, "linux"), ("guide.md", 17, "install")]
        dry = await client.call_tool("move_section", {"path": "guide.md", "id": "install", "destination": "docs/faq.md",
                                                      "position": "into", "relative_to": "faq", "dry_run": True})
        assert not dry.is_error and "+++ b/docs/faq.md" in text(dry) and files(docs) == before
        moved = await client.call_tool("move_section", {"path": "guide.md", "id": "install", "destination": "docs/faq.md",
                                                        "position": "into", "relative_to": "faq"})
        assert not moved.is_error, text(moved)
        assert moved.structured_content["section"]["path"] == "docs/faq.md"
        faq = (docs / "docs" / "faq.md").read_bytes()
        # The FAQ's LF endings, its links now same-file; the moved text's link to the guide re-based.
        assert b"[How?](#install) [Linux](#linux)" in faq and b"## Install\n<!-- outline:install -->\n\nRun it, then [use it](../guide.md#usage).\n" in faq
        assert b"See [install](docs/faq.md#install)." in (docs / "guide.md").read_bytes()
        check = await client.call_tool("check", {"path": "."})
        assert check.structured_content["findings"] == [], text(check)
        back = await client.call_tool("move_section", {"path": "docs/faq.md", "id": "install", "destination": "guide.md",
                                                       "position": "before", "relative_to": "usage"})
        assert not back.is_error, text(back)
    assert files(docs) == before


async def test_paths_stay_in_the_served_directory(docs, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (outside / "secret.md").write_bytes(b"# Secret\n")
    (docs / "link.md").symlink_to(outside / "secret.md")
    async with Client(server(docs)) as client:
        for path in ["../secret.md", str(outside / "secret.md"), "docs/../../secret.md", "link.md"]:
            result = await client.call_tool("show_section", {"path": path, "id": "secret"})
            assert result.is_error, path
        moved = await client.call_tool("move_section", {"path": "guide.md", "id": "usage", "destination": "link.md"})
        assert moved.is_error and "symbolic link" in text(moved)
        inside = await client.call_tool("show_section", {"path": str(docs / "guide.md"), "id": "usage"})
        assert not inside.is_error
    assert (outside / "secret.md").read_bytes() == b"# Secret\n"


async def test_insert_and_rename(docs):
    async with Client(server(docs)) as client:
        inserted = await client.call_tool("insert_section", {"path": "guide.md", "position": "after", "relative_to": "install",
                                                             "text": "# Notes\n\nText.\n"})
        assert not inserted.is_error, text(inserted)
        assert inserted.structured_content["section"]["id"] == "notes"
        assert b"Apt.\r\n\r\n## Notes\r\n<!-- outline:notes -->\r\n\r\nText.\r\n\r\n## Usage" in (docs / "guide.md").read_bytes()
        anchored = await client.call_tool("insert_section", {"path": "guide.md", "position": "after", "relative_to": "install",
                                                             "text": "## Copy\n<!-- outline:usage -->\n"})
        assert anchored.is_error and "anchor" in text(anchored)
        renamed = await client.call_tool("rename_section", {"path": "guide.md", "id": "linux", "title": "Linux and BSD"})
        assert not renamed.is_error
        assert b"[Linux](../guide.md#linux-and-bsd)" in (docs / "docs" / "faq.md").read_bytes()
        unknown = await client.call_tool("rename_section", {"path": "guide.md", "id": "linx", "title": "X"})
        assert unknown.is_error and "did you mean 'linux'" in text(unknown)
