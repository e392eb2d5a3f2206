/// The text of `cpick --help`.
enum Usage {
  static let version = "cpick 0.1.0"

  static let text = """
    usage: cpick [COMMAND] [OPTIONS]

    A contact picker for the terminal. The interface is drawn on /dev/tty; the
    chosen contact is printed on stdout as JSON.

    commands:
      pick            (default) choose a contact from a searchable list
      show [QUERY|UID]  the person card; Enter on a value prints it; --edit: e edits
      new             the new-person form (--given-name, --email [label:]ADDR, …, --vcard)
      unknown         a card for someone not yet in the book (--from-message < mail)
      query [TEXT]    print every match, best first, one JSON object per line
      list            print every contact in sort order, one JSON object per line
      groups          print every group with its member count

    options:
      -s, --source SPEC      a .vcf file, a vdir folder, or - for stdin (repeatable);
                             default: $CPICK_SOURCE, the config file, stdin when it is
                             not a terminal, else $XDG_DATA_HOME/cpick/contacts
      -q, --query TEXT       start with this query
      -1, --select-1         choose at once when exactly one contact matches
      -0, --exit-0           exit 1 at once when nothing matches
      -p, --property KEY     choose a value: email, phone, address, url, im, social,
                             relation, date, birthday, note, organization
      -m, --multi            choose several (Tab marks)
      -f, --format FMT       json (default for pick), jsonl (default for query/list),
                             mailbox, value, tsv, vcard, jcard, mutt, aerc
          --template TEXT    e.g. '{displayName} <{email}>'
          --join TEXT        with -m: one line, values joined
          --require KEY      only contacts with this property can be chosen
          --enable-if EXPR   predicateForEnablingContact (NSPredicate syntax subset)
          --select-if EXPR   predicateForSelectionOfContact (false: the card opens)
          --select-property-if EXPR
          --show-properties KEY,...  the card shows only these
          --no-actions       show: the card only shows
          --height N[%]      draw inline below the prompt
          --print-query, --expect KEYS, --print0, --no-mouse   as in fzf
          --read-only        no adding or editing
          --save-to SOURCE   new/unknown: the book that receives the card
          --region CC        default country for phone numbers (duplicates, merging)
          --from-message, --header NAMES, --all, --skip-known, --no-add,
          --alternate-name TEXT, --message TEXT   unknown
          --group NAME       only members of this group
          --sort-by given|family
          --name-order auto|given-first|family-first
                             for names made from N; a card's FN shows as written
          --exact            no fuzzy matching
          --no-color         no colours (also NO_COLOR)
      -h, --help             this text
          --version          the version

    keys: type to search (names, email, phone digits, pinyin); Up/Down, Ctrl-P/N,
    PgUp/PgDn move; Enter chooses; Right/Ctrl-O card; Tab mark (-m); Ctrl-T groups;
    Ctrl-X section (then a letter); Ctrl-N new contact; Esc, Ctrl-C, Ctrl-G cancel.

    exit status: 0 chosen, 1 no match, 2 error, 130 cancelled.
    CPICK_DEFAULT_OPTS is read before the command line.
    """
}
