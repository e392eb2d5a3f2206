# cpick for bash: key bindings and completion.
#
#   source /path/to/cpick/integrations/shell/cpick.bash     # in ~/.bashrc
#
# Alt-m  choose an email address, insert it as a mailbox at the cursor:
#        Ada Lovelace <ada@example.org>
# Alt-k  choose a phone number, insert the number at the cursor.
#
# Rebind with `bind -x '"KEYS": __cpick_mailbox_widget'` (or __cpick_phone_widget).
# CPICK_DEFAULT_OPTS and CPICK_SOURCE are honoured as everywhere.

# Runs cpick with "$@" on the terminal and inserts its output at the cursor.
# stdin comes from /dev/tty so cpick reads its address book, not the shell's input.
__cpick_insert() {
  local chosen
  chosen=$(command cpick "$@" </dev/tty) || return  # 130: cancelled, 1: no match
  [[ -n $chosen ]] || return
  # READLINE_POINT counts characters in a UTF-8 locale (bash >= 5.0? see README).
  READLINE_LINE="${READLINE_LINE:0:READLINE_POINT}${chosen}${READLINE_LINE:READLINE_POINT}"
  READLINE_POINT=$((READLINE_POINT + ${#chosen}))
}

__cpick_mailbox_widget() { __cpick_insert -p email -f mailbox; }
__cpick_phone_widget() { __cpick_insert -p phone -f value; }

# bind -x is for interactive shells with readline (emacs and vi insert keymaps).
if [[ $- == *i* ]]; then
  bind -m emacs-standard -x '"\em": __cpick_mailbox_widget'
  bind -m emacs-standard -x '"\ek": __cpick_phone_widget'
  bind -m vi-insert -x '"\em": __cpick_mailbox_widget'
  bind -m vi-insert -x '"\ek": __cpick_phone_widget'
fi

# --- completion ----------------------------------------------------------------

_cpick() {
  local cur prev words cword
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  local commands="pick show query list groups"
  local options="--source --query --select-1 --exit-0 --property --multi --format
    --template --join --require --enable-if --select-if --select-property-if
    --show-properties --no-actions --group --sort-by --name-order --exact
    --no-color --read-only --height --help --version"
  local properties="email phone address url im social relation date birthday note organization"

  case $prev in
    -s|--source) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return ;;
    -f|--format) COMPREPLY=($(compgen -W "json jsonl mailbox value tsv mutt aerc" -- "$cur")); return ;;
    -p|--property|--require) COMPREPLY=($(compgen -W "$properties" -- "$cur")); return ;;
    --sort-by) COMPREPLY=($(compgen -W "given family" -- "$cur")); return ;;
    --name-order) COMPREPLY=($(compgen -W "auto given-first family-first" -- "$cur")); return ;;
    --group)
      # Group names from the address book (first TSV column), one per line.
      local IFS=$'\n'
      COMPREPLY=($(compgen -W "$(command cpick groups 2>/dev/null </dev/null | sed -n 's/^{"name":"\([^"]*\)".*/\1/p')" -- "$cur"))
      return ;;
    -q|--query|--template|--join|--enable-if|--select-if|--select-property-if|--show-properties|--height)
      return ;;  # free text
  esac

  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
    return
  fi
  # The command: the first word after cpick that is not an option or its value.
  local i word have_command=
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    case $word in
      pick|show|query|list|groups) have_command=1 ;;
    esac
  done
  [[ -z $have_command ]] && COMPREPLY=($(compgen -W "$commands" -- "$cur"))
}
complete -F _cpick cpick
