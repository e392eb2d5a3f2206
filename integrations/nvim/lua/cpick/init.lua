-- cpick for Neovim (0.7+), in Lua: insert addresses from cpick.
--
--   set runtimepath^=/path/to/cpick/integrations/nvim    (or a plugin manager)
--
-- require("cpick").insert({ property = "email", format = "mailbox" })
--     opens cpick in a floating terminal window and, when it ends, inserts what was
--     chosen at the cursor (nothing when cancelled).
-- require("cpick").complete
--     an omnifunc/completefunc over `cpick query WORD -p email` (each mailbox as -f mailbox writes it):
--     `setlocal omnifunc=v:lua.require'cpick'.complete`, then <C-x><C-o>.
-- require("cpick").setup({ command = "cpick", width = 0.8, height = 0.7,
--                          border = "rounded" })
--     optional; the defaults are shown. `vim.g.cpick_command` is read too.
--
-- plugin/cpick.lua adds :CpickInsert [property], <C-x><C-a> in Insert mode and the
-- omnifunc for the mail filetype.
local M = {}

local config = { command = nil, width = 0.8, height = 0.7, border = "rounded" }

function M.setup(opts)
  config = vim.tbl_extend("force", config, opts or {})
end

-- The cpick program: setup{command=…}, else g:cpick_command, else "cpick".
local function program()
  return config.command or vim.g.cpick_command or "cpick"
end

-- The properties :CpickInsert completes.
M.properties = {
  "email", "phone", "address", "url", "im", "social", "relation", "date", "birthday",
  "note", "organization",
}

-- Every email address of every person matching `query`, best match first, as
-- complete-items: one line of cpick's per address — the mailbox as cpick writes it
-- (`-f mailbox`: quoted where RFC 5322 wants it, invisible characters left out), its
-- label, the organization; cpick's warnings (stderr) left out.
function M.candidates(query)
  local lines = vim.fn.systemlist({
    "sh", "-c", 'exec "$0" query "$1" -p email --template "$2" 2>/dev/null',
    program(), query, "{mailbox}\\t{label}\\t{organizationName}",
  }, "")
  local items = {}
  if vim.v.shell_error ~= 0 then return items end -- 1: no match
  for _, line in ipairs(lines) do
    local fields = vim.split(line, "\t", { plain = true })
    if #fields == 3 then
      local menu = {}
      for _, part in ipairs({ fields[2], fields[3] }) do
        if part ~= "" then table.insert(menu, part) end
      end
      table.insert(items, {
        word = fields[1],
        abbr = fields[1],
        menu = table.concat(menu, " · "),
        icase = 1,
        dup = 1,
      })
    end
  end
  return items
end

-- Omni/complete function (:h complete-functions). The text being completed starts
-- after the last `:` or `,` before the cursor (a header's value, a list of
-- addresses), blanks skipped; it is cpick's query.
function M.complete(findstart, base)
  if findstart == 1 then
    local line = vim.api.nvim_get_current_line()
    local col = vim.api.nvim_win_get_cursor(0)[2]
    local before = line:sub(1, col)
    local start = #before
    while start > 0 do
      local char = before:sub(start, start)
      if char == ":" or char == "," then break end
      start = start - 1
    end
    while start < #before and before:sub(start + 1, start + 1) == " " do
      start = start + 1
    end
    return start
  end
  return M.candidates(base)
end

-- Where Insert mode was when <Plug>(cpick-insert) was pressed (before <Esc> moved
-- the cursor).
local mark

function M._mark()
  mark = { win = vim.api.nvim_get_current_win(), pos = vim.api.nvim_win_get_cursor(0) }
end

