"""Every capability of `outline lsp` (format.md §15) through pytest-lsp's client, and the protocol's
error cases through raw bytes on the server's standard input."""
import json
import pathlib
import subprocess
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import OUTLINE, README, SETUP, make_workspace


def uri(path: pathlib.Path) -> str:
    return path.as_uri()


def apply_edits(text: str, edits, encoding="utf-16") -> str:
    """TextEdits applied as an editor does (positions in UTF-16 code units by default)."""
    lines = text.split("\n")

    def offset(pos):
        line = lines[pos.line] if pos.line < len(lines) else ""
        before = sum(len(l.encode()) + 1 for l in lines[: pos.line])
        if encoding == "utf-8":
            return before + min(pos.character, len(line.encode()))
        units, k = 0, 0
        for k, ch in enumerate(line):
            if units >= pos.character:
                return before + len(line[:k].encode())
            units += 2 if ord(ch) > 0xFFFF else 1
        return before + len(line.encode())

    data = text.encode()
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        a, b = offset(e.range.start), offset(e.range.end)
        data = data[:a] + e.new_text.encode() + data[b:]
    return data.decode()


async def start(lsp_client: LanguageClient, root: pathlib.Path, encodings=None):
    caps = types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=encodings) if encodings else None,
        workspace=types.WorkspaceClientCapabilities(workspace_folders=True),
    )
    return await lsp_client.initialize_session(types.InitializeParams(
        capabilities=caps, workspace_folders=[types.WorkspaceFolder(uri=uri(root), name="ws")]))


def open_doc(client: LanguageClient, path: pathlib.Path, text=None, version=1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri(path), language_id="markdown", version=version, text=text if text is not None else path.read_text())))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[OUTLINE, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_initialize_offers_every_capability(client: LanguageClient, workspace):
    result = await start(client, workspace)
    caps = result.capabilities
    assert caps.position_encoding == types.PositionEncodingKind.Utf16
    for name in ["document_symbol_provider", "workspace_symbol_provider", "folding_range_provider", "definition_provider",
                 "references_provider", "hover_provider", "rename_provider", "completion_provider", "code_action_provider"]:
        assert getattr(caps, name), name
    assert caps.workspace.file_operations.will_rename is not None


@pytest.mark.asyncio
async def test_diagnostics_are_checks_findings(client: LanguageClient, workspace):
    await start(client, workspace)
    path = workspace / "new.md"
    open_doc(client, path, "# New\n\nSee [b](README.md#nope) and [c](missing.md).\n", version=3)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    found = client.diagnostics[uri(path)]
    assert [d.code for d in found] == ["missing-anchor", "broken-link", "broken-link"]
    link = found[1]
    assert (link.range.start.line, link.range.start.character, link.range.end.character) == (2, 8, 22)
    assert "README.md has no heading 'nope'" in link.message
    # Fixed by an incremental change: the finding goes.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=4),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=2, character=18), end=types.Position(line=2, character=22)), text="guide")]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics[uri(path)]] == ["missing-anchor", "broken-link"]


@pytest.mark.asyncio
async def test_document_and_workspace_symbols(client: LanguageClient, workspace):
    await start(client, workspace)
    readme = workspace / "README.md"
    open_doc(client, readme)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri(readme))))
    assert [(s.name, s.detail) for s in symbols] == [("Guide", "#guide")]
    child = symbols[0].children[0]
    assert (child.name, child.detail) == ("Usage 😀 here", "#usage")
    # UTF-16: "## Usage " 9 units, the emoji 2, " here" 5.
    assert child.selection_range.end.character == 16
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="install"))
    assert [(s.name, s.location.uri, s.location.range.start.line) for s in found] == [("Install", uri(workspace / "docs/setup.md"), 3)]


@pytest.mark.asyncio
async def test_folding_ranges_per_section(client: LanguageClient, workspace):
    await start(client, workspace)
    readme = workspace / "README.md"
    ranges = await client.text_document_folding_range_async(types.FoldingRangeParams(
        text_document=types.TextDocumentIdentifier(uri=uri(readme))))
    assert [(r.start_line, r.end_line) for r in ranges] == [(0, 8), (5, 8)]
    assert ranges[1].collapsed_text == "Usage 😀 here (3 lines)"


