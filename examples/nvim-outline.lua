-- outline's language server in Neovim 0.7 and later (built-in client), one server for the session,
-- attached to every Markdown buffer. Put it in init.lua, or `:luafile` it. docs/editors.md explains;
-- Tests/LSP/nvim-smoke.lua runs exactly this file.
local outline_client
vim.api.nvim_create_autocmd("FileType", {
  pattern = "markdown",
  callback = function(args)
    outline_client = outline_client
      or vim.lsp.start_client({ name = "outline", cmd = { vim.env.OUTLINE or "outline", "lsp" }, root_dir = vim.fn.getcwd() })
    if outline_client then vim.lsp.buf_attach_client(args.buf, outline_client) end
  end,
})
