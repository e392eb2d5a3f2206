import Foundation

/// Which address books to read when none is named: PRODUCT.md's order —
/// `$CPICK_SOURCE`, then the sources in `$XDG_CONFIG_HOME/cpick/config`, then
/// standard input when it is not a terminal, then the default vdir
/// `$XDG_DATA_HOME/cpick/contacts`.
public enum SourceResolver {
  /// A store for one source specification: `-` for stdin, a folder for a vdir,
  /// anything else for a `.vcf` file.
  public static func store(for spec: String) -> any ContactStore {
    if spec == "-" { return VCardFileStore(path: "-") }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory), isDirectory.boolValue {
      return VdirStore(path: spec)
    }
    return VCardFileStore(path: spec)
  }

  /// The sources to read when the command line names none.
  ///
  /// - Parameters:
  ///   - environment: the process environment.
  ///   - stdinIsTerminal: whether standard input is a terminal.
  /// - Returns: source specifications (`-`, paths).
  public static func defaultSources(environment: [String: String], stdinIsTerminal: Bool) -> [String] {
    if let source = environment["CPICK_SOURCE"], !source.isEmpty {
      return source.split(separator: ":").map(String.init)
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
    if let text = try? String(contentsOfFile: configHome + "/cpick/config", encoding: .utf8) {
      let sources = configSources(text, home: home)
      if !sources.isEmpty { return sources }
    }
    if !stdinIsTerminal { return ["-"] }
    return [defaultAddressBook(environment: environment)]
  }

  /// The default address book: `$XDG_DATA_HOME/cpick/contacts` (a vdir).
  public static func defaultAddressBook(environment: [String: String]) -> String {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
    return dataHome + "/cpick/contacts"
  }

  /// `source = PATH` lines of the config file (`#` comments, `~` expanded).
  static func configSources(_ text: String, home: String) -> [String] {
    var sources: [String] = []
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard key == "source", !value.isEmpty else { continue }
      if value.hasPrefix("~/") { value = home + value.dropFirst(1) }
      sources.append(value)
    }
    return sources
  }
}
