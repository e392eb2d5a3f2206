/// A date that may lack its year (CNContact birthday and dates as DateComponents).
///
/// From vCard `BDAY`, `ANNIVERSARY`, `X-ABDATE` (RFC 6350 §6.2.5, §4.3.1): `1985-04-15`,
/// `19850415`, `--0415`, `--04-15`, a date-time (time dropped). Apple's year 1604 means
/// "no year". Free text that is no date keeps only `text`.
public struct ContactDate: Sendable, Hashable, CustomStringConvertible {
  /// The year, e.g. `1985`; `nil` when not given (`--0415`, Apple's 1604).
  public var year: Int?
  /// The month, 1–12; `nil` when not given.
  public var month: Int?
  /// The day of the month, 1–31; `nil` when not given.
  public var day: Int?
  /// The value as written when it is not a date (RFC 6350 `VALUE=text`).
  public var text: String?

  /// Creates a date from its parts.
  public init(year: Int? = nil, month: Int? = nil, day: Int? = nil, text: String? = nil) {
    self.year = year
    self.month = month
    self.day = day
    self.text = text
  }

  /// ISO 8601 form as RFC 6350 §4.3.1 writes a date of fewer parts: `1815-12-10`,
  /// `--12-10` without a year, `1996-04` without a day, `1996`, `--04`, `---15`; or
  /// the free text.
  public var description: String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    guard let month, let day else {
      switch (year, month, day) {
      case (let year?, nil, nil): return pad4(year)
      case (let year?, let month?, nil): return "\(pad4(year))-\(two(month))"
      case (nil, let month?, nil): return "--\(two(month))"
      case (nil, nil, let day?): return "---\(two(day))"
      default: return text ?? ""
      }
    }
    let md = "\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    if let year { return "\(pad4(year))-\(md)" }
    return "--\(md)"
  }
}

private func pad4(_ value: Int) -> String {
  let digits = String(value)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
