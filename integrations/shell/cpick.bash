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

# The word as the shell will pass it, for matching: without an opening quote, without
# backslashes, ~/ expanded (a simple reading, not eval).
__cpick_dequote() {
  local word=$1
  case $word in
    \'*) word=${word#\'}; word=${word%\'} ;;
    \"*) word=${word#\"}; word=${word%\"} ;;
    *) word=${word//\\/} ;;
  esac
  [[ $word == '~/'* ]] && word=$HOME/${word#'~/'}
  printf '%s' "$word"
}

# The address book's group names, one per line, read from the sources given on the
# command line so far (-s, --source), else from the book cpick reads by default.
__cpick_groups() {
  local -a sources=()
  local i word
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    case $word in
      -s|--source)
        # bash splits --source=FILE at the = (COMP_WORDBREAKS): skip it.
        [[ ${COMP_WORDS[i+1]} == = ]] && ((i++))
        ((i + 1 < COMP_CWORD)) && sources+=(--source "$(__cpick_dequote "${COMP_WORDS[i+1]}")") ;;
    esac
  done
  command cpick groups "${sources[@]}" 2>/dev/null </dev/null | sed -n 's/^{"name":"\([^"]*\)".*/\1/p'
}

# Completes cpick's commands, options and the values of options that take a known set.
_cpick() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  # --format=v: bash splits the word at the =, so the option is one word further back.
  [[ $prev == = && $COMP_CWORD -gt 1 ]] && prev=${COMP_WORDS[COMP_CWORD-2]}
  local commands="pick show new unknown query list groups sync books"
  local options="-s --source -q --query -1 --select-1 -0 --exit-0 -p --property -m --multi
    -f --format --template --join --require --enable-if --select-if --select-property-if
    --show-properties --no-actions --height --print-query --expect --print0 --no-mouse --reverse --read0
    --read-only --save-to --region --group --sort-by --name-order --exact --no-color --no-images
    -h --help --man --version --edit
    --from-message --header --all --skip-known --no-add --alternate-name --message
    --vcard --given-name --family-name --middle-name --name-prefix --name-suffix
    --nickname --organization --department --job-title --email --phone --address --url
    --birthday --note --im --photo"
  local properties="email phone address url im social relation date birthday note organization"

  case $prev in
    -s|--source|--save-to|--vcard|--photo)
      local IFS=$'\n'
      compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return ;;
    -f|--format) COMPREPLY=($(compgen -W "json jsonl mailbox value tsv vcard jcard xcard mutt aerc" -- "$cur")); return ;;
    -p|--property|--require) COMPREPLY=($(compgen -W "$properties" -- "$cur")); return ;;
    --show-properties)
      # A comma-separated list: complete the last key, keep the ones before it.
      local before=
      [[ $cur == *,* ]] && before=${cur%,*},
      compopt -o nospace 2>/dev/null
      COMPREPLY=($(compgen -P "$before" -W "$properties" -- "${cur##*,}")); return ;;
    --header) COMPREPLY=($(compgen -W "From Reply-To Sender To Cc" -- "$cur")); return ;;
    --sort-by) COMPREPLY=($(compgen -W "given family none" -- "$cur")); return ;;
    --name-order) COMPREPLY=($(compgen -W "auto given-first family-first" -- "$cur")); return ;;
    --group)
      # Names hold spaces and quotes (Book club): -o filenames has readline quote the
      # inserted word (Book\ club, or 'Book club' after an opening quote).
      local name typed
      typed=$(__cpick_dequote "$cur")
      COMPREPLY=()
      while IFS= read -r name; do
        [[ $name == "$typed"* ]] && COMPREPLY+=("$name")
      done < <(__cpick_groups)
      compopt -o filenames 2>/dev/null
      return ;;
    -q|--query|--template|--join|--enable-if|--select-if|--select-property-if|--height|--expect|\
    --region|--alternate-name|--message|--given-name|--family-name|--middle-name|--name-prefix|\
    --name-suffix|--nickname|--organization|--department|--job-title|--email|--phone|--address|\
    --url|--birthday|--note|--im)
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
      pick|show|new|unknown|query|list|groups|sync|books) have_command=1 ;;
    esac
  done
  [[ -z $have_command ]] && COMPREPLY=($(compgen -W "$commands" -- "$cur"))
}
complete -F _cpick cpick
