import Foundation

/// `cpick.1`, the manual page, made from the help texts (`Usage`): what `cpick --help`
/// and `cpick COMMAND --help` say is what `man cpick` says (`cpick --man` prints it;
/// `integrations/man/cpick.1` in the repository is its output, checked by a test).
///
/// The page is roff with the man macros (groff_man(7)): `.TH`, `.SH`, `.TP`, `.B`,
/// `.I`. Options come from the texts' option lines (`  -s, --source SPEC   what…`,
/// continued on lines indented further); prose paragraphs are kept as they are.
enum ManPage {
  /// The whole page.
  static var text: String {
    var page = [
      #".TH CPICK 1 "" "\#(Usage.version)" "User Commands""#,
      ".SH NAME", #"cpick \- a contact picker for the terminal"#,
      ".SH SYNOPSIS",
      ".B cpick", "[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]",
    ]
    let main = Usage.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    page += [".SH DESCRIPTION"] + paragraph(section(main, until: "commands:").filter { !$0.hasPrefix("usage:") })
    page += [".SH COMMANDS"] + items(section(main, from: "commands:", until: "options:"))
    page += [".SH OPTIONS"] + items(section(main, from: "options:", until: "keys:"))
    for (name, text) in [("SHOW", Usage.show), ("NEW", Usage.new), ("UNKNOWN", Usage.unknown)] {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      page += [".SH \(name)"]
      page += paragraph(lines.filter { $0.hasPrefix("usage: ") }.map { String($0.dropFirst(7)) }, literal: true)
      let prose = section(lines, until: "options:").filter { !$0.hasPrefix("usage:") && !$0.hasPrefix("       cpick") }
      if let fields = prose.firstIndex(where: { $0.hasPrefix("fields") }) {
        page += paragraph(Array(prose[..<fields])) + [".SS FIELDS"] + paragraph([prose[fields]])
        page += items(Array(prose[(fields + 1)...]))
      } else {
        page += paragraph(prose)
      }
      page += [".SS OPTIONS"] + items(section(lines, from: "options:", until: nil))
    }
    page += [".SH KEYS"] + paragraph(section(main, from: "keys:", until: "exit status:"))
    page += [".SH EXIT STATUS"] + paragraph(section(main, from: "exit status:", until: nil))
    page += [
      ".SH ENVIRONMENT",
      ".TP", ".B CPICK_DEFAULT_OPTS", "options read before the command line",
      ".TP", ".B CPICK_SOURCE", "the address books, colon-separated",
      ".TP", ".B CPICK_NO_CACHE", "1: no on-disk index",
      ".TP", ".B CPICK_LANGUAGE, LC_ALL, LC_MESSAGES, LANG",
      "the language of the screens and messages (the first set decides): zh_CN, zh_TW, ja, ko, de, fr, es; "
        + "else English",
      ".TP", ".B CPICK_LOCALEDIR", "where the message catalogs are, when not beside the executable",
      ".TP", ".B CPICK_MAIL_CMD", "the command o on an email runs (the address appended), when the config names none",
      ".TP", ".B ESCDELAY", "how long a lone Esc waits for the rest of a key sequence, in milliseconds (25)",
      ".TP", ".B NO_COLOR", "no colours",
      ".SH FILES",
      ".TP", ".I $XDG_CONFIG_HOME/cpick/config", "sources, actions, server accounts",
      ".TP", ".I $XDG_DATA_HOME/cpick/contacts", "the default address book (a vdir)",
      ".TP", ".I $XDG_CACHE_HOME/cpick/", "the index and the copies of server books",
      ".SH SEE ALSO", ".BR fzf (1),", ".BR khard (1),", ".BR vdirsyncer (1)",
    ]
    return page.joined(separator: "\n") + "\n"
  }

  /// The lines of `lines` after the one equal to `start` (from the first line when
  /// `nil`), up to the line `end` (the end when `nil`).
  private static func section(_ lines: [String], from start: String? = nil, until end: String?) -> [String] {
    var rest = lines[...]
    if let start, let at = lines.firstIndex(where: { $0.hasPrefix(start) }) {
      // A heading with text after it ("exit status: 0 chosen…") keeps that text.
      let tail = lines[at].dropFirst(start.count).drop { $0 == " " }
      rest = (tail.isEmpty ? [] : [String(tail)]) + lines[(at + 1)...]
    }
    if let end, let stop = rest.firstIndex(where: { $0.hasPrefix(end) }) { rest = rest[..<stop] }
    return Array(rest)
  }

  /// Prose: paragraphs (blank lines between), the text escaped.
  private static func paragraph(_ lines: [String], literal: Bool = false) -> [String] {
    var out: [String] = []
    var open = false
    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty {
        open = false
        continue
      }
      if !open {
        out.append(".PP")
        open = true
      }
      out.append(literal ? ".B " + escape(trimmed) : escape(trimmed))
      if literal { out.append(".br") }
    }
    return out
  }

  /// `.TP` items from the help's option lines: the option spelled bold, then what it
  /// does. A line indented past the option column continues the one before; a line
  /// starting with `-` after one ending in `,` continues its option names.
  private static func items(_ lines: [String]) -> [String] {
    var entries: [(names: String, text: String)] = []
    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else { continue }
      let indent = line.prefix { $0 == " " }.count
      let (names, text) = split(trimmed)
      if let last = entries.last, indent >= 12 && !trimmed.hasPrefix("-") || indent >= 20 {
        entries[entries.count - 1].text = [last.text, trimmed].filter { !$0.isEmpty }.joined(separator: " ")
      } else if let last = entries.last, last.text.isEmpty, last.names.hasSuffix(",") {
        entries[entries.count - 1] = (last.names + " " + names, text)
      } else {
        entries.append((names, text))
      }
    }
    return entries.flatMap { [".TP", ".B " + escape($0.names), escape($0.text)] }
  }

  /// An option line's names (up to two or more spaces) and its description.
  private static func split(_ line: String) -> (String, String) {
    guard let gap = line.range(of: "  ") else { return (line, "") }
    return (String(line[..<gap.lowerBound]), line[gap.upperBound...].trimmingCharacters(in: .whitespaces))
  }

  /// `text` safe in roff: backslashes and hyphens escaped, other scripts' characters
  /// as `\[uXXXX]` (the page is ASCII), a leading `.` or `'` kept from being a request.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case _ where !scalar.isASCII: out += "\\[u" + String(format: "%04X", scalar.value) + "]"  // groff_char(7)
      default: out.unicodeScalars.append(scalar)
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }
}
