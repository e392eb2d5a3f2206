import Foundation

/// Which address books to read when none is named: PRODUCT.md's order —
/// `$CPICK_SOURCE`, then the sources and accounts in `$XDG_CONFIG_HOME/cpick/config`
/// (`ConfigFile`), then
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
      return splitSourceList(source)
    }
    let config = ConfigFile.load(environment: environment)
    let sources = config.sources + config.accounts.compactMap { $0.keys["url"] }
    if !sources.isEmpty { return sources }
    if !stdinIsTerminal { return ["-"] }
    return [defaultAddressBook(environment: environment)]
  }

  /// The default address book: `$XDG_DATA_HOME/cpick/contacts` (a vdir).
  public static func defaultAddressBook(environment: [String: String]) -> String {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
    return dataHome + "/cpick/contacts"
  }

  /// The books of a `$CPICK_SOURCE`-style list: specs separated by `:`, where the
  /// `:` of a URL's scheme (`https://…`, `ldap://…`) does not separate (nor that of
  /// its port, `host:8443`, up to the next `/`, nor one in a user name and password
  /// before an `@`, `https://bob:secret@host/`, kept whole so that it is refused
  /// whole rather than read as a file named `secret@host/`).
  public static func splitSourceList(_ list: String) -> [String] {
    var specs: [String] = []
    var pieces = list.split(separator: ":", omittingEmptySubsequences: false).map(String.init)[...]
    while let piece = pieces.popFirst() {
      var spec = piece
      if ["http", "https", "ldap", "ldaps"].contains(piece.lowercased()), let rest = pieces.first, rest.hasPrefix("//") {
        spec += ":" + pieces.removeFirst()
        // A user name and password: up to the piece whose `@` comes before any `/`.
        if !spec.dropFirst(piece.count + 3).contains("/"),
          let at = pieces.firstIndex(where: { $0.contains("@") }),
          pieces[..<at].allSatisfy({ !$0.contains("/") }), pieces[at].prefix(while: { $0 != "/" }).contains("@")
        {
          while pieces.startIndex <= at { spec += ":" + pieces.removeFirst() }
        }
        // A port: digits up to the path.
        if !spec.dropFirst(piece.count + 3).contains("/"), let port = pieces.first,
          let digits = port.split(separator: "/", maxSplits: 1).first, !digits.isEmpty, digits.allSatisfy(\.isNumber)
        {
          spec += ":" + pieces.removeFirst()
        }
      }
      if !spec.isEmpty { specs.append(spec) }
    }
    return specs
  }
}
