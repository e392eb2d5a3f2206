# cpick for fish: key bindings and completion.
#
#   source /path/to/cpick/integrations/shell/cpick.fish    # in ~/.config/fish/config.fish
#
# Alt-m  choose an email address, insert it as a mailbox at the cursor:
#        Ada Lovelace <ada@example.org>
# Alt-k  choose a phone number, insert the number at the cursor.
#
# Rebind with `bind KEYS cpick_mailbox_widget` (or cpick_phone_widget).

# Runs cpick with $argv on the terminal and inserts its output at the cursor.
# stdin comes from /dev/tty so cpick reads its address book.
function __cpick_insert
    set -l chosen (command cpick $argv </dev/tty | string collect)
    and test -n "$chosen"
    and commandline -i -- $chosen
    commandline -f repaint   # cpick drew on the alternate screen
end
function cpick_mailbox_widget -d 'cpick: insert a mailbox'
    __cpick_insert -p email -f mailbox
end
function cpick_phone_widget -d 'cpick: insert a phone number'
    __cpick_insert -p phone -f value
end

bind \em cpick_mailbox_widget
bind \ek cpick_phone_widget
if bind -M insert >/dev/null 2>&1   # vi mode
    bind -M insert \em cpick_mailbox_widget
    bind -M insert \ek cpick_phone_widget
end

# --- completion ----------------------------------------------------------------

set -l __cpick_commands pick show query list groups
set -l __cpick_properties email phone address url im social relation date birthday note organization
complete -c cpick -f
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a pick -d 'choose a contact (default)'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a show -d 'the person card'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a query -d 'every match, best first'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a list -d 'every contact in sort order'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a groups -d 'every group with its member count'
complete -c cpick -s s -l source -rF -d 'address book: .vcf file, vdir folder, - for stdin'
complete -c cpick -s q -l query -x -d 'start with this query'
complete -c cpick -s 1 -l select-1 -d 'choose at once when exactly one contact matches'
complete -c cpick -s 0 -l exit-0 -d 'exit 1 at once when nothing matches'
complete -c cpick -s p -l property -x -a "$__cpick_properties" -d 'choose a value, not a person'
complete -c cpick -s m -l multi -d 'choose several (Tab marks)'
complete -c cpick -s f -l format -x -a 'json jsonl mailbox value tsv mutt aerc' -d 'output format'
complete -c cpick -l template -x -d 'output through a template'
complete -c cpick -l join -x -d 'with -m: one line, values joined'
complete -c cpick -l require -x -a "$__cpick_properties" -d 'only contacts with this property'
complete -c cpick -l enable-if -x -d predicateForEnablingContact
complete -c cpick -l select-if -x -d predicateForSelectionOfContact
complete -c cpick -l select-property-if -x -d predicateForSelectionOfProperty
complete -c cpick -l show-properties -x -d 'the card shows only these'
complete -c cpick -l no-actions -d 'show: the card only shows'
function __cpick_groups -d 'group names of the address book'
    command cpick groups 2>/dev/null </dev/null | string replace -rf '^\{"name":"([^"]*)".*' '$1'
end
complete -c cpick -l group -x -a '(__cpick_groups)' -d 'only members of this group'
complete -c cpick -l sort-by -x -a 'given family' -d 'sort order'
complete -c cpick -l name-order -x -a 'auto given-first family-first' -d 'composite name order'
complete -c cpick -l exact -d 'no fuzzy matching'
complete -c cpick -l no-color -d 'no colours'
complete -c cpick -l read-only -d 'no adding or editing'
complete -c cpick -l height -x -d 'inline height N[%]'
complete -c cpick -s h -l help -d 'show help'
complete -c cpick -l version -d 'show the version'
