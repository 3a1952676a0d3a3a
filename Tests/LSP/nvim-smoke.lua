-- Neovim 0.7's built-in LSP client against `outline lsp`, configured by examples/nvim-outline.lua (the
-- configuration docs/editors.md gives): open a document, list its symbols, rename a heading. Prints
-- "ok" or the failure, then quits.
-- Run from the repository root: OUTLINE=... WS=... nvim --headless -u NONE -c "luafile Tests/LSP/nvim-smoke.lua"
local ws = os.getenv("WS")
local function fail(msg) io.stdout:write("FAIL: " .. msg .. "\n"); vim.cmd("qall!") end
vim.cmd("filetype on")
dofile("examples/nvim-outline.lua")
vim.cmd("cd " .. ws)
vim.cmd("edit README.md")
if vim.bo.filetype ~= "markdown" then return fail("filetype is '" .. vim.bo.filetype .. "'") end
-- The client attaches to the buffer once the server has answered initialize.
vim.wait(5000, function() return next(vim.lsp.buf_get_clients(0)) ~= nil end)
local id = next(vim.lsp.buf_get_clients(0))
if not id then return fail("no client attached to the Markdown buffer") end
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
