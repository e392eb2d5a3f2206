import Localization

/// A user name or password written into a server book's URL (`https://bob:secret@host/dav/`,
/// RFC 3986 §3.2.1's *userinfo*). cpick refuses such a URL before it runs anything or
/// prints it: a URL reaches the helper's arguments (seen by every user of the machine
/// in `ps`) and error messages, and a password belongs in the account's
/// `password-command` or `~/.netrc` (`ServerAccount.CredentialSource`).
extension ServerAccount {
  /// `spec` without the user name and password in its URL (`https://bob:secret@host/`
  /// → `https://host/`), or nil when it holds none or is no URL. An `@`
  /// in the path (`/dav/addressbooks/alice@example.org/`) is not one; a password with
  /// an unencoded `/` in it (`https://bob:se/cret@host/`), which ends the authority
  /// early, is removed all the same, up to that `@`.
  public static func userInfoRemoved(from spec: String) -> String? {
    // Any scheme (`davs://`, `webcal://` too, which are read as file names and would
    // be shown in "cannot read …").
    guard let scheme = spec.range(of: "://"), let first = spec.unicodeScalars.first, first.properties.isAlphabetic,
      spec[..<scheme.lowerBound].unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "0123456789+.-".unicodeScalars.contains($0)) })
    else { return nil }
    let rest = spec[scheme.upperBound...]
    let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    var at = authority.lastIndex(of: "@")
    if at == nil, let colon = authority.lastIndex(of: ":"), !authority.hasPrefix("["),
      !authority[authority.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber })
    {
      // Not a port: a password cut by a `/`.
      at = rest.firstIndex(of: "@")
    }
    guard let at else { return nil }
    return String(spec[..<scheme.upperBound]) + String(rest[rest.index(after: at)...])
  }

  /// Why `spec` is refused, naming it without its user name and password; nil when
  /// it holds neither.
  public static func userInfoRefusal(_ spec: String) -> String? {
    userInfoRemoved(from: spec).map {
      L10n.format(
        "%s: a user name or password in the URL is refused: give them in the config's [account] section (username, password-command) or ~/.netrc",
        $0)
    }
  }
}
