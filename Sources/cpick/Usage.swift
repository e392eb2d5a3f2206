import CpickSupport
/// The texts of `cpick --help` and `cpick COMMAND --help`.
enum Usage {
  static let version = "cpick 0.1.0"

  /// Every long option the help texts name (`--source`, `--given-name`…): the
  /// candidates of "did you mean" for an unknown one.
  static let longOptions: [String] = {
    var names: Set<String> = []
    for command in Options.Command.allCases {
      let words = text(for: command).split { !($0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-")) }
      for word in words where word.hasPrefix("--") && word.dropFirst(2).first?.isLowercase == true {
        names.insert(String(word))
      }
    }
    return names.sorted()
  }()

  /// The long option `name` was likely meant to be: the only one it begins (`--given`
  /// for `--given-name`), else the nearest in spelling; nil when none is near.
  static func nearestOption(to name: String) -> String? {
    let extended = longOptions.filter { $0.hasPrefix(name) }
    if extended.count == 1 { return extended[0] }
    return NearestName.nearest(to: name, in: longOptions)
  }

  /// The help of `command`: its own text, but for `pick` (the default) `text`.
  static func text(for command: Options.Command) -> String {
    switch command {
    case .show: show
    case .new: new
    case .unknown: unknown
    case .query: query
    case .list: list
    case .groups: groups
    case .sync: sync
    case .books: books
    case .pick: text
    }
  }

  /// What `query` and `list` print, and how (their options beside the picker's).
  static let printingOptions = """
      -f, --format FMT           jsonl (default: one JSON object per line), json, mailbox,
                                 value, tsv, vcard, jcard, xcard, mutt, aerc
          --template TEXT        a line per contact (or per value with -p): see cpick --help
      -p, --property KEY         print the values of this property, one per line
          --require KEY, --enable-if EXPR   only the contacts these enable are printed
          --group NAME           only members of this group
      -s, --source SPEC          the address books (see cpick --help)
          --print0, --name-order ...   as for every command
    """

  static let query = """
    usage: cpick query [TEXT] [OPTIONS]

    Every contact TEXT matches (as the picker's search: accents, pinyin, phone digits),
    best first. Exit 1 when nothing matches. --format mutt is neomutt's query_command
    (a message line first), --format aerc aerc's address-book-cmd (quote "%s").

    options:
    \(printingOptions)
          --exact                no fuzzy matching
    """

  static let list = """
    usage: cpick list [OPTIONS]

    Every contact, in sort order (--sort-by given|family|none).

    options:
    \(printingOptions)
    """

  static let groups = """
    usage: cpick groups [OPTIONS]

    Every group with its member count: those with members here by name, then group
    cards without members here. Prints {"name":…,"memberCount":…} per line; -f tsv
    prints NAME<TAB>COUNT, -f value the names.

    options:
      -s, --source SPEC          the address books (see cpick --help)
    """

  static let sync = """
    usage: cpick sync [-s URL...]

    Brings the server books up to date (every [account] of the config, or the books
    given with -s URL: CardDAV, LDAP) and sends the edits queued while offline.
    Needs cpick-sync beside cpick or on PATH; credentials come from the config
    (password-command, token-command) or ~/.netrc, never from the command line.
    """

  static let books = """
    usage: cpick books [-s URL...]

    The address books each server account offers (or the server given with -s URL),
    to choose from in the config.
    """

  /// The field options of `new` and `unknown` (`FieldOptions`).
  static let fieldOptions = """
    fields (repeat the multi-value ones; a `label:` prefix is optional):
          --given-name TEXT, --family-name TEXT, --middle-name TEXT,
          --name-prefix TEXT, --name-suffix TEXT, --nickname TEXT
          --organization TEXT, --department TEXT, --job-title TEXT
          --email [LABEL:]ADDRESS        e.g. --email work:ada@example.org
          --phone [LABEL:]NUMBER         e.g. --phone mobile:+44 20 7946 0000
          --address [LABEL:]STREET;CITY;STATE;POSTAL CODE;COUNTRY
          --url [LABEL:]URL, --im [LABEL:][SERVICE:]USER
          --birthday YYYY-MM-DD|--MM-DD, --note TEXT
          --photo FILE                   a JPEG, PNG or GIF (scaled to 256 px, saved as JPEG)
          --vcard FILE|-                 a card sent (a .vcf file, - for stdin), saved whole
    """

  /// The options every command that saves takes.
  static let savingOptions = """
          --save-to SOURCE       the book that receives the card (default: the first book)
          --group NAME           also make the new person a member of this group
          --region CC            default country for phone numbers (duplicates, merging)
          -s, --source SPEC      the address books (see cpick --help)
          -f, --format FMT       json (default), jsonl, mailbox, value, tsv, vcard, jcard, xcard
          --height N[%], --no-color, --name-order ...   as for every command
    """

  static let new = """
    usage: cpick new [FIELD OPTIONS] [OPTIONS]

    The new-person form, pre-filled with the fields given. Ctrl-S saves (after a
    check for the same person already in the book: by name, phone or email) and
    prints {"event":"didCompleteWithNewPerson","person":{...}}; Esc cancels (exit 130).

    \(fieldOptions)

    options:
    \(savingOptions)
    """

  static let unknown = """
    usage: cpick unknown [FIELD OPTIONS] [OPTIONS]
           cpick unknown --from-message [--header NAMES] [OPTIONS] < message

    The card of someone not yet in the book: n Create New Contact, a Add to Existing
    Contact (choose the person, then save the merged card); a sender already in the
    book is shown as such (o opens that card); o and m on a value act as on the
    person card. Prints {"event":"didResolveToPerson","person":{...}}.

    \(fieldOptions)

    options:
          --from-message         the person from a mail message on stdin (RFC 5322)
          --header NAMES         the headers to take addresses from (default From;
                                 e.g. Reply-To,Cc)
          --all                  every address of those headers as one card
          --alternate-name TEXT  the name shown when the card has none
          --message TEXT         a line shown under the name
          --no-add               no "Create New Contact" / "Add to Existing Contact"
          --no-actions           no o/m actions on values
          --skip-known           a sender already in the book: print them, no card
    \(savingOptions)
    """

  static let show = """
    usage: cpick show [QUERY|UID] [OPTIONS]

    The person card of the best match of QUERY (or the contact with this UID). Enter
    on a value prints {"event":"didSelectProperty",...}; o mails, calls, opens or maps
    it and m texts a number (action-* in the config); Esc closes (exit 130).

    options:
          --edit                 e edits the card; Ctrl-S saves only the changed lines
                                 (didCompleteWithPerson); the groups row adds the
                                 person to a group (Enter) or takes them out (Ctrl-X);
                                 Delete Contact, the form's last row, removes it
                                 (didDeletePerson)
          --no-actions           the card only shows (no choosing, no actions)
          --show-properties KEY,...  the card shows only these (email, phone, ...)
          -f, --format FMT       json (default), mailbox, value, tsv, vcard, jcard, xcard
          --select-property-if EXPR  which values can be chosen
          --save-to SOURCE, --region CC   with --edit, as for cpick new
          -s, --source SPEC      the address books (see cpick --help)
    """

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
      sync            bring every server book (CardDAV) up to date, send queued edits
      books           the address books found on each server account (for the config)

    options:
      -s, --source SPEC      a .vcf file (or jCard, xCard, JSON lines), a vdir folder,
                             another program's book (abook, mutt aliases, a CSV
                             export, LDIF), - for stdin, a CardDAV server or address
                             book (https://…) or an LDAP directory (ldap://…;
                             repeatable);
                             default: $CPICK_SOURCE, the config file, stdin when it is
                             not a terminal, else $XDG_DATA_HOME/cpick/contacts
      -q, --query TEXT       start with this query
      -1, --select-1         choose at once when exactly one contact matches
      -0, --exit-0           exit 1 at once when nothing matches
      -p, --property KEY     choose a value: email, phone, address, url, im, social,
                             relation, date, birthday, note, organization; a query
                             word naming one email or phone picks it
      -m, --multi            choose several (Tab marks)
      -f, --format FMT       json (default for pick), jsonl (default for query/list),
                             mailbox, value, tsv, vcard, jcard, xcard, mutt, aerc
          --template TEXT    e.g. '{displayName} <{email}>': any key of the JSON,
                             a list joined by ", " ({groups}, {emailAddresses}),
                             key paths ({postalAddresses.value.city},
                             {phoneNumbers.@count}); {email} {phone} {mailbox};
                             with -p {value} {label} {key} {identifier};
                             the later of -f and --template is used
          --join TEXT        with -m: one line, values joined
          --require KEY      only contacts with this property can be chosen
                             (query, list: only they are printed)
          --enable-if EXPR   predicateForEnablingContact (NSPredicate syntax subset;
                             query, list: only the contacts it enables are printed)
          --select-if EXPR   predicateForSelectionOfContact (false: the card opens)
          --select-property-if EXPR  predicateForSelectionOfProperty: which values
                             of the card can be chosen
          --show-properties KEY,...  the card shows only these
          --no-actions       show, unknown: the card only shows (no o/m actions)
          --height N[%]      draw inline below the prompt
          --print-query, --expect KEYS, --print0, --no-mouse   as in fzf
          --reverse, --read0  accepted as fzf's, with no effect (cpick draws
                             top-down; its books are never NUL-separated)
          --read-only        no adding or editing
          --save-to SOURCE   new/unknown: the book that receives the card
          --region CC        default country for phone numbers (duplicates, merging)
          --from-message, --header NAMES, --all, --skip-known, --no-add,
          --alternate-name TEXT, --message TEXT   unknown
          --group NAME       only members of this group
          --sort-by given|family|none   none: the books' own order
          --name-order auto|given-first|family-first
                             for names made from N; a card's FN shows as written
          --exact            no fuzzy matching
          --no-color         no colours (also NO_COLOR; the card shows no photo)
          --no-images        the card shows the monogram, not the photo
      -h, --help             this text (cpick COMMAND --help: that command's)
          --man              the manual page (roff), made from these texts
          --version          the version

    keys: type to search (names, email, phone digits, pinyin); Up/Down, Ctrl-P,
    PgUp/PgDn move; Enter chooses; Right/Ctrl-O card; Tab mark (-m); Ctrl-T groups;
    Ctrl-X section (then a letter); Ctrl-N new contact (with --read-only it moves
    down); Esc, Ctrl-C, Ctrl-G cancel.
    groups (Ctrl-T): Enter narrows the list to one; Tab chooses its members (-m);
    Ctrl-N new group, Ctrl-R rename, Ctrl-X delete (after y; members stay).
    card: Enter chooses a value; o mails, calls, opens or maps it, m texts a number;
    e edits. The form: Ctrl-S saves; on the groups row "+ add to group" Enter (or
    typing) searches the groups, Enter adds one or a new one named as typed; Ctrl-X
    on a group takes the person out; Delete Contact, the last row, removes the card.
    F1 shows the keys of the screen (the list, the card, the form; also ? on a card).

    exit status: 0 chosen, 1 no match, 2 error, 130 cancelled.
    CPICK_DEFAULT_OPTS is read before the command line.
    """
}
