import CpickSupport
import Foundation

/// Phone numbers as comparable keys: a `+`, the country calling code and the
/// national number's digits (E.164, ITU-T E.164 §6), with an `x` and the extension
/// when there is one.
///
/// `0151 2345678` in region `DE` → `+491512345678`, as `+49 151 2345678`,
/// `+49 (0)151 2345678` and `0049 151 2345678`. A number that starts with `+` or the
/// region's international prefix carries its own country code; one that starts with
/// the region's trunk prefix (`0` in most countries, `1` in the NANP, `8` in Russia)
/// is national (`PhoneNumberPlan`). Numbers that are neither, and regions not in the table, keep their
/// digits alone, so they match only the same digits.
public enum PhoneNumberKey {
  /// The key of `number` read in `region`, or `nil` when it has no digits.
  ///
  /// ```swift
  /// PhoneNumberKey.key(for: "0151 2345678", region: "DE")    // "+491512345678"
  /// PhoneNumberKey.key(for: "(555) 010-0142", region: "US")  // "+15550100142"
  /// PhoneNumberKey.key(for: "06 1234 5678", region: "IT")    // "+390612345678"
  /// ```
  public static func key(for number: String, region: String) -> String? {
    var text = number.trimmedOfWhitespace
    if text.lowercased().hasPrefix("tel:") { text.removeFirst(4) }
    let (base, extensionDigits) = splitExtension(text)
    var national = base
    let international = national.trimmedOfWhitespace.hasPrefix("+")
    // `+49 (0)151 …`: the trunk prefix in parentheses is not dialled from abroad.
    if international { national = national.replacingOccurrences(of: "(0)", with: "") }
    let digits = String(national.unicodeScalars.filter { $0.value >= 0x30 && $0.value <= 0x39 }.map(Character.init))
    guard !digits.isEmpty else { return nil }
    let suffix = extensionDigits.map { $0.isEmpty ? "" : "x" + $0 } ?? ""
    if international { return "+" + digits + suffix }
    // Short numbers (emergency, service codes) are the same everywhere they are dialled.
    if digits.count < 6 { return digits + suffix }
    guard let info = PhoneNumberPlan.byRegion[region.uppercased()] else {
      if digits.hasPrefix("00") { return "+" + digits.dropFirst(2) + suffix }
      return digits + suffix
    }
    if digits.hasPrefix(info.internationalPrefix) {
      return "+" + digits.dropFirst(info.internationalPrefix.count) + suffix
    }
    if info.callingCode == "1" {
      // NANP: ten digits, optionally after the trunk prefix 1.
      if digits.count == 10 { return "+1" + digits + suffix }
      if digits.count == 11 && digits.hasPrefix("1") { return "+" + digits + suffix }
      return digits + suffix
    }
    if let trunk = info.trunkPrefix {
      if digits.hasPrefix(trunk) { return "+" + info.callingCode + digits.dropFirst(trunk.count) + suffix }
      return digits + suffix
    }
    return "+" + info.callingCode + digits + suffix
  }

  /// The default region: the territory of `LC_ALL`, `LC_TELEPHONE` or `LANG`
  /// (`de_DE.UTF-8` → `DE`), else the current locale's region; `""` when none is known.
  public static func defaultRegion(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    for name in ["LC_ALL", "LC_TELEPHONE", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      let locale = value.split(separator: ".").first.map(String.init) ?? value
      let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
      if parts.count >= 2 {
        let territory = parts[1].prefix(while: { $0 != "@" })
        if territory.count == 2 && territory.allSatisfy(\.isLetter) { return territory.uppercased() }
      }
      break
    }
    return Locale.current.region?.identifier.uppercased() ?? ""
  }

  /// Splits `text` into the number and the digits of its extension (`nil` without one).
  /// The extension may be written `;ext=123` (RFC 3966), `x123`, `ext 123` or `ext. 123`.
  public static func splitExtension(_ text: String) -> (number: String, extension: String?) {
    let lower = text.lowercased()
    for marker in [";ext=", " ext. ", " ext.", " ext ", "ext.", "ext", " x ", " x", "x"] {
      guard let range = lower.range(of: marker, options: .backwards) else { continue }
      let after = lower[range.upperBound...].trimmedOfWhitespace
      guard after.allSatisfy({ $0.isASCII && $0.isNumber }) else { continue }
      let offset = lower.distance(from: lower.startIndex, to: range.lowerBound)
      let number = String(text.prefix(offset)).trimmedOfWhitespace
      return (number, after)
    }
    return (text, nil)
  }
}
