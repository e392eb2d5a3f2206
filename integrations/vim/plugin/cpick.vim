" cpick for Vim (8.2+ with +terminal) and Neovim: insert addresses from cpick.
"
"   set runtimepath+=/path/to/cpick/integrations/vim      (or a plugin manager)
"
" :CpickInsert [property]   open cpick in a terminal window and insert the choice at
"                           the cursor: email (default) as a mailbox
"                           `Ada Lovelace <ada@example.org>`, other properties
"                           (phone, address, ...) as their plain value.
" <C-x><C-a> (insert mode)  the same, then go on typing.
" cpick#complete            an omni/complete function over `cpick query`: in a mail
"                           buffer, <C-x><C-o> after a few letters of a name.
"
" Needs Vim 8.2.1978+ (+terminal, <Cmd>) or Neovim 0.5+.
" Options: g:cpick_command (default 'cpick'), g:cpick_height (Vim split, 15),
" g:cpick_no_mappings (1: no <C-x><C-a>), g:cpick_mail_omnifunc (0: leave the mail
" filetype's omnifunc alone).
if exists('g:loaded_cpick') || &compatible
  finish
endif
let g:loaded_cpick = 1

command! -nargs=? -complete=customlist,cpick#properties CpickInsert call cpick#insert(<q-args>, 0)

" Remember where the cursor is, leave Insert mode, run cpick (<Cmd>: Vim 8.2.1978+).
inoremap <silent> <Plug>(cpick-insert) <Cmd>call cpick#mark()<CR><Esc><Cmd>call cpick#insert('email', 1)<CR>
if !get(g:, 'cpick_no_mappings', 0) && empty(maparg('<C-x><C-a>', 'i'))
  imap <C-x><C-a> <Plug>(cpick-insert)
endif

if get(g:, 'cpick_mail_omnifunc', 1)
  augroup cpick
    autocmd!
    autocmd FileType mail setlocal omnifunc=cpick#complete
  augroup END
endif
