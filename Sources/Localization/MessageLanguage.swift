#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The language messages are shown in: `CPICK_LANGUAGE` when set (cpick's own, for a
/// language other than the locale's; the tests set it to `en`), else the locale
/// environment variables as POSIX orders them (XBD 8.2, "Internationalization
/// Variables"): `LC_ALL`, then `LC_MESSAGES`, then `LANG`; the first one set and not
/// empty decides.
public struct MessageLanguage: Sendable, Hashable {
  /// The name of the language's catalog: `de`, `fr`, `es`, `ja`, `ko`, `zh_CN`
  /// (Simplified Chinese), `zh_TW` (Traditional Chinese); `en` for English.
  public let code: String

  /// A language by its catalog name (`"ja"`, `"zh_TW"`).
  public init(code: String) { self.code = code }

  /// English: the texts as the code writes them, no catalog.
  public static let english = MessageLanguage(code: "en")

  /// The languages with a catalog, in the order the tests go through them.
  public static let translated: [MessageLanguage] = ["zh_CN", "zh_TW", "ja", "ko", "de", "fr", "es"].map(
    MessageLanguage.init(code:))

  /// Whether texts are shown as written (no catalog to read).
  public var isEnglish: Bool { code == "en" }

  /// What goes between the items of a list in a sentence: `、` in Chinese and
  /// Japanese (the enumeration comma), `, ` in the others.
  public var listSeparator: String { ["zh_CN", "zh_TW", "ja"].contains(code) ? "、" : ", " }

  /// Whether names are written family name first in this language (Chinese,
  /// Japanese, Korean: CLDR's person-name order): its forms ask for the family name
  /// first, as Apple's do.
  public var writesFamilyNameFirst: Bool { ["zh_CN", "zh_TW", "ja", "ko"].contains(code) }

  /// The language a locale name such as `zh_CN.UTF-8`, `de_AT@euro`, `zh_Hant_TW` or
  /// `C` asks for: Chinese by region or script (Taiwan, Hong Kong, Macau and `Hant`
  /// Traditional, the rest Simplified), the others by their ISO 639 code alone; `C`,
  /// `POSIX` and languages without a catalog are English.
  public init(localeName: String) {
    let name = localeName.prefix { $0 != "." && $0 != "@" }
    let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { String($0) }
    guard let language = parts.first?.lowercased(), name != "C", name != "POSIX" else {
      code = "en"
      return
    }
    if language == "zh" {
      let rest = Set(parts.dropFirst().map { $0.uppercased() })
      code = rest.isDisjoint(with: ["TW", "HK", "MO", "HANT"]) ? "zh_CN" : "zh_TW"
    } else if Self.translated.contains(MessageLanguage(code: language)) {
      code = language
    } else {
      code = "en"
    }
  }

  /// The language the environment asks for: `CPICK_LANGUAGE`, `LC_ALL`, `LC_MESSAGES`,
  /// `LANG`, the first set and not empty (`variable` reads one; the process environment
  /// by default).
  public static func fromEnvironment(_ variable: (String) -> String? = Self.environment) -> MessageLanguage {
    for name in ["CPICK_LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = variable(name), !value.isEmpty { return MessageLanguage(localeName: value) }
    }
    return .english
  }

  /// The process environment's `name` (`getenv`).
  public static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
