-- cpick for Neovim 0.7+ (Lua): :CpickInsert, <C-x><C-a> and the mail omnifunc.
--
--   set runtimepath^=/path/to/cpick/integrations/nvim     (or a plugin manager)
--
-- :CpickInsert [property]   cpick in a floating terminal window; the choice is
--                           inserted after the cursor: email (default) as a mailbox
--                           `Ada Lovelace <ada@example.org>`, other properties
--                           (phone, address, ...) as their plain value.
-- <C-x><C-a> (Insert mode)  the same for email, then typing goes on after it
--                           (<Plug>(cpick-insert); g:cpick_no_mappings = 1: unmapped).
-- omnifunc                  v:lua.require'cpick'.complete, set for the mail filetype
--                           (g:cpick_mail_omnifunc = 0: leave it alone).
--
-- When integrations/vim is on 'runtimepath' as well, this file wins in Neovim,
-- whichever is sourced first: it sets g:loaded_cpick (the Vimscript plugin then
-- stops) and redefines what the Vimscript plugin may already have defined.
-- g:cpick_no_lua = 1 keeps the Vimscript plugin instead.
if vim.g.loaded_cpick_lua or vim.g.cpick_no_lua == 1 or vim.fn.has("nvim-0.7") == 0 then
  return
end
vim.g.loaded_cpick_lua = 1
vim.g.loaded_cpick = 1

vim.api.nvim_create_user_command("CpickInsert", function(command)
  require("cpick").insert({ property = command.args })
end, {
  nargs = "?",
  force = true,
  desc = "cpick: insert a chosen mailbox (or property value) after the cursor",
  complete = function(lead)
    return vim.tbl_filter(function(property)
      return vim.startswith(property, lead)
    end, require("cpick").properties)
  end,
})

-- Remember where the cursor is in Insert mode, leave it, run cpick.
vim.api.nvim_set_keymap("i", "<Plug>(cpick-insert)",
  "<Cmd>lua require('cpick')._mark()<CR><Esc><Cmd>lua require('cpick').insert({ insert = true })<CR>",
  { noremap = true, silent = true })
if vim.g.cpick_no_mappings ~= 1 then
  local current = vim.fn.maparg("<C-x><C-a>", "i")
  if current == "" or current == "<Plug>(cpick-insert)" then
    vim.api.nvim_set_keymap("i", "<C-x><C-a>", "<Plug>(cpick-insert)", { silent = true })
  end
end

-- The same group name as the Vimscript plugin: its autocommand is replaced.
local group = vim.api.nvim_create_augroup("cpick", { clear = true })
if vim.g.cpick_mail_omnifunc ~= 0 then
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = "mail",
    command = "setlocal omnifunc=v:lua.require'cpick'.complete",
  })
end
