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

# Completes cpick's commands, options and the values of options that take a known set.
_cpick() {
  local -a commands properties
  commands=(
    'pick:choose a contact from a searchable list (default)'
    'show:the person card'
    'new:the new-person form'
    'unknown:a card for someone not yet in the book'
    'query:print every match, best first'
    'list:print every contact in sort order'
    'groups:print every group with its member count'
    'sync:bring every server book up to date'
    'books:the address books of each server account'
  )
  properties=(email phone address url im social relation date birthday note organization)
  _arguments -s -S \
    '*'{-s,--source}'[an address book: .vcf file, vdir folder, - for stdin]:source:_files' \
    '(-q --query)'{-q,--query}'[start with this query]:query:' \
    '(-1 --select-1)'{-1,--select-1}'[choose at once when exactly one contact matches]' \
    '(-0 --exit-0)'{-0,--exit-0}'[exit 1 at once when nothing matches]' \
    '(-p --property)'{-p,--property}'[choose a value, not a person]:property:($properties)' \
    '(-m --multi)'{-m,--multi}'[choose several (Tab marks)]' \
    '(-f --format)'{-f,--format}'[output format]:format:(json jsonl mailbox value tsv vcard jcard xcard mutt aerc)' \
    '--template[output through a template]:template:' \
    '--join[with -m: one line, values joined]:separator:' \
    '*--require[only contacts with this property]:property:($properties)' \
    '--enable-if[predicateForEnablingContact]:predicate:' \
    '--select-if[predicateForSelectionOfContact]:predicate:' \
    '--select-property-if[predicateForSelectionOfProperty]:predicate:' \
    '--show-properties[the card shows only these]:keys:_values -s , key $properties' \
    '--no-actions[show: the card only shows]' \
    '--edit[show: e edits the card]' \
    '--height[inline height]:height:' \
    '--print-query[print the query first, as in fzf]' \
    '--expect[keys that also choose, as in fzf]:keys:' \
    '--print0[NUL after each output, as in fzf]' \
    '--no-mouse[no mouse]' \
    '--reverse[accepted as in fzf (cpick draws top-down)]' \
    '--read0[accepted as in fzf (no effect)]' \
    '--read-only[no adding or editing]' \
    '--save-to[new/unknown: the book that receives the card]:book:_files' \
    '--region[default country for phone numbers]:country code:' \
    '--from-message[unknown: the sender of the mail on stdin]' \
    '--header[unknown: the header fields to read]:header:(From Reply-To Sender To Cc)' \
    '--all[unknown: every address of those headers as one card]' \
    '--skip-known[unknown: exit at once when the sender is in the book]' \
    '--no-add[unknown: no Add to Existing Contact]' \
    '--alternate-name[unknown: the name shown on the card]:name:' \
    '--message[unknown: the text under the name]:message:' \
    '--vcard[new/unknown: start from this card]:vcard:_files' \
    '*--given-name[new/unknown: pre-fill the given name]:given name:' \
    '*--family-name[new/unknown: pre-fill the family name]:family name:' \
    '*--middle-name[new/unknown: pre-fill the middle name]:middle name:' \
    '*--name-prefix[new/unknown: pre-fill the name prefix]:name prefix:' \
    '*--name-suffix[new/unknown: pre-fill the name suffix]:name suffix:' \
    '*--nickname[new/unknown: pre-fill the nickname]:nickname:' \
    '*--organization[new/unknown: pre-fill the organization]:organization:' \
    '*--department[new/unknown: pre-fill the department]:department:' \
    '*--job-title[new/unknown: pre-fill the job title]:job title:' \
    '*--email[new/unknown: pre-fill the email]:email:' \
    '*--phone[new/unknown: pre-fill the phone]:phone:' \
    '*--address[new/unknown: pre-fill the address]:address:' \
    '*--url[new/unknown: pre-fill the URL]:URL:' \
    '*--birthday[new/unknown: pre-fill the birthday]:birthday:' \
    '*--note[new/unknown: pre-fill the note]:note:' \
    '*--im[new/unknown: pre-fill the IM address]:IM address:' \
    '--photo[new: the photo (JPEG, PNG, GIF)]:photo:_files' \
    '--group[only members of this group]:group:->group' \
    '--sort-by[sort order]:order:(given family none)' \
    '--name-order[composite name order]:order:(auto given-first family-first)' \
    '--exact[no fuzzy matching]' \
    '--no-color[no colours]' \
    '--no-images[the card shows the monogram, not the photo]' \
    '(- *)'{-h,--help}'[show help]' \
    '(- *)--man[print the manual page]' \
    '(- *)--version[show the version]' \
    '1: :->command' \
    '*: :->rest' && return 0
  case $state in
    command) _describe -t commands 'cpick command' commands ;;
    group)
      # The books given so far (-s, --source), else the one cpick reads by default.
      local -a groups sources
      local i
      for (( i = 2; i < CURRENT; i++ )); do
        case $words[i] in
          -s|--source) (( i + 1 < CURRENT )) && sources+=(--source ${(Q)words[i+1]/#\~/$HOME}) ;;
          --source=*) sources+=(--source ${(Q)${words[i]#--source=}/#\~/$HOME}) ;;
        esac
      done
      groups=(${(f)"$(command cpick groups $sources 2>/dev/null </dev/null | sed -n 's/^{"name":"\([^"]*\)".*/\1/p')"})
      # compadd quotes what it inserts: Book\ club.
      _wanted groups expl group compadd -a groups ;;
  esac
}
# compdef exists once compinit has run; otherwise register it for later.
if (( $+functions[compdef] )); then
  compdef _cpick cpick
else
  autoload -Uz compinit && compinit -u && compdef _cpick cpick
fi
