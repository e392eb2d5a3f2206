" cpick for Vim and Neovim: the functions behind plugin/cpick.vim.

function! cpick#properties(...) abort
  return ['email', 'phone', 'address', 'url', 'im', 'social', 'relation', 'date',
        \ 'birthday', 'note', 'organization']
endfunction

" Opens cpick in a terminal window; when it ends, inserts what it printed at the
" cursor position of the window we came from. `insert` is 1 when called from
" insert mode (Insert mode resumes after the inserted text).
let s:mark = {}

" Called in Insert mode just before leaving it: where the text is to go.
function! cpick#mark() abort
  let s:mark = {'pos': getpos('.')}
endfunction

function! cpick#insert(property, insert) abort
  let property = empty(a:property) ? 'email' : a:property
  let format = property ==# 'email' ? 'mailbox' : 'value'
  let out = tempname()
  let ctx = {'win': win_getid(), 'buf': bufnr('%'), 'pos': getpos('.'),
        \ 'insert': a:insert, 'out': out}
  if a:insert && !empty(s:mark)
    call extend(ctx, s:mark)
    let s:mark = {}
  endif
  " The terminal is cpick's /dev/tty; stdout goes to the file.
  let cmd = printf('%s -p %s -f %s > %s', get(g:, 'cpick_command', 'cpick'),
        \ shellescape(property), format, shellescape(out))
  if has('nvim')
    " A floating window over the editor, in terminal mode.
    let width = float2nr(&columns * 0.8)
    let height = float2nr(&lines * 0.7)
    let ctx.term = nvim_create_buf(v:false, v:true)
    call nvim_open_win(ctx.term, v:true, {'relative': 'editor', 'style': 'minimal',
          \ 'width': width, 'height': height, 'row': (&lines - height) / 2,
          \ 'col': (&columns - width) / 2, 'border': 'rounded'})
    call termopen(['sh', '-c', cmd], {'on_exit': {job, status, event -> s:done(ctx, status)}})
    startinsert
  else
    let ctx.term = term_start(['sh', '-c', cmd], {'term_rows': get(g:, 'cpick_height', 15),
          \ 'term_name': 'cpick', 'exit_cb': {job, status -> s:done(ctx, status)}})
  endif
endfunction

" cpick ended: close its window, go back, insert its output (nothing on cancel).
function! s:done(ctx, status) abort
  " Let the terminal finish its own bookkeeping first.
  call timer_start(0, {-> s:finish(a:ctx, a:status)})
endfunction

function! s:finish(ctx, status) abort
  if bufexists(a:ctx.term)
    execute 'silent! bwipeout!' a:ctx.term
  endif
  call win_gotoid(a:ctx.win)
  let text = filereadable(a:ctx.out) ? join(readfile(a:ctx.out), ', ') : ''
  call delete(a:ctx.out)
  let [lnum, col] = [a:ctx.pos[1], a:ctx.pos[2]]
  if a:status == 0 && !empty(text) && bufnr('%') == a:ctx.buf
    let line = getline(lnum)
    " In Insert mode the text goes before the cursor; in Normal mode after it
    " (like `a`), except on an empty line.
    let at = a:ctx.insert || empty(line) ? col - 1 : col + len(matchstr(line[col - 1:], '^.')) - 1
    call setline(lnum, strpart(line, 0, at) . text . strpart(line, at))
    let col = at + len(text) + (a:ctx.insert ? 1 : 0)
  elseif !a:ctx.insert
    let col = 0
  endif
  if col > 0
    call cursor(lnum, col)
  endif
  if a:ctx.insert
    " Back to Insert mode just after the text. (:startinsert in a callback waits
    " for the next key, which would then run as a Normal-mode command.)
    call feedkeys(col >= col('$') ? 'A' : 'i', 'n')
  elseif has('nvim')
    stopinsert
  endif
  redraw!
endfunction

" Omni/complete function (:h complete-functions): the word before the cursor is a
" query; every email address of every match is a candidate, best match first.
function! cpick#complete(findstart, base) abort
  if a:findstart
    let line = getline('.')[: col('.') - 2]
    " From after the last `:` or `,` (a header's value, a list of addresses).
    let start = match(line, '\v[^:,]*$')
    while start < len(line) && line[start] ==# ' '
      let start += 1
    endwhile
    return start
  endif
  " One line per address: the mailbox as cpick writes it (-f mailbox: quoted where
  " RFC 5322 wants it, invisible characters left out), its label, the organization.
  let template = shellescape('{mailbox}\t{label}\t{organizationName}')
  let cmd = printf('%s query %s -p email --template %s </dev/null 2>/dev/null',
        \ get(g:, 'cpick_command', 'cpick'), shellescape(a:base), template)
  let items = []
  for line in systemlist(cmd)
    let fields = split(line, "\t", 1)
    if len(fields) != 3 | continue | endif
    call add(items, {'word': fields[0], 'abbr': fields[0],
          \ 'menu': join(filter(fields[1:], '!empty(v:val)'), ' · ')})
  endfor
  return items
endfunction
