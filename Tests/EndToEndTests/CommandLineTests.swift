import Foundation
import Testing

/// The commands and options that need no terminal, run as a script would run them.
@Suite("cpick without a terminal")
struct CommandLineTests {
  @Test("cpick groups lists each group once: those with members here by name, then group cards without, as named")
  func groupsOnce() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let book = folder.appendingPathComponent("book.vcf").path
    func group(_ name: String, _ members: [String]) -> String {
      "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:\(name)\r\n" + members.map { "MEMBER:urn:uuid:\($0)\r\n" }.joined()
        + "END:VCARD\r\n"
    }
    let ada = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:ada\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n"
    try (ada + group("Team", ["ada"]) + group("Empty", []) + group("Team", ["ada"]) + group("Empty", [])
      + group("Alumni", ["nobody"])).write(toFile: book, atomically: true, encoding: .utf8)
    let run = try CommandRunner.cpick(["groups", "-s", book, "-f", "tsv"])
    #expect(run.status == 0)
    #expect(run.stdoutLines == ["Team\t1", "Empty\t0", "Alumni\t0"])
  }

  @Test("a --template field no contact has is exit 2 with the nearest name, before anything is printed")
  func templateTypo() throws {
    let result = try CommandRunner.cpick(
      ["query", "thornton", "--template", "{displayName} <{emial}>", "-s", EndToEnd.sampleBook])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrText == "cpick: --template: unknown field {emial} (did you mean {email}?)\n")
  }

  @Test("cpick sync and cpick books with no server account say so (exit 2), not that the helper is missing")
  func syncWithoutAccounts() throws {
    for command in ["sync", "books"] {
      let result = try CommandRunner.cpick([command])
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderrText
          == "cpick: \(command): no server account: give an [account NAME] section of the config a url, or a server with -s URL\n")
    }
  }

  @Test("a mistyped command or option gets the one meant; a bare word asks for -q; --region takes a country code", arguments: [
    (["qurey", "maria"], "cpick: unexpected argument 'qurey' (did you mean 'cpick query'?)\n"),
    (["lsit"], "cpick: unexpected argument 'lsit' (did you mean 'cpick list'?)\n"),
    (["new", "--given", "Ada"], "cpick: unknown option --given (did you mean --given-name?)\n"),
    (["query", "x", "--tempalte", "{email}"], "cpick: unknown option --tempalte (did you mean --template?)\n"),
    (["maria"], "cpick: unexpected argument 'maria' (a query is given with -q, or to 'cpick query')\n"),
    (["--bogus"], "cpick: unknown option --bogus (see cpick --help)\n"),
    (["help"], "cpick: unexpected argument 'help' (did you mean 'cpick --help'?)\n"),
    (["/"], "cpick: unexpected argument '/' (a book is given with -s)\n"),
    (["query", "x", "--region", "germany"], "cpick: --region GERMANY: a two-letter country code (ISO 3166), e.g. DE\n"),
  ])
  func suggestions(arguments: [String], message: String) throws {
    let result = try CommandRunner.cpick(arguments + ["-s", EndToEnd.sampleBook])
    #expect(result.status == 2)
    #expect(result.stderrText == message)
  }

  @Test("a bad word in CPICK_DEFAULT_OPTS is named as the variable's; one on the command line is not")
  func defaultOptionsNamed() throws {
    let fromVariable = try CommandRunner.shell(
      #"CPICK_DEFAULT_OPTS='--height 40% --bogus' "$0" query thornton -s "$1""#, [EndToEnd.sampleBook])
    #expect(fromVariable.status == 2)
    #expect(fromVariable.stderrText.hasPrefix("cpick: CPICK_DEFAULT_OPTS: unknown option --bogus"))
    let fromLine = try CommandRunner.shell(
      #"CPICK_DEFAULT_OPTS='--height 40%' "$0" query thornton --bogus -s "$1""#, [EndToEnd.sampleBook])
    #expect(fromLine.status == 2)
    #expect(fromLine.stderrText.hasPrefix("cpick: unknown option --bogus"))
    // An option at the variable's end without its value takes no word of the command line.
    let unfinished = try CommandRunner.shell(#"CPICK_DEFAULT_OPTS='-q' "$0" list -s "$1""#, [EndToEnd.sampleBook])
    #expect(unfinished.status == 2)
    #expect(unfinished.stderrText.hasPrefix("cpick: CPICK_DEFAULT_OPTS: option -q needs a value"))
  }

  @Test("CPICK_DEFAULT_OPTS holds options only, its quotes closed; two queries and a format groups does not print are exit 2")
  func wordsRefused() throws {
    let command = try CommandRunner.shell(#"CPICK_DEFAULT_OPTS='show' "$0" query jack -s "$1""#, [EndToEnd.sampleBook])
    #expect(command.status == 2)
    #expect(command.stderrText.hasPrefix("cpick: CPICK_DEFAULT_OPTS: 'show' is no option"), "\(command.stderrText)")
    let quote = try CommandRunner.shell(#"CPICK_DEFAULT_OPTS="-f 'tsv" "$0" query jack -s "$1""#, [EndToEnd.sampleBook])
    #expect(quote.status == 2)
    #expect(quote.stderrText == "cpick: CPICK_DEFAULT_OPTS: a ' quote is not closed\n")
    let twice = try CommandRunner.cpick(["query", "thornton", "-q", "jack", "-s", EndToEnd.sampleBook])
    #expect(twice.status == 2)
    #expect(twice.stderrText == "cpick: unexpected argument 'thornton' (the query is given with -q already)\n")
    let long = try CommandRunner.cpick(["query", String(repeating: "ada ", count: 1_100), "-s", EndToEnd.sampleBook])
    #expect(long.status == 2)
    #expect(long.stderrText == "cpick: a query is at most 4096 characters; this one has 4400\n")
    let groups = try CommandRunner.cpick(["groups", "-f", "vcard", "-s", EndToEnd.sampleBook])
    #expect(groups.status == 2)
    #expect(groups.stderrText == "cpick: cpick groups prints json, jsonl, value or tsv, not vcard\n")
    // A format in CPICK_DEFAULT_OPTS (for the picker) leaves groups to its own.
    let defaulted = try CommandRunner.shell(#"CPICK_DEFAULT_OPTS='-f mailbox' "$0" groups -s "$1""#, [EndToEnd.sampleBook])
    #expect(defaulted.status == 0, "\(defaulted.stderrText)")
    #expect(defaulted.stdoutLines.first?.hasPrefix("{\"name\":") == true, "\(defaulted.stdoutText)")
  }

  @Test("of -f and --template the later one prints; a -f on the command line over a --template in CPICK_DEFAULT_OPTS")
  func laterFormatWins() throws {
    let book = EndToEnd.sampleBook
    let mailbox = try CommandRunner.cpick(["query", "jack miller", "--template", "{displayName}", "-f", "mailbox", "-s", book])
    #expect(mailbox.stdoutLines == ["Jack Miller <jack.miller@example.com>"])
    let template = try CommandRunner.cpick(["query", "jack miller", "-f", "mailbox", "--template", "{displayName}", "-s", book])
    #expect(template.stdoutLines == ["Jack Miller"])
    let overDefaults = try CommandRunner.shell(
      #"CPICK_DEFAULT_OPTS="--template '{displayName}|{phone}'" "$0" query 'jack miller' -f mailbox -s "$1""#, [book])
    #expect(overDefaults.stdoutLines == ["Jack Miller <jack.miller@example.com>"], "\(overDefaults.stderrText)")
  }

  /// Runs `out=$(setsid -w cpick -s SAMPLE-BOOK ARGUMENTS…)` as a script would: no
  /// controlling terminal, so /dev/tty cannot be opened; stdout is what `$(…)` kept.
  func inCommandSubstitution(_ arguments: [String]) throws -> CommandResult {
    try CommandRunner.shell(
      #"out=$(setsid -w "$0" -s "$@"); rc=$?; printf '%s' "$out"; exit $rc"#, [EndToEnd.sampleBook] + arguments)
  }

  @Test(
    "--select-1 inside $(…) prints the JSON of the one match without a terminal",
    .enabled(if: EndToEnd.setsidIsAvailable, "setsid (util-linux) is not installed"))
  func selectOne() throws {
    let result = try inCommandSubstitution(["-q", "jose alvarez", "--select-1"])
    #expect(result.status == 0, "stderr: \(result.stderrText)")
    let person = try JSONDocument.selectedPerson(result.stdout)
    #expect(person["displayName"] as? String == "José Álvarez")
    #expect(JSONDocument.values(person, "emailAddresses").first == "jose.alvarez@example.com")
    #expect(result.stderr.isEmpty)
  }

  @Test(
    "--exit-0 with nothing matching exits 1 with nothing on stdout",
    .enabled(if: EndToEnd.setsidIsAvailable, "setsid (util-linux) is not installed"))
  func exitZero() throws {
    let result = try inCommandSubstitution(["-q", "zzqxj-nobody", "--exit-0"])
    #expect(result.status == 1, "stderr: \(result.stderrText)")
    #expect(result.stdout.isEmpty)
  }

  @Test(
    "--select-1 -f mailbox with one match that has one email prints the mailbox without a terminal",
    .enabled(if: EndToEnd.setsidIsAvailable, "setsid (util-linux) is not installed"))
  func selectOneMailbox() throws {
    let result = try inCommandSubstitution(["-q", "jack miller", "-1", "-f", "mailbox"])
    #expect(result.status == 0, "stderr: \(result.stderrText)")
    #expect(result.stdoutText == "Jack Miller <jack.miller@example.com>")
    #expect(result.stderr.isEmpty)
  }

  @Test(
    "--select-1 takes the one contact the words start, not a scattered fuzzy match beside it (issue 23's heiko)",
    .enabled(if: EndToEnd.setsidIsAvailable, "setsid (util-linux) is not installed"))
  func selectOneTakesTheWordMatch() throws {
    let book = try EndToEnd.makeTemporaryDirectory().appendingPathComponent("heiko.vcf")
    try """
      BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Herminio Dock Barton\r\nN:Barton;Herminio;Dock;;\r\nEND:VCARD\r
      BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Heiko Mustermann\r\nN:Mustermann;Heiko;;;\r\nEND:VCARD\r

      """.write(to: book, atomically: true, encoding: .utf8)
    let listed = try CommandRunner.cpick(["query", "heiko", "-s", book.path, "-f", "value"])
    #expect(listed.stdoutLines == ["Heiko Mustermann", "Herminio Dock Barton"], "the list still shows both, the scattered last")
    let result = try CommandRunner.shell(
      #"out=$(setsid -w "$0" -s "$1" -q heiko -1 -f value); rc=$?; printf '%s' "$out"; exit $rc"#, [book.path])
    #expect(result.status == 0, "stderr: \(result.stderrText)")
    #expect(result.stdoutText == "Heiko Mustermann")
  }

  @Test(
    "--select-1 and --exit-0 print the query (--print-query) and an empty key line (--expect) first, as fzf does",
    .enabled(if: EndToEnd.setsidIsAvailable, "setsid (util-linux) is not installed"))
  func selectOnePrintsQueryAndKey() throws {
    let chosen = try CommandRunner.run(
      "/usr/bin/env",
      ["setsid", "-w", try EndToEnd.binary(), "-s", EndToEnd.sampleBook, "-q", "jack miller", "-1", "-f", "mailbox",
       "--print-query", "--expect", "ctrl-e"])
    #expect(chosen.status == 0, "stderr: \(chosen.stderrText)")
    #expect(chosen.stdoutLines == ["jack miller", "", "Jack Miller <jack.miller@example.com>"])
    let none = try CommandRunner.run(
      "/usr/bin/env",
      ["setsid", "-w", try EndToEnd.binary(), "-s", EndToEnd.sampleBook, "-q", "zzqxj-nobody", "-0",
       "--print-query", "--expect", "ctrl-e"])
    #expect(none.status == 1, "stderr: \(none.stderrText)")
    #expect(none.stdoutLines == ["zzqxj-nobody", ""])
  }

  @Test("cpick query -f mailbox prints one mailbox per match, the best first")
  func queryMailbox() throws {
    let result = try CommandRunner.cpick(["query", "jose", "-s", EndToEnd.sampleBook, "-f", "mailbox"])
    #expect(result.status == 0)
    #expect(result.stdoutLines.first == "José Álvarez <jose.alvarez@example.com>")
    #expect(result.stdoutLines.count >= 2)
    for line in result.stdoutLines {
      #expect(line.range(of: #"^.+ <[^<>@ ]+@[^<>@ ]+>$"#, options: .regularExpression) != nil, "\(line)")
    }
    #expect(result.stderr.isEmpty)
  }

  @Test("cpick query with nothing matching exits 1 with nothing on stdout")
  func queryNoMatch() throws {
    let result = try CommandRunner.cpick(["query", "zzqxj-nobody", "-s", EndToEnd.sampleBook])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
  }

  @Test("list exits 1 when its group or predicate leaves nobody; 2 for a server book never synced that cannot be")
  func listStatuses() throws {
    let group = try CommandRunner.cpick(["list", "--group", "Nope", "-s", EndToEnd.sampleBook])
    #expect(group.status == 1 && group.stdout.isEmpty)
    let predicate = try CommandRunner.cpick(["list", "--enable-if", "givenName == 'Nobody at all'", "-s", EndToEnd.sampleBook])
    #expect(predicate.status == 1 && predicate.stdout.isEmpty)
    #expect(try CommandRunner.cpick(["list", "-s", EndToEnd.sampleBook]).status == 0)
    // A URL refused (plain http to another machine), a directory that does not answer.
    for url in ["http://example.com/dav/", "ldap://127.0.0.1:1/dc=example,dc=org"] {
      let server = try CommandRunner.cpick(["list", "-s", url], timeout: 60)
      #expect(server.status == 2, "\(url): \(server.stderrText)")
      #expect(server.stdout.isEmpty)
      #expect(server.stderrText.contains("never synced, and the sync failed"), "\(server.stderrText)")
    }
  }

  @Test("cpick list prints the 67 people of the sample book, one JSON object per line")
  func listAll() throws {
    let result = try CommandRunner.cpick(["list", "-s", EndToEnd.sampleBook])
    #expect(result.status == 0)
    #expect(result.stdoutLines.count == 67)
    var identifiers = Set<String>()
    for line in result.stdoutLines {
      let object = try JSONDocument.object(Data(line.utf8))
      #expect(object["displayName"] as? String != nil, "\(line)")
      if let identifier = object["identifier"] as? String { identifiers.insert(identifier) }
    }
    #expect(identifiers.count == 67, "every person has its own identifier")
  }

  @Test("cpick list reads contacts from stdin with -s -")
  func listFromStdin() throws {
    let result = try CommandRunner.cpick(["list", "-s", "-", "-f", "value"], stdin: EndToEnd.sampleBook)
    #expect(result.status == 0)
    #expect(result.stdoutLines.count == 67)
    #expect(result.stdoutLines.contains("José Álvarez"))
  }

  @Test(
    "The picker without a terminal exits 2 at once with one line on stderr",
    .enabled(if: EndToEnd.setsidIsAvailable, "setsid (util-linux) is not installed"))
  func noTerminal() throws {
    let result = try CommandRunner.run(
      "/usr/bin/env", ["setsid", "-w", try EndToEnd.binary(), "-s", EndToEnd.sampleBook], timeout: 5)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.count == 1, "stderr: \(result.stderrText)")
    let message = result.stderrText.lowercased()
    #expect(message.contains("tty") || message.contains("terminal"), "stderr: \(result.stderrText)")
    // What works without one.
    #expect(message.contains("cpick query") && message.contains("cpick list"), "stderr: \(result.stderrText)")
  }

  @Test("A bad option exits 2 with one line on stderr and nothing on stdout")
  func badOption() throws {
    let result = try CommandRunner.cpick(["--no-such-option", "-s", EndToEnd.sampleBook])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.count == 1, "stderr: \(result.stderrText)")
  }
}

/// Cards in and out: `-f vcard`, `-f jcard`, `-f xcard`, and cpick's JSON lines piped back in.
@Suite("Cards in and out")
struct CardsInAndOutTests {
  @Test("list -f vcard, -f jcard and -f xcard read back as the same people; unchanged cards come out byte for byte")
  func roundTrip() throws {
    let original = try CommandRunner.cpick(["list", "-s", EndToEnd.sampleBook, "-f", "tsv"])
    for format in ["vcard", "jcard", "xcard"] {
      let cards = try CommandRunner.shell(
        "\"$0\" list -s \"$1\" -f \(format) | \"$0\" list -s - -f tsv", [EndToEnd.sampleBook])
      #expect(cards.status == 0)
      #expect(cards.stdoutText == original.stdoutText, "\(format) round trip differs")
    }
    let one = try CommandRunner.cpick(["query", "margaret thornton", "-s", EndToEnd.sampleBook, "-f", "vcard"])
    let book = try String(contentsOfFile: EndToEnd.sampleBook, encoding: .utf8)
    #expect(one.stdoutText.hasPrefix("BEGIN:VCARD\r\n"))
    #expect(book.contains(one.stdoutText))
  }

  @Test("an xCard file is a source, read by cpick-sync: cpick itself does not load libxml2")
  func xCardSource() throws {
    let folder = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("book.xml").path
    let written = try CommandRunner.shell("\"$0\" list -s \"$1\" -f xcard > \"$2\"", [EndToEnd.sampleBook, file])
    #expect(written.status == 0)
    let fromXML = try CommandRunner.cpick(["query", "margaret thornton", "-s", file, "-f", "tsv"])
    let fromVCF = try CommandRunner.cpick(["query", "margaret thornton", "-s", EndToEnd.sampleBook, "-f", "tsv"])
    #expect(fromXML.status == 0 && !fromXML.stdoutText.isEmpty)
    #expect(fromXML.stdoutText == fromVCF.stdoutText)
    // Foundation is linked in (`--static-swift-stdlib`); FoundationXML would bring
    // libxml2 as a shared library. libsqlite3 shows that ldd listed them.
    let libraries = try CommandRunner.run("/usr/bin/ldd", [try EndToEnd.binary()])
    #expect(libraries.stdoutText.contains("libsqlite3") && !libraries.stdoutText.contains("libxml2"))
  }

  @Test("cpick query -f jsonl | cpick query keeps identifiers and narrows further")
  func jsonLinesPipeline() throws {
    let result = try CommandRunner.shell(
      "\"$0\" query thornton -s \"$1\" -f jsonl | \"$0\" query margaret -f tsv", [EndToEnd.sampleBook])
    #expect(result.status == 0)
    #expect(result.stdoutLines.count == 1)
    #expect(result.stdoutText.hasPrefix("Margaret Thornton\t"))
    let direct = try CommandRunner.cpick(["query", "margaret thornton", "-s", EndToEnd.sampleBook, "-f", "tsv"])
    #expect(result.stdoutText == direct.stdoutText)
  }
}

/// Robust in a pipe: a reader that goes away is not an error.
@Suite("cpick in a pipe")
struct PipeTests {
  @Test("a closed stdout ends quietly with status 0 after what was written (cpick list | head -1)")
  func closedPipe() throws {
    let first = try CommandRunner.shell("\"$0\" list -s \"$1\" -f value | head -1", [EndToEnd.sampleBook])
    #expect(first.stdoutLines.count == 1)
    // The reader takes 10 bytes and goes away; cpick's status and stderr are reported on stderr.
    let status = try CommandRunner.shell(
      "{ \"$0\" list -s \"$1\"; echo \"rc=$?\" >&2; } | head -c 10 >/dev/null", [EndToEnd.sampleBook])
    #expect(status.stderrText == "rc=0\n")
  }

  @Test("aerc and mutt queries are searched as written: quotes, carets and bars are not operators")
  func literalQueries() throws {
    let book = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-literal-\(UUID().uuidString).vcf")
    try "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Liam O'Brien\r\nEMAIL:liam@example.org\r\nEND:VCARD\r\n"
      .write(to: book, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: book) }
    let aerc = try CommandRunner.cpick(["--format", "aerc", "o'brien", "-s", book.path])
    #expect(aerc.stdoutText == "liam@example.org\tLiam O'Brien\n")
    let mutt = try CommandRunner.cpick(["--format", "mutt", "!liam", "-s", book.path])
    #expect(mutt.status == 1)  // "!liam" as text matches nobody, rather than "everyone but Liam"
  }

  @Test("a mail client's query that names a group completes to its members after the matches; other formats do not")
  func mailQueryOfGroup() throws {
    let book = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-group-\(UUID().uuidString).vcf")
    let cards = [("Ada Lovelace", "ada@example.org", "Family"), ("Family Doctor", "doc@example.org", ""),
      ("Grace Hopper", "grace@example.org", "family,Navy"), ("Alan Turing", "alan@example.org", "Work")]
    try cards.map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\($0.0)\r\nEMAIL:\($0.1)\r\nCATEGORIES:\($0.2)\r\nEND:VCARD\r\n" }
      .joined().write(to: book, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: book) }
    let aerc = try CommandRunner.cpick(["--format", "aerc", "family", "-s", book.path])
    // The name matched first, then both groups' members in list order (no N: by their FN).
    #expect(aerc.stdoutText == "doc@example.org\tFamily Doctor\nada@example.org\tAda Lovelace\ngrace@example.org\tGrace Hopper\n")
    let navy = try CommandRunner.cpick(["--format", "mutt", " NAVY ", "-s", book.path])
    #expect(navy.status == 0)
    #expect(navy.stdoutText.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").prefix(2) } == [["grace@example.org", "Grace Hopper"]])
    let tsv = try CommandRunner.cpick(["query", "navy", "-f", "tsv", "-s", book.path])
    #expect(tsv.status == 1)
  }

  @Test("a book named twice, through a link, or as a folder inside another book named is read once")
  func booksNamedTwice() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cpick-twice-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("vd")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    for (name, uid) in [("ada.vcf", "a1"), ("sub/grace.vcf", "g1")] {
      try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(uid)\r\nEMAIL:\(uid)@example.org\r\nEND:VCARD\r\n"
        .write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    try FileManager.default.createSymbolicLink(
      at: root.appendingPathComponent("link"), withDestinationURL: folder)
    let vd = folder.path
    for sources in [[vd], [vd, vd], [vd, vd + "/sub"], [vd, root.appendingPathComponent("link").path], [vd + "/", vd]] {
      let result = try CommandRunner.cpick(["list", "-f", "tsv"] + sources.flatMap { ["-s", $0] })
      #expect(result.status == 0, "stderr: \(result.stderrText)")
      #expect(result.stdoutText.split(separator: "\n").count == 2, "\(sources)")
    }
  }
}
