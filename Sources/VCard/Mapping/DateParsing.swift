import ContactKit

/// Dates of `BDAY`, `ANNIVERSARY`, `X-ABDATE` (RFC 6350 §4.3.1, RFC 2426 §3.1.5):
/// `1985-04-15`, `19850415`, `--0415`, `--04-15`, `1985-04`, `--04`, `---15`,
/// date-times (time dropped), and
/// Apple's year 1604 for "no year". Anything else is kept as free text.
enum DateParsing {
  static func parse(_ raw: String) -> ContactDate? {
    let text = raw.trimmingBlanks()
    guard !text.isEmpty else { return nil }
    var ascii = text
    if let date = ascii.withUTF8({ bytes in bytes.allSatisfy { $0 < 0x80 } ? parseASCII(bytes, text) : nil }) {
      return date
    }
    return parseCharacters(text)
  }

  /// `parse` for ASCII text (trimmed, not empty), on its bytes.
  private static func parseASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> ContactDate {
    var end = bytes.count
    if let t = bytes.firstIndex(of: UInt8(ascii: "T")) { end = t }
    var digits: [Int] = []
    digits.reserveCapacity(end)
    var hasDash = false
    for index in 0..<end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "-") {
        hasDash = true
        continue
      }
      guard byte >= 0x30 && byte <= 0x39 else { return ContactDate(text: text) }
      digits.append(Int(byte - 0x30))
    }
    guard !digits.isEmpty else { return ContactDate(text: text) }
    func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
    var year: Int? = nil
    var month: Int? = nil
    var day: Int? = nil
    if end >= 2 && bytes[0] == UInt8(ascii: "-") && bytes[1] == UInt8(ascii: "-") {
      // --MMDD, --MM-DD, --MM, ---DD
      if digits.count == 4 {
        month = number(0..<2)
        day = number(2..<4)
      } else if digits.count == 2 && end >= 3 && bytes[2] == UInt8(ascii: "-") {
        day = number(0..<2)
      } else if digits.count == 2 {
        month = number(0..<2)
      }
    } else if digits.count == 8 {
      year = number(0..<4)
      month = number(4..<6)
      day = number(6..<8)
    } else if digits.count == 6 && hasDash {
      year = number(0..<4)
      month = number(4..<6)
    } else if digits.count == 4 {
      year = number(0..<4)
    } else {
      return ContactDate(text: text)
    }
    if let m = month, !(1...12).contains(m) { return ContactDate(text: text) }
    if let d = day, !(1...31).contains(d) { return ContactDate(text: text) }
    if year == 1604 { year = nil }  // Apple: a birthday without a year
    return ContactDate(year: year, month: month, day: day)
  }

  /// `parse` on characters, for text that is not ASCII.
  private static func parseCharacters(_ text: String) -> ContactDate? {
    var datePart = Substring(text)
    if let t = datePart.firstIndex(of: "T") { datePart = datePart[..<t] }
    let digits = datePart.filter { $0 != "-" }
    let allDigits = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    guard allDigits else { return ContactDate(text: text) }
    var year: Int? = nil
    var month: Int? = nil
    var day: Int? = nil
    if datePart.hasPrefix("--") {
      // --MMDD, --MM-DD, ---DD
      let rest = Array(datePart.dropFirst(2).filter { $0 != "-" })
      if rest.count == 4 {
        month = Int(String(rest[0..<2]))
        day = Int(String(rest[2..<4]))
      } else if rest.count == 2 && datePart.hasPrefix("---") {
        day = Int(String(rest))
      } else if rest.count == 2 {
        month = Int(String(rest))
      }
    } else if digits.count == 8 {
      let chars = Array(digits)
      year = Int(String(chars[0..<4]))
      month = Int(String(chars[4..<6]))
      day = Int(String(chars[6..<8]))
    } else if digits.count == 6 && datePart.contains("-") {
      let chars = Array(digits)  // YYYY-MM
      year = Int(String(chars[0..<4]))
      month = Int(String(chars[4..<6]))
    } else if digits.count == 4 {
      year = Int(digits)
    } else {
      return ContactDate(text: text)
    }
    if let m = month, !(1...12).contains(m) { return ContactDate(text: text) }
    if let d = day, !(1...31).contains(d) { return ContactDate(text: text) }
    if year == 1604 { year = nil }  // Apple: a birthday without a year
    return ContactDate(year: year, month: month, day: day)
  }
}