-- cpick ended: close its window, go back, insert its output (nothing on cancel).
local function finish(ctx, status)
  if vim.api.nvim_win_is_valid(ctx.term_win) then
    pcall(vim.api.nvim_win_close, ctx.term_win, true)
  end
  if vim.api.nvim_buf_is_valid(ctx.term_buf) then
    pcall(vim.api.nvim_buf_delete, ctx.term_buf, { force = true })
  end
  if vim.api.nvim_win_is_valid(ctx.win) then
    vim.api.nvim_set_current_win(ctx.win)
  end
  local text = ""
  if vim.fn.filereadable(ctx.out) == 1 then
    text = table.concat(vim.fn.readfile(ctx.out), ctx.join)
  end
  os.remove(ctx.out)

  local row, col = ctx.pos[1], ctx.pos[2] -- 1-based row, 0-based byte column
  local cursor
  local here = vim.api.nvim_get_current_buf() == ctx.buf
  if status == 0 and text ~= "" and here then
    local line = vim.api.nvim_buf_get_lines(ctx.buf, row - 1, row, false)[1] or ""
    local at = col
    if not ctx.insert and line ~= "" then
      -- Normal mode: after the character under the cursor, like `a`.
      local char = vim.fn.strpart(line, col, 1, true)
      at = col + (char ~= "" and #char or 1)
      if at > #line then at = #line end
    end
    vim.api.nvim_buf_set_text(ctx.buf, row - 1, at, row - 1, at, { text })
    cursor = { row, at + #text } -- just after the text
  elseif here then
    cursor = { row, col }
  end
  if ctx.insert then
    if cursor then pcall(vim.api.nvim_win_set_cursor, 0, cursor) end
    -- Back to Insert mode at that column (:startinsert from a callback would wait
    -- for the next key).
    local len = #(vim.api.nvim_get_current_line())
    vim.api.nvim_feedkeys(cursor and cursor[2] >= len and "A" or "i", "n", false)
  else
    if cursor then
      -- In Normal mode on the last character of the text.
      pcall(vim.api.nvim_win_set_cursor, 0, { cursor[1], math.max(cursor[2] - 1, 0) })
    end
    vim.cmd("stopinsert")
  end
  vim.cmd("redraw!")
end

-- Opens cpick in a floating terminal window; when it ends, inserts what it printed.
--   property  "email" (default), "phone", "address", …
--   format    "mailbox" for email, "value" for the others (any of cpick's -f)
--   multi     true: cpick -m (Tab marks several), joined with `join` (", ")
--   insert    true: called from Insert mode (resume it after the text); the
--             <C-x><C-a> mapping sets it
--   args      more arguments for cpick (a list)
function M.insert(opts)
  opts = opts or {}
  local property = (opts.property and opts.property ~= "") and opts.property or "email"
  local format = opts.format or (property == "email" and "mailbox" or "value")
  local ctx = {
    win = vim.api.nvim_get_current_win(),
    buf = vim.api.nvim_get_current_buf(),
    pos = vim.api.nvim_win_get_cursor(0),
    insert = opts.insert and true or false,
    out = vim.fn.tempname(),
    join = opts.join or ", ",
  }
  if ctx.insert and mark and mark.win == ctx.win then
    ctx.pos = mark.pos
  end
  mark = nil

  local args = { program(), "-p", property, "-f", format }
  if opts.multi then table.insert(args, "-m") end
  vim.list_extend(args, opts.args or {})
  local escaped = {}
  for i, arg in ipairs(args) do escaped[i] = vim.fn.shellescape(arg) end
  -- The terminal is cpick's /dev/tty; its stdout goes to the file.
  local cmd = table.concat(escaped, " ") .. " > " .. vim.fn.shellescape(ctx.out)

  local columns, lines = vim.o.columns, vim.o.lines
  local width = math.max(math.min(columns - 2, math.floor(columns * config.width)), 20)
  local height = math.max(math.min(lines - 4, math.floor(lines * config.height)), 5)
  ctx.term_buf = vim.api.nvim_create_buf(false, true)
  ctx.term_win = vim.api.nvim_open_win(ctx.term_buf, true, {
    relative = "editor",
    style = "minimal",
    border = config.border,
    width = width,
    height = height,
    row = math.floor((lines - height) / 2) - 1,
    col = math.floor((columns - width) / 2),
  })
  vim.fn.termopen({ "sh", "-c", cmd }, {
    on_exit = function(_, status)
      vim.schedule(function() finish(ctx, status) end)
    end,
  })
  vim.cmd("startinsert")
end

return M
