import Foundation

/// Dates as the language in use writes them: `1815年12月10日`, `10. Dez. 1815`,
/// `10 déc. 1815`; English keeps ISO 8601 (`1815-12-10`), as the JSON has it.
///
/// Uses Foundation's `DateFormatter` with the CLDR skeletons `yMMMd` and `MMMd` (no
/// year), one formatter per language and skeleton, made on first use.
public enum LocalizedDate {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var formatters: [String: DateFormatter] = [:]

  /// The locale of a catalog's language (`zh_TW` → Traditional Chinese, Taiwan).
  static func locale(of language: MessageLanguage) -> Locale {
    switch language.code {
    case "zh_CN": Locale(identifier: "zh_Hans_CN")
    case "zh_TW": Locale(identifier: "zh_Hant_TW")
    case "ja": Locale(identifier: "ja_JP")
    case "ko": Locale(identifier: "ko_KR")
    case "de": Locale(identifier: "de_DE")
    case "fr": Locale(identifier: "fr_FR")
    case "es": Locale(identifier: "es_ES")
    default: Locale(identifier: "en_US_POSIX")
    }
  }

  /// The name of `month` (1–12) in the language in use (`Dezember`, `12月`); `nil` in
  /// English (the caller's own) or for a month that does not exist.
  public static func monthName(_ month: Int) -> String? {
    let language = L10n.language
    guard !language.isEnglish, (1...12).contains(month) else { return nil }
    let formatter = DateFormatter()
    formatter.locale = locale(of: language)
    return formatter.standaloneMonthSymbols[month - 1]
  }

  /// The day `month`/`day` (of `year`, when known) in the language in use; `nil` in
  /// English or for a day that does not exist (the caller shows its ISO form).
  public static func text(year: Int?, month: Int, day: Int) -> String? {
    let language = L10n.language
    guard !language.isEnglish else { return nil }
    var components = DateComponents()
    components.year = year ?? 2000  // a leap year, so 02-29 without a year exists
    components.month = month
    components.day = day
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
    let skeleton = year == nil ? "MMMd" : "yMMMd"
    let key = language.code + "/" + skeleton
    lock.lock()
    defer { lock.unlock() }
    let formatter =
      formatters[key]
      ?? {
        let made = DateFormatter()
        made.calendar = calendar
        made.timeZone = calendar.timeZone
        made.locale = locale(of: language)
        made.setLocalizedDateFormatFromTemplate(skeleton)
        formatters[key] = made
        return made
      }()
    return formatter.string(from: date)
  }
}
