import ContactKit
import ContactStores
import CpickSupport
import Foundation
import Localization

/// What the person card does with a value besides choosing it (CNContactViewController's
/// default actions, `allowsActions`): an email address composes a mail, a phone number
/// calls or sends a message, a URL opens in the browser, an address opens a map.
///
/// Each is a command line from the config file (`action-email = …`, `ConfigFile.actions`)
/// or a default. A word of the command holding `{}` gets the value in its place, one
/// holding `{url}` the value percent-encoded for a URL (RFC 3986); a command with
/// neither gets the value as its last argument. The value is always one argument: the
/// command is started without a shell (`ChildProcess.startDetached`), detached from the
/// terminal, and the card stays as it is.
///
/// ```
/// action-email = xdg-open mailto:{url}
/// action-phone = linphone-cli call {}
/// action-address = firefox https://www.openstreetmap.org/search?query={url}
/// ```
public struct ContactActions: Sendable {
  /// A kind of action.
  public enum Kind: String, Sendable, CaseIterable {
    /// Compose a mail to an email address (`action-email`).
    case email
    /// Call a phone number (`action-phone`).
    case phone
    /// Send a text message to a phone number (`action-sms`).
    case sms
    /// Open a URL or a social profile's URL (`action-url`).
    case url
    /// Show a postal address on a map (`action-address`).
    case address
  }

  /// The command line of each kind, as words with the placeholders.
  public var commands: [Kind: [String]]
  /// Starts a command line (the value in place); throws to say why it could not. By
  /// default `ChildProcess.startDetached` with the given environment.
  public var launch: @Sendable (_ command: [String]) throws -> Void

  /// The actions the config file and the environment set: `action-<kind>` from
  /// `config`, else `$CPICK_MAIL_CMD` for email, else the desktop's handler
  /// (`xdg-open mailto:`, `tel:`, `sms:`, the URL itself, an OpenStreetMap search).
  public init(config: ConfigFile, environment: [String: String]) {
    var commands = Self.defaults
    if let mail = environment["CPICK_MAIL_CMD"].map(ShellWords.split), !mail.isEmpty { commands[.email] = mail }
    for kind in Kind.allCases {
      if let line = config.actions[kind.rawValue].map(ShellWords.split), !line.isEmpty { commands[kind] = line }
    }
    self.init(commands: commands) { command throws in
      try ChildProcess.startDetached(command, environment: environment)
    }
  }

  /// Actions with these command lines, started by `launch`.
  public init(commands: [Kind: [String]], launch: @escaping @Sendable (_ command: [String]) throws -> Void) {
    self.commands = commands
    self.launch = launch
  }

  /// The desktop's handlers (freedesktop.org `xdg-open`, RFC 6068 `mailto:`,
  /// RFC 3966 `tel:`, RFC 5724 `sms:`).
  public static let defaults: [Kind: [String]] = [
    .email: ["xdg-open", "mailto:{url}"], .phone: ["xdg-open", "tel:{url}"], .sms: ["xdg-open", "sms:{url}"],
    .url: ["xdg-open", "{}"], .address: ["xdg-open", "https://www.openstreetmap.org/search?query={url}"],
  ]

  /// The action for `property`: the default one, or with `message` the message one
  /// (a phone number's `sms`); nil when the value has none.
  public static func kind(for property: ContactProperty, message: Bool = false) -> Kind? {
    switch property.key {
    case .emailAddresses: return message ? nil : .email
    case .phoneNumbers: return message ? .sms : .phone
    case .urlAddresses: return message ? nil : .url
    case .socialProfiles:
      if case .socialProfile(let profile) = property.value, !message, !profile.urlString.isEmpty { return .url }
      return nil
    case .postalAddresses: return message ? nil : .address
    default: return nil
    }
  }

  /// What a URL action opens.
  enum Openable: Equatable {
    /// This URL: the value, or `http://` and the value when it names no scheme
    /// (`www.example.org`, as Apple's card opens it).
    case opened(String)
    /// Nothing: the value's scheme is not one of `openedSchemes` (`javascript`, `file`).
    case refused(scheme: String)
  }

  /// The URL schemes a URL action opens (as Apple's card opens only the schemes it
  /// knows): the web's, mail, telephony, chat, maps and calendars.
  static let openedSchemes: Set<String> = [
    "http", "https", "ftp", "ftps", "mailto", "tel", "sms", "sip", "sips", "xmpp", "im", "irc", "ircs", "matrix",
    "geo", "webcal", "skype", "facetime", "news",
  ]

  /// What a URL action on `value` opens (RFC 3986 §3.1: a scheme is a letter, then
  /// letters, digits, `+`, `-` or `.`, before the first `:`; a host with a port,
  /// `example.org:8080`, has a dot before it and names no scheme).
  static func openable(_ value: String) -> Openable {
    let trimmed = value.trimmedOfWhitespace
    if let colon = trimmed.firstIndex(of: ":") {
      let scheme = trimmed[..<colon]
      let isScheme =
        scheme.first?.isASCII == true && scheme.first?.isLetter == true
        && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
      if isScheme && (!scheme.contains(".") || trimmed[colon...].hasPrefix("://")) {
        let lower = scheme.lowercased()
        return openedSchemes.contains(lower) ? .opened(trimmed) : .refused(scheme: lower)
      }
    }
    return .opened("http://" + trimmed)
  }

  /// The command line of `kind` for `value`: the placeholders replaced, or the value
  /// appended; nil when the kind has no command.
  public func command(_ kind: Kind, value: String) -> [String]? {
    guard let words = commands[kind], !words.isEmpty else { return nil }
    let encoded = value.addingPercentEncoding(withAllowedCharacters: Self.urlAllowed) ?? value
    var placed = false
    let filled = words.map { word -> String in
      guard word.contains("{") else { return word }
      let replaced = word.replacingOccurrences(of: "{url}", with: encoded).replacingOccurrences(of: "{}", with: value)
      if replaced != word { placed = true }
      return replaced
    }
    return placed ? filled : filled + [value]
  }

  /// Performs the action of `property` (with `message`, its message action) unless
  /// `allowed` is false (a delegate vetoed it): starts its command.
  ///
  /// - Returns: what to tell the user on the card's help line: what was started, or
  ///   why nothing was.
  public func perform(on property: ContactProperty, message: Bool = false, allowed: Bool = true) -> String {
    guard let kind = Self.kind(for: property, message: message) else {
      return message ? L10n.text("no message action for this value") : L10n.text("no action for this value")
    }
    guard allowed else { return L10n.format("%s action declined", kind.rawValue) }
    var value = property.value.singleLine
    if kind == .url {
      switch Self.openable(value) {
      case .opened(let url): value = url
      case .refused(let scheme): return L10n.format("not opened: cpick does not open %s: URLs", scheme)
      }
    }
    guard let command = command(kind, value: value) else {
      return L10n.format("no command for %1$s (set action-%1$s in the config)", kind.rawValue)
    }
    // A value from a card (a received one) never becomes an option of the command.
    let words = Set(commands[kind] ?? [])
    if command.contains(where: { $0.hasPrefix("-") && !words.contains($0) }) {
      return L10n.text("not started: the value begins with “-”, which the command would take for an option")
    }
    do {
      try launch(command)
      return L10n.format("started: %s", command.joined(separator: " "))
    } catch {
      return L10n.format("cannot start %s action: %s", kind.rawValue, "\(error)")
    }
  }

  /// Characters left as they are in `{url}`: RFC 3986's unreserved ones and `@`, `+`,
  /// `,` (readable in a `mailto:` or `tel:`, and safe in a query).
  static let urlAllowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@+,")
}