@pytest.mark.asyncio
async def test_definition_references_hover(client: LanguageClient, workspace):
    await start(client, workspace)
    readme = workspace / "README.md"
    open_doc(client, readme)
    doc = types.TextDocumentIdentifier(uri=uri(readme))
    d = await client.text_document_definition_async(types.DefinitionParams(text_document=doc, position=types.Position(line=3, character=20)))
    assert d.uri == uri(workspace / "docs/setup.md") and d.range.start.line == 3
    # After two emoji (4 UTF-16 units), on the same-file link's destination.
    d = await client.text_document_definition_async(types.DefinitionParams(text_document=doc, position=types.Position(line=8, character=25)))
    assert d.uri == uri(readme) and d.range.start.line == 5
    refs = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri(readme)), position=types.Position(line=5, character=4),
        context=types.ReferenceContext(include_declaration=False)))
    assert sorted((r.uri, r.range.start.line) for r in refs) == sorted([(uri(readme), 8), (uri(workspace / "docs/setup.md"), 6)])
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc, position=types.Position(line=3, character=20)))
    assert "**Install**" in hover.contents.value and "`#install`" in hover.contents.value


@pytest.mark.asyncio
async def test_utf8_positions_when_negotiated(client: LanguageClient, workspace):
    result = await start(client, workspace, encodings=[types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16])
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    readme = workspace / "README.md"
    # "Emoji 😀😀 then [usage](" is 27 bytes: the destination starts there in UTF-8.
    d = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(readme)), position=types.Position(line=8, character=28)))
    assert d.range.start.line == 5


@pytest.mark.asyncio
async def test_rename_moves_links_and_keeps_the_id(client: LanguageClient, workspace):
    await start(client, workspace)
    readme = workspace / "README.md"
    open_doc(client, readme)
    pos = types.Position(line=5, character=4)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri(readme)), position=pos))
    assert prepared.placeholder == "Usage 😀 here"
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri(readme)), position=pos, new_name="How to use"))
    new_readme = apply_edits(README, edit.changes[uri(readme)])
    new_setup = apply_edits(SETUP, edit.changes[uri(workspace / "docs/setup.md")])
    assert "## How to use\n<!-- outline:usage -->" in new_readme
    assert "[usage](#how-to-use)" in new_readme and "[back](../README.md#how-to-use)" in new_setup
    # The renamed workspace checks clean.
    readme.write_text(new_readme)
    (workspace / "docs/setup.md").write_text(new_setup)
    assert subprocess.run([OUTLINE, "check", str(workspace)], capture_output=True).returncode == 0


@pytest.mark.asyncio
async def test_will_rename_files_keeps_link_paths(client: LanguageClient, workspace):
    await start(client, workspace)
    edit = await client.workspace_will_rename_files_async(types.RenameFilesParams(files=[
        types.FileRename(old_uri=uri(workspace / "docs/setup.md"), new_uri=uri(workspace / "guide/deep/setup.md"))]))
    new_readme = apply_edits(README, edit.changes[uri(workspace / "README.md")])
    new_setup = apply_edits(SETUP, edit.changes[uri(workspace / "docs/setup.md")])
    assert "[install](guide/deep/setup.md#install)" in new_readme
    assert "[back](../../README.md#usage--here)" in new_setup


@pytest.mark.asyncio
async def test_completion_of_paths_and_fragments(client: LanguageClient, workspace):
    await start(client, workspace)
    path = workspace / "c.md"
    open_doc(client, path, "# C\n\n[a](docs/setup.md#in\n[b](\n")
    items = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(line=2, character=22)))
    assert [i.label for i in items.items] == ["setup", "install"]
    items = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(line=3, character=4)))
    assert {i.label for i in items.items} == {"README.md", "docs/setup.md"}


