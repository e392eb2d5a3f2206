import Foundation
import Testing

/// The completions in `integrations/shell` against the cpick under test: every command
/// and option its help texts name is in each of the three files (read from the help
/// at test time, so a new option without completion fails here), bash and fish offer
/// them when asked, and in tmux a group name with a space or shell metacharacters is
/// inserted as one argument. Each shell's tests are skipped with a message when that
/// shell (or tmux) is not installed.
@Suite("Shell completions for bash, zsh and fish", .serialized)
struct ShellCompletionTests {
  /// `integrations/shell`.
  static let folder = IntegrationPane.integrations.appendingPathComponent("shell")

  /// The completion file for `shell` (`bash`, `zsh`, `fish`), as text.
  static func file(_ shell: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent("cpick.\(shell)"), encoding: .utf8)
  }

  // MARK: What the help texts name

  /// The commands and options cpick's help texts name.
  struct HelpWords {
    /// The words of the `commands:` section of `cpick --help` (`pick`, `show`, …).
    var commands: [String]
    /// Every `--name` in `cpick --help` and `cpick COMMAND --help`, in order, once.
    var longOptions: [String]
    /// Every `-x` in those texts, in order, once.
    var shortOptions: [String]
  }

  /// Runs `cpick --help`, then `cpick COMMAND --help` for every command it lists, and
  /// collects the commands and options they name (options anywhere in the text, so
  /// `--edit` in the `show` line and `--given-name` in the `new` line count).
  static func helpWords() throws -> HelpWords {
    let main = try CommandRunner.cpick(["--help"])
    try #require(main.status == 0, "cpick --help: \(main.stderrText)")
    var commands: [String] = []
    var inCommands = false
    for line in main.stdoutLines {
      if line == "commands:" {
        inCommands = true
      } else if inCommands {
        guard line.hasPrefix("  "), let word = line.split(separator: " ").first else { break }
        commands.append(String(word))
      }
    }
    var texts = [main.stdoutText]
    for command in commands {
      let help = try CommandRunner.cpick([command, "--help"])
      try #require(help.status == 0, "cpick \(command) --help: \(help.stderrText)")
      texts.append(help.stdoutText)
    }
    let text = texts.joined(separator: "\n")
    return HelpWords(
      commands: commands,
      longOptions: try matches(of: #"(?<![A-Za-z0-9-])--[a-z0-9][a-z0-9-]*"#, in: text),
      shortOptions: try matches(of: #"(?<![A-Za-z0-9-])-[A-Za-z0-9](?![A-Za-z0-9-])"#, in: text))
  }

  /// The distinct matches of `pattern` in `text`, in order.
  static func matches(of pattern: String, in text: String) throws -> [String] {
    let regex = try NSRegularExpression(pattern: pattern)
    var seen: [String] = []
    for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      guard let range = Range(match.range, in: text) else { continue }
      let word = String(text[range])
      if !seen.contains(word) { seen.append(word) }
    }
    return seen
  }

  /// Whether `word` is in `text` as a whole word (not part of a longer option name).
  static func contains(_ text: String, word: String, after prefix: String = "") throws -> Bool {
    let escaped = NSRegularExpression.escapedPattern(for: prefix + word)
    return try !matches(of: "(?<![A-Za-z0-9-])\(escaped)(?![A-Za-z0-9-])", in: text).isEmpty
  }

  /// The words of `local NAME="…"` in the bash file.
  static func bashList(_ name: String, in text: String) throws -> [String] {
    let regex = try NSRegularExpression(pattern: "local \(name)=\"([^\"]*)\"")
    let match = try #require(
      regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), "no local \(name)= in cpick.bash")
    let range = try #require(Range(match.range(at: 1), in: text))
    return text[range].split(whereSeparator: \.isWhitespace).map(String.init)
  }

  @Test("the help texts should name the commands and options these tests check")
  func helpTextsShouldNameCommandsAndOptions() throws {
    let words = try Self.helpWords()
    #expect(words.commands == ["pick", "show", "new", "unknown", "query", "list", "groups", "sync", "books"])
    for option in ["--source", "--format", "--group", "--from-message", "--save-to", "--edit", "--print-query",
      "--expect", "--print0", "--region", "--given-name", "--vcard", "--version"]
    {
      #expect(words.longOptions.contains(option), "\(option) not found in \(words.longOptions)")
    }
    #expect(Set(words.shortOptions) == ["-s", "-q", "-1", "-0", "-p", "-m", "-f", "-h"], "\(words.shortOptions)")
  }

  @Test("cpick.bash should offer every command and option of cpick's help texts")
  func bashFileShouldListEverything() throws {
    let words = try Self.helpWords()
    let text = try Self.file("bash")
    let commands = try Self.bashList("commands", in: text)
    let options = try Self.bashList("options", in: text)
    for command in words.commands { #expect(commands.contains(command), "bash: command \(command) missing") }
    for option in words.longOptions + words.shortOptions {
      #expect(options.contains(option), "bash: option \(option) missing")
    }
  }

  @Test("cpick.zsh should complete every command and option of cpick's help texts")
  func zshFileShouldListEverything() throws {
    let words = try Self.helpWords()
    let text = try Self.file("zsh")
    for command in words.commands {
      #expect(text.contains("'\(command):"), "zsh: command \(command) missing from the commands array")
    }
    for option in words.longOptions + words.shortOptions {
      #expect(try Self.contains(text, word: option), "zsh: option \(option) missing")
    }
  }

  @Test("cpick.fish should complete every command and option of cpick's help texts")
  func fishFileShouldListEverything() throws {
    let words = try Self.helpWords()
    let text = try Self.file("fish")
    for command in words.commands {
      #expect(try Self.contains(text, word: command, after: "-a "), "fish: command \(command) missing")
    }
    for option in words.longOptions {
      #expect(try Self.contains(text, word: String(option.dropFirst(2)), after: "-l "), "fish: option \(option) missing")
    }
    for option in words.shortOptions {
      #expect(try Self.contains(text, word: String(option.dropFirst()), after: "-s "), "fish: option \(option) missing")
    }
  }

  // MARK: What the shells offer

  @Test(
    "bash should offer every command after cpick and every option after a dash",
    .enabled(if: EndToEnd.which("bash") != nil, "bash is not installed"))
  func bashShouldOfferEverything() throws {
    let words = try Self.helpWords()
    let file = Self.folder.appendingPathComponent("cpick.bash").path
    // _cpick called as readline would, for `cpick <Tab>` and `cpick -<Tab>`.
    let script = """
      source \(EndToEnd.shellQuoted(file)) || exit 3
      COMP_WORDS=(cpick ''); COMP_CWORD=1; _cpick; printf '%s\\n' "${COMPREPLY[@]}"
      echo ---
      COMP_WORDS=(cpick -); COMP_CWORD=1; _cpick; printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try CommandRunner.run(try #require(EndToEnd.which("bash")), ["--norc", "--noprofile", "-c", script])
    try #require(result.status == 0, "bash: \(result.stderrText)")
    let parts = result.stdoutText.components(separatedBy: "---\n")
    try #require(parts.count == 2, "\(result.stdoutText)")
    let commands = parts[0].split(separator: "\n").map(String.init)
    let options = parts[1].split(separator: "\n").map(String.init)
    #expect(commands == words.commands, "bash offers \(commands) after cpick")
    // More is fine (new's field options are not all in the help); less is not.
    let missing = Set(words.longOptions + words.shortOptions).subtracting(options)
    #expect(missing.isEmpty, "bash does not offer \(missing.sorted()); it offers \(options)")
  }

  @Test(
    "fish should offer every command after cpick and every option after a dash",
    .enabled(if: EndToEnd.which("fish") != nil, "fish is not installed"))
  func fishShouldOfferEverything() throws {
    let words = try Self.helpWords()
    let file = Self.folder.appendingPathComponent("cpick.fish").path
    func offered(_ line: String) throws -> [String] {
      let script = "source \(EndToEnd.shellQuoted(file)); or exit 3; complete -C \(EndToEnd.shellQuoted(line))"
      let result = try CommandRunner.run(try #require(EndToEnd.which("fish")), ["--no-config", "-c", script])
      try #require(result.status == 0, "fish: \(result.stderrText)")
      return result.stdoutLines.map { String($0.prefix { $0 != "\t" }) }
    }
    let commands = try offered("cpick ")
    for command in words.commands { #expect(commands.contains(command), "fish offers \(commands) after cpick") }
    let options = try offered("cpick -")
    for option in words.longOptions + words.shortOptions {
      #expect(options.contains(option), "fish does not offer \(option); it offers \(options)")
    }
  }

  // MARK: In the shells, in tmux

  /// A small book: Ada is in "Book club", Charles in "Climbing" and "Tom & Jerry's".
  static let book = """
    BEGIN:VCARD
    VERSION:3.0
    FN:Ada Lovelace
    N:Lovelace;Ada;;;
    EMAIL:ada@example.org
    CATEGORIES:Book club
    END:VCARD
    BEGIN:VCARD
    VERSION:3.0
    FN:Charles Babbage
    N:Babbage;Charles;;;
    EMAIL:charles@example.org
    CATEGORIES:Climbing,Tom & Jerry's
    END:VCARD

    """

  /// The shell started as in `IntegrationTests`, the integration sourced, the small
  /// book in `$T/book.vcf`.
  static func pane(_ command: String, setup: String) throws -> IntegrationPane {
    let pane = try IntegrationPane(command, width: 120) { directory in
      try book.write(to: directory.appendingPathComponent("book.vcf"), atomically: true, encoding: .utf8)
    }
    try pane.type(setup)
    try pane.press("Enter")
    try pane.waitForScreen(containing: "ready")
    return pane
  }

  /// `cpick list -f value --group B` Tab completes to the one group, quoted so that
  /// Enter runs it as one argument: only Ada is listed, with no usage error. Then the
  /// same for `T` (`Tom & Jerry's`: a space, `&` and `'`), which lists only Charles.
  static func groupIsOneArgument(_ pane: IntegrationPane) throws {
    try pane.type("cpick list -f value --group B")
    try pane.waitForScreen(containing: "$ cpick list -f value --group B")
    try pane.press("Tab")
    let completed = try pane.waitForScreen("showing the completed group") { screen in
      ["Book\\ club", "'Book club'", "\"Book club\""].contains { screen.contains("--group \($0)") }
    }
    try pane.press("Enter")
    let listed = try pane.waitForScreen(containing: "Ada Lovelace\n")
    #expect(!listed.contains("unexpected argument"), "\(completed)\n---\n\(listed)")
    #expect(!listed.contains("Charles Babbage"), "\(listed)")

    try pane.type("cpick list -f value --group T")
    try pane.waitForScreen(containing: "$ cpick list -f value --group T")
    try pane.press("Tab")
    try pane.waitForScreen("showing the completed group") { $0.contains("Jerry") }
    try pane.press("Enter")
    let second = try pane.waitForScreen(containing: "Charles Babbage\n")
    #expect(!second.contains("unexpected argument") && !second.contains("command not found"), "\(second)")
  }

  /// `cpick n` Tab becomes `cpick new`; `cpick unk` Tab becomes `cpick unknown`.
  static func newIsOffered(_ pane: IntegrationPane) throws {
    try pane.type("cpick n")
    try pane.waitForScreen(containing: "$ cpick n")
    try pane.press("Tab")
    try pane.waitForScreen(containing: "$ cpick new")
    try pane.press("C-u")
    try pane.type("cpick unk")
    try pane.waitForScreen(containing: "$ cpick unk")
    try pane.press("Tab")
    try pane.waitForScreen(containing: "$ cpick unknown")
  }

  static let bashSetup = "PS1='$ '; CPICK_SOURCE=$T/book.vcf; source integrations/shell/cpick.bash && echo re''ady"
  static let zshSetup = "PS1='$ '; CPICK_SOURCE=$T/book.vcf; source integrations/shell/cpick.zsh && echo re''ady"
  static let fishSetup =
    "function fish_prompt; echo '$ '; end; set -gx CPICK_SOURCE $T/book.vcf; "
    + "source integrations/shell/cpick.fish; and echo re''ady"

  @Test(
    "bash: Tab after --group should insert the group name as one argument",
    .enabled(if: IntegrationPane.has("bash"), "bash (or tmux) is not installed"))
  func bashGroupShouldBeOneArgument() throws {
    let pane = try Self.pane("bash --norc --noprofile", setup: Self.bashSetup)
    defer { pane.close() }
    try Self.groupIsOneArgument(pane)
  }

  @Test(
    "zsh: Tab after --group should insert the group name as one argument",
    .enabled(if: IntegrationPane.has("zsh"), "zsh (or tmux) is not installed"))
  func zshGroupShouldBeOneArgument() throws {
    let pane = try Self.pane("zsh -f", setup: Self.zshSetup)
    defer { pane.close() }
    try Self.groupIsOneArgument(pane)
  }

  @Test(
    "fish: Tab after --group should insert the group name as one argument",
    .enabled(if: IntegrationPane.has("fish"), "fish (or tmux) is not installed"))
  func fishGroupShouldBeOneArgument() throws {
    let pane = try Self.pane("fish --no-config", setup: Self.fishSetup)
    defer { pane.close() }
    try Self.groupIsOneArgument(pane)
  }

  @Test(
    "bash: cpick n Tab should offer new",
    .enabled(if: IntegrationPane.has("bash"), "bash (or tmux) is not installed"))
  func bashShouldOfferNew() throws {
    let pane = try Self.pane("bash --norc --noprofile", setup: Self.bashSetup)
    defer { pane.close() }
    try Self.newIsOffered(pane)
  }

  @Test(
    "zsh: cpick n Tab should offer new",
    .enabled(if: IntegrationPane.has("zsh"), "zsh (or tmux) is not installed"))
  func zshShouldOfferNew() throws {
    let pane = try Self.pane("zsh -f", setup: Self.zshSetup)
    defer { pane.close() }
    try Self.newIsOffered(pane)
  }

  @Test(
    "fish: cpick n Tab should offer new",
    .enabled(if: IntegrationPane.has("fish"), "fish (or tmux) is not installed"))
  func fishShouldOfferNew() throws {
    let pane = try Self.pane("fish --no-config", setup: Self.fishSetup)
    defer { pane.close() }
    try Self.newIsOffered(pane)
  }
}
