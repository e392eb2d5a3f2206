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
    guard let command = command(kind, value: property.value.singleLine) else {
      return L10n.format("no command for %1$s (set action-%1$s in the config)", kind.rawValue)
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
