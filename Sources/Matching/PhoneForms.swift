import ContactKit

/// The other written forms of an international phone number, for search: `+49 170 …`
/// is also found by `0170 …` and `0049 170 …`. Calling codes and trunk prefixes come
/// from `PhoneNumberPlan`.
enum PhoneForms {
  /// The national digits of a number typed with its country code (`digits` without
  /// the `+` or `00`): the trunk prefix, where the country has one, and the national
  /// number (`49 152 1270339` → `0152 1270339`, `34 915 550 127` → `915 550 127`); nil
  /// when no digit follows the country code (or, without a trunk prefix, fewer than
  /// four: the digits alone would match too much).
  /// Also the length of the country code read and of the trunk prefix put in front.
  static func nationalForm(digits: [UInt8]) -> (digits: [UInt8], codeLength: Int, trunkLength: Int)? {
    var (code, rest, trunk) = split(digits[...])
    let codeLength = code.count
    guard rest.count >= (trunk.isEmpty ? 4 : 1) else { return nil }
    // `+49 (0)152`: the trunk prefix written in brackets is already there.
    if !trunk.isEmpty && rest.starts(with: trunk) { rest = rest.dropFirst(trunk.count) }
    return (trunk + rest, codeLength, trunk.count)
  }

  /// The national digits of a North American number typed with its trunk prefix `1`
  /// and no `+` (`1-202-555-0199`, `12025550199`: dialled so within the NANP), so
  /// that it finds the number saved as `(202) 555-0199`: the eleven digits of such a
  /// number (an area code and an exchange, each beginning with 2–9, after the `1`), or
  /// a number begun so with a separator after the `1` (`1-202-5`, `1 (202) 555`); nil
  /// for other digits.
  static func northAmericanNational(typed: [UInt8], digits: [UInt8]) -> [UInt8]? {
    func isNXX(_ digit: UInt8) -> Bool { (UInt8(ascii: "2")...UInt8(ascii: "9")).contains(digit) }
    guard digits.count >= 4, digits.count <= 11, digits[0] == UInt8(ascii: "1"), isNXX(digits[1]) else { return nil }
    if digits.count == 11 { return isNXX(digits[4]) ? Array(digits.dropFirst()) : nil }
    let separated = typed.count > 1 && typed[0] == UInt8(ascii: "1") && " -.(".utf8.contains(typed[1])
    guard separated, digits.count < 5 || isNXX(digits[4]) else { return nil }
    return Array(digits.dropFirst())
  }

  /// The calling codes of the countries whose numbers are written at home without the
  /// trunk prefix that is only dialled: China (`138 1234 5678`), India
  /// (`98765 43210`), Brazil (`(11) 98765-4321`), Russia and Kazakhstan (`8` dialled,
  /// `(916) 123-45-67` written).
  static let savedWithoutTrunk: Set<[UInt8]> = [Array("86".utf8), Array("91".utf8), Array("55".utf8), Array("7".utf8)]

  /// For the digits of a number written with `+` (or `00`): the international digits
  /// without a `(0)` (`+49 (0)170…` → `49170…`) and the national form (`0170…`); nil
  /// for a national number.
  static func forms(digits: [UInt8], international: Bool) -> [[UInt8]]? {
    var digits = digits[...]
    if !international {
      // `0049 170 …`: the international call prefix of most countries.
      guard digits.count >= 10, digits.starts(with: [48, 48]), digits.dropFirst(2).first != 48
      else { return nil }
      digits = digits.dropFirst(2)
    }
    guard digits.count >= 6 else { return nil }
    var (code, rest, trunk) = split(digits)
    var forms: [[UInt8]] = []
    if !trunk.isEmpty && rest.starts(with: trunk) {
      // `+49 (0)170`: the trunk prefix written in brackets.
      rest = rest.dropFirst(trunk.count)
      forms.append(Array(code + rest))
    } else if !international {
      forms.append(Array(digits))
    }
    if !trunk.isEmpty { forms.append(trunk + rest) }
    return forms.isEmpty ? nil : forms
  }

  /// International digits as their calling code, the national number after it, and
  /// the digits a national number starts with in that country (`PhoneNumberPlan`).
  private static func split(_ digits: ArraySlice<UInt8>) -> (
    code: ArraySlice<UInt8>, rest: ArraySlice<UInt8>, trunk: [UInt8]
  ) {
    let codeLength = PhoneNumberPlan.callingCodeLength(of: digits)
    let code = digits.prefix(codeLength)
    let trunk = PhoneNumberPlan.nationalPrefix(forCallingCode: String(decoding: code, as: UTF8.self))
    return (code, digits.dropFirst(codeLength), Array(trunk.utf8))
  }
}
