# cpick for zsh: key bindings (zle widgets) and completion.
#
#   source /path/to/cpick/integrations/shell/cpick.zsh      # in ~/.zshrc
#
# Alt-m  choose an email address, insert it as a mailbox at the cursor:
#        Ada Lovelace <ada@example.org>
# Alt-k  choose a phone number, insert the number at the cursor.
#
# Rebind with `bindkey KEYS cpick-mailbox-widget` (or cpick-phone-widget).

# Runs cpick with "$@" on the terminal and inserts its output before the cursor.
# stdin comes from /dev/tty so cpick reads its address book, not zle's input.
__cpick_insert() {
  emulate -L zsh
  local chosen
  chosen=$(command cpick "$@" </dev/tty)
  local ret=$?
  [[ $ret -eq 0 && -n $chosen ]] && LBUFFER+=$chosen
  zle reset-prompt   # cpick drew on the alternate screen; redraw the prompt
  return $ret
}
cpick-mailbox-widget() { __cpick_insert -p email -f mailbox }
cpick-phone-widget() { __cpick_insert -p phone -f value }
zle -N cpick-mailbox-widget
zle -N cpick-phone-widget
bindkey -M emacs '\em' cpick-mailbox-widget
bindkey -M viins '\em' cpick-mailbox-widget
bindkey -M emacs '\ek' cpick-phone-widget
bindkey -M viins '\ek' cpick-phone-widget

# --- completion ----------------------------------------------------------------

_cpick() {
  local -a commands properties
  commands=(
    'pick:choose a contact from a searchable list (default)'
    'show:the person card'
    'query:print every match, best first'
    'list:print every contact in sort order'
    'groups:print every group with its member count'
  )
  properties=(email phone address url im social relation date birthday note organization)
  _arguments -s -S \
    '*'{-s,--source}'[an address book: .vcf file, vdir folder, - for stdin]:source:_files' \
    '(-q --query)'{-q,--query}'[start with this query]:query:' \
    '(-1 --select-1)'{-1,--select-1}'[choose at once when exactly one contact matches]' \
    '(-0 --exit-0)'{-0,--exit-0}'[exit 1 at once when nothing matches]' \
    '(-p --property)'{-p,--property}'[choose a value, not a person]:property:($properties)' \
    '(-m --multi)'{-m,--multi}'[choose several (Tab marks)]' \
    '(-f --format)'{-f,--format}'[output format]:format:(json jsonl mailbox value tsv mutt aerc)' \
    '--template[output through a template]:template:' \
    '--join[with -m: one line, values joined]:separator:' \
    '*--require[only contacts with this property]:property:($properties)' \
    '--enable-if[predicateForEnablingContact]:predicate:' \
    '--select-if[predicateForSelectionOfContact]:predicate:' \
    '--select-property-if[predicateForSelectionOfProperty]:predicate:' \
    '--show-properties[the card shows only these]:keys:' \
    '--no-actions[show: the card only shows]' \
    '--group[only members of this group]:group:->group' \
    '--sort-by[sort order]:order:(given family)' \
    '--name-order[composite name order]:order:(auto given-first family-first)' \
    '--exact[no fuzzy matching]' \
    '--no-color[no colours]' \
    '--read-only[no adding or editing]' \
    '--height[inline height]:height:' \
    '(- *)'{-h,--help}'[show help]' \
    '(- *)--version[show the version]' \
    '1: :->command' \
    '*:: :->rest' && return 0
  case $state in
    command) _describe -t commands 'cpick command' commands ;;
    group)
      local -a groups
      groups=(${(f)"$(command cpick groups 2>/dev/null </dev/null | sed -n 's/^{"name":"\([^"]*\)".*/\1/p')"})
      _describe -t groups 'group' groups ;;
  esac
}
# compdef exists once compinit has run; otherwise register it for later.
if (( $+functions[compdef] )); then
  compdef _cpick cpick
else
  autoload -Uz compinit && compinit -u && compdef _cpick cpick
fi
