-- Neovim 0.7's built-in LSP client against `outline lsp` (docs/editors.md gives the same setup):
-- open a document, list its symbols, rename a heading. Prints "ok" or an error, then quits.
-- Run: OUTLINE=... WS=... nvim --headless -u NONE -c "luafile nvim-smoke.lua"
local outline, ws = os.getenv("OUTLINE"), os.getenv("WS")
local function fail(msg) io.stdout:write("FAIL: " .. msg .. "\n"); vim.cmd("qall!") end
vim.cmd("edit " .. ws .. "/README.md")
local id = vim.lsp.start_client({ name = "outline", cmd = { outline, "lsp" }, root_dir = ws })
if not id then return fail("start_client") end
vim.lsp.buf_attach_client(0, id)
if not vim.wait(5000, function() local c = vim.lsp.get_client_by_id(id); return c and c.initialized end) then
  return fail("not initialized")
end
local params = { textDocument = vim.lsp.util.make_text_document_params() }
local answers = vim.lsp.buf_request_sync(0, "textDocument/documentSymbol", params, 5000)
local symbols = answers and answers[id] and answers[id].result
if not symbols or symbols[1].name ~= "Guide" or symbols[1].detail ~= "#guide" or symbols[1].children[1].detail ~= "#usage" then
  return fail("symbols: " .. vim.inspect(answers))
end
local rename = { textDocument = params.textDocument, position = { line = 5, character = 4 }, newName = "How to use" }
answers = vim.lsp.buf_request_sync(0, "textDocument/rename", rename, 5000)
local edit = answers and answers[id] and answers[id].result
if not edit then return fail("rename: " .. vim.inspect(answers)) end
vim.lsp.util.apply_workspace_edit(edit, "utf-16")
local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
if lines[6] ~= "## How to use" or lines[7] ~= "<!-- outline:usage -->" or not lines[9]:find("(#how-to-use)", 1, true) then
  return fail("after rename: " .. vim.inspect(lines))
end
io.stdout:write("ok\n")
vim.cmd("qall!")
