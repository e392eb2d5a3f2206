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

set -l __cpick_commands pick show new unknown query list groups sync books
set -l __cpick_properties email phone address url im social relation date birthday note organization
complete -c cpick -f
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a pick -d 'choose a contact (default)'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a show -d 'the person card'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a new -d 'the new-person form'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a unknown -d 'a card for someone not yet in the book'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a query -d 'every match, best first'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a list -d 'every contact in sort order'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a groups -d 'every group with its member count'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a sync -d 'bring every server book up to date'
complete -c cpick -n "not __fish_seen_subcommand_from $__cpick_commands" -a books -d 'the address books of each server account'
complete -c cpick -s s -l source -rF -d 'address book: .vcf file, vdir folder, - for stdin'
complete -c cpick -s q -l query -x -d 'start with this query'
complete -c cpick -s 1 -l select-1 -d 'choose at once when exactly one contact matches'
complete -c cpick -s 0 -l exit-0 -d 'exit 1 at once when nothing matches'
complete -c cpick -s p -l property -x -a "$__cpick_properties" -d 'choose a value, not a person'
complete -c cpick -s m -l multi -d 'choose several (Tab marks)'
complete -c cpick -s f -l format -x -a 'json jsonl mailbox value tsv vcard jcard xcard mutt aerc' -d 'output format'
complete -c cpick -l template -x -d 'output through a template'
complete -c cpick -l join -x -d 'with -m: one line, values joined'
complete -c cpick -l require -x -a "$__cpick_properties" -d 'only contacts with this property'
complete -c cpick -l enable-if -x -d predicateForEnablingContact
complete -c cpick -l select-if -x -d predicateForSelectionOfContact
complete -c cpick -l select-property-if -x -d predicateForSelectionOfProperty
complete -c cpick -l show-properties -x -a "(__fish_complete_list , 'string split \" \" -- $__cpick_properties')" -d 'the card shows only these'
complete -c cpick -l no-actions -d 'show: the card only shows'
complete -c cpick -l edit -d 'show: e edits the card'
complete -c cpick -l height -x -d 'inline height N[%]'
complete -c cpick -l print-query -d 'print the query first, as in fzf'
complete -c cpick -l expect -x -d 'keys that also choose, as in fzf'
complete -c cpick -l print0 -d 'NUL after each output, as in fzf'
complete -c cpick -l no-mouse -d 'no mouse'
complete -c cpick -l reverse -d 'accepted as in fzf (cpick draws top-down)'
complete -c cpick -l read0 -d 'accepted as in fzf (no effect)'
complete -c cpick -l read-only -d 'no adding or editing'
complete -c cpick -l save-to -rF -d 'new/unknown: the book that receives the card'
complete -c cpick -l region -x -d 'default country for phone numbers'
complete -c cpick -l from-message -d 'unknown: the sender of the mail on stdin'
complete -c cpick -l header -x -a 'From Reply-To Sender To Cc' -d 'unknown: the header fields to read'
complete -c cpick -l all -d 'unknown: every address of those headers as one card'
complete -c cpick -l skip-known -d 'unknown: exit at once when the sender is in the book'
complete -c cpick -l no-add -d 'unknown: no Add to Existing Contact'
complete -c cpick -l alternate-name -x -d 'unknown: the name shown on the card'
complete -c cpick -l message -x -d 'unknown: the text under the name'
complete -c cpick -l vcard -rF -d 'new/unknown: start from this card'
complete -c cpick -l given-name -x -d 'new/unknown: pre-fill the given name'
complete -c cpick -l family-name -x -d 'new/unknown: pre-fill the family name'
complete -c cpick -l middle-name -x -d 'new/unknown: pre-fill the middle name'
complete -c cpick -l name-prefix -x -d 'new/unknown: pre-fill the name prefix'
complete -c cpick -l name-suffix -x -d 'new/unknown: pre-fill the name suffix'
complete -c cpick -l nickname -x -d 'new/unknown: pre-fill the nickname'
complete -c cpick -l organization -x -d 'new/unknown: pre-fill the organization'
complete -c cpick -l department -x -d 'new/unknown: pre-fill the department'
complete -c cpick -l job-title -x -d 'new/unknown: pre-fill the job title'
complete -c cpick -l email -x -d 'new/unknown: pre-fill the email'
complete -c cpick -l phone -x -d 'new/unknown: pre-fill the phone'
complete -c cpick -l address -x -d 'new/unknown: pre-fill the address'
complete -c cpick -l url -x -d 'new/unknown: pre-fill the URL'
complete -c cpick -l birthday -x -d 'new/unknown: pre-fill the birthday'
complete -c cpick -l note -x -d 'new/unknown: pre-fill the note'
complete -c cpick -l photo -rF -d 'new: the photo (JPEG, PNG, GIF)'
complete -c cpick -l im -x -d 'new/unknown: pre-fill the IM address'
# The address book's group names, from the books given so far (-s, --source), else
# from the book cpick reads by default.
function __cpick_groups -d 'group names of the address book'
    command -q cpick; or return
    set -l sources
    set -l words (commandline -opc)
    for i in (seq 2 (count $words))
        switch $words[$i]
            case -s --source
                set -q words[(math $i + 1)]; and set -a sources --source $words[(math $i + 1)]
            case '--source=*'
                set -a sources --source (string replace -- --source= '' $words[$i])
        end
    end
    command cpick groups $sources 2>/dev/null </dev/null | string replace -rf '^\{"name":"([^"]*)".*' '$1'
end
complete -c cpick -l group -x -a '(__cpick_groups)' -d 'only members of this group'
complete -c cpick -l sort-by -x -a 'given family none' -d 'sort order'
complete -c cpick -l name-order -x -a 'auto given-first family-first' -d 'composite name order'
complete -c cpick -l exact -d 'no fuzzy matching'
complete -c cpick -l no-color -d 'no colours'
complete -c cpick -l no-images -d 'the card shows the monogram, not the photo'
complete -c cpick -s h -l help -d 'show help'
complete -c cpick -l man -d 'print the manual page'
complete -c cpick -l version -d 'show the version'
