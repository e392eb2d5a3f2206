import CpickTestSupport
import Foundation
import Testing

/// `cpick COMMAND --help`: the commands with options of their own say what they are.
@Suite("Help texts")
struct HelpTests {
  @Test(
    "cpick new --help and cpick unknown --help name every field option, one per field, and the saving options",
    arguments: ["new", "unknown"])
  func fieldOptions(command: String) throws {
    let help = try CommandRunner.cpick([command, "--help"])
    #expect(help.status == 0)
    let text = help.stdoutText
    #expect(text.hasPrefix("usage: cpick \(command)"))
    // PRODUCT.md's field options, and cpick's --im.
    for option in [
      "--given-name", "--family-name", "--middle-name", "--name-prefix", "--name-suffix", "--nickname",
      "--organization", "--department", "--job-title", "--email", "--phone", "--address", "--url",
      "--birthday", "--note", "--im", "--vcard", "--save-to", "--group", "--region",
    ] {
      #expect(text.contains(option + " "), "\(command) --help lacks \(option)")
    }
    #expect(!text.contains("…"))
  }

  @Test("cpick unknown --help names its own options; cpick show --help its own")
  func commandOptions() throws {
    let unknown = try CommandRunner.cpick(["unknown", "--help"]).stdoutText
    for option in ["--from-message", "--header", "--all", "--alternate-name", "--message", "--no-add", "--skip-known"] {
      #expect(unknown.contains(option + " "), "unknown --help lacks \(option)")
    }
    let show = try CommandRunner.cpick(["show", "--help"]).stdoutText
    #expect(show.hasPrefix("usage: cpick show"))
    for option in ["--edit", "--no-actions", "--show-properties", "--select-property-if", "--save-to"] {
      #expect(show.contains(option + " "), "show --help lacks \(option)")
    }
    // query, list, groups, sync and books have their own; pick (the default) the main text.
    let main = try CommandRunner.cpick(["--help"]).stdoutText
    #expect(try CommandRunner.cpick(["pick", "--help"]).stdoutText == main)
    #expect(main.contains("commands:") && main.contains("new ") && main.contains("unknown "))
    #expect(main.contains("cpick COMMAND --help"))
    let query = try CommandRunner.cpick(["query", "--help"]).stdoutText
    #expect(query.hasPrefix("usage: cpick query [TEXT]"))
    for option in ["--format", "--template", "--property", "--require", "--enable-if", "--group", "--exact"] {
      #expect(query.contains(option + " "), "query --help lacks \(option)")
    }
    for command in ["list", "groups", "sync", "books"] {
      #expect(try CommandRunner.cpick([command, "--help"]).stdoutText.hasPrefix("usage: cpick \(command)"))
    }
  }

  @Test("cpick --help names the group keys: Ctrl-T's Ctrl-N, Ctrl-R, Ctrl-X, and the form's groups row")
  func groupKeys() throws {
    let main = try CommandRunner.cpick(["--help"]).stdoutText
    for words in ["Ctrl-N new group", "Ctrl-R rename", "Ctrl-X delete", "groups row", "on a group takes the person out"] {
      #expect(main.contains(words), "--help lacks \(words)")
    }
    #expect(try CommandRunner.cpick(["show", "--help"]).stdoutText.contains("the groups row adds the"))
  }
}

/// `integrations/man/cpick.1` is what `cpick --man` makes from the help texts, so the page cannot
/// drift from `cpick --help`.
@Suite("The manual page")
struct ManualPageTests {
  @Test("the committed integrations/man/cpick.1 is what cpick --man prints")
  func committedPageIsGenerated() throws {
    let generated = try CommandRunner.cpick(["--man"])
    #expect(generated.status == 0)
    let committed = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("integrations/man/cpick.1"), encoding: .utf8)
    #expect(generated.stdoutText == committed, "run: cpick --man > integrations/man/cpick.1")
    #expect(committed.hasPrefix(".TH CPICK 1"))
    for option in ["\\-\\-source", "\\-\\-format", "\\-\\-from\\-message", "\\-\\-edit", "\\-\\-given\\-name"] {
      #expect(committed.contains(".B " + option) || committed.contains(option), "the page lacks \(option)")
    }
  }
}