@pytest.mark.asyncio
async def test_code_actions(client: LanguageClient, workspace):
    await start(client, workspace)
    path = workspace / "d.md"
    text = "# D\n\n## E\n\n[u](README.md#usage)\n"
    open_doc(client, path, text)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)),
        range=types.Range(start=types.Position(line=4, character=0), end=types.Position(line=4, character=0)),
        context=types.CodeActionContext(diagnostics=client.diagnostics[uri(path)])))
    by_title = {a.title: a for a in actions}
    pinned = apply_edits(text, by_title["Pin section IDs (outline id)"].edit.changes[uri(path)])
    assert pinned.startswith("# D\n<!-- outline:d -->\n\n## E\n<!-- outline:e -->\n")
    repaired = apply_edits(text, by_title["Repair this link (outline links)"].edit.changes[uri(path)])
    assert "[u](README.md#usage--here)" in repaired
    linkable = apply_edits(text, by_title["Make section anchors linkable (outline id --linkable)"].edit.changes[uri(path)])
    assert '<!-- outline:d --><a id="d"></a>' in linkable


@pytest.mark.asyncio
async def test_unopened_documents_come_from_disk(client: LanguageClient, workspace):
    await start(client, workspace)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri(workspace / "docs/setup.md"))))
    assert [s.name for s in symbols] == ["Setup"]
    with pytest.raises(Exception):
        await client.text_document_document_symbol_async(types.DocumentSymbolParams(
            text_document=types.TextDocumentIdentifier(uri=uri(workspace / "none.md"))))


# Raw bytes: what no client library sends.

def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def message(obj) -> bytes:
    return frame(json.dumps(obj).encode())


def run_raw(data: bytes, cwd) -> tuple[int, list, str]:
    p = subprocess.run([OUTLINE, "lsp"], input=data, capture_output=True, cwd=cwd, timeout=30)
    out, answers = p.stdout, []
    while out:
        head, _, rest = out.partition(b"\r\n\r\n")
        n = int(head.split(b":")[1])
        answers.append(json.loads(rest[:n]))
        out = rest[n:]
    return p.returncode, answers, p.stderr.decode()


INIT = message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})


def test_protocol_errors_and_resynchronisation(tmp_path):
    data = (INIT + frame(b"{not json") + message([1, 2]) + b"Content-Type: nothing\r\n\r\n"
            + message({"jsonrpc": "2.0", "id": 5, "method": "no/such"})
            + message({"jsonrpc": "2.0", "id": 6, "method": "shutdown"}) + message({"jsonrpc": "2.0", "method": "exit"}))
    code, answers, stderr = run_raw(data, tmp_path)
    assert code == 0
    errors = [a for a in answers if "error" in a]
    assert [(a["id"], a["error"]["code"]) for a in errors] == [(None, -32700), (None, -32600), (5, -32601)]
    assert "malformed header" in stderr
    assert any(a.get("id") == 6 and a.get("result") is None and "error" not in a for a in answers)


def test_exit_without_shutdown_is_1_and_end_of_input_is_1(tmp_path):
    assert run_raw(INIT + message({"jsonrpc": "2.0", "method": "exit"}), tmp_path)[0] == 1
    assert run_raw(INIT, tmp_path)[0] == 1
    assert run_raw(b"Content-Length: 100\r\n\r\n{", tmp_path)[0] == 1


def test_a_waiting_request_can_be_cancelled(tmp_path):
    make_workspace(tmp_path / "ws")
    data = (message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": (tmp_path / "ws").as_uri()}})
            + message({"jsonrpc": "2.0", "method": "initialized", "params": {}})
            + message({"jsonrpc": "2.0", "id": 7, "method": "workspace/symbol", "params": {"query": ""}})
            + message({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 7}})
            + message({"jsonrpc": "2.0", "id": 8, "method": "workspace/symbol", "params": {"query": "install"}})
            + message({"jsonrpc": "2.0", "id": 9, "method": "shutdown"}) + message({"jsonrpc": "2.0", "method": "exit"}))
    code, answers, _ = run_raw(data, tmp_path)
    by_id = {a.get("id"): a for a in answers if "id" in a}
    assert code == 0
    assert by_id[7]["error"]["code"] == -32800
    assert [s["name"] for s in by_id[8]["result"]] == ["Install"]
