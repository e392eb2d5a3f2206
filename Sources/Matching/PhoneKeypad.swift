/// Phone numbers written with letters (`1-800-FLOWERS`, `+1 800 GO FEDEX`): their
/// letters are the digits of the keys they are printed on (ITU-T E.161: `abc` 2,
/// `def` 3, `ghi` 4, `jkl` 5, `mno` 6, `pqrs` 7, `tuv` 8, `wxyz` 9), so the number is
/// found by the digits dialled (`18003569377`) and by the text as written.
///
/// A number is written so when it holds only ASCII digits, letters, spaces and phone
/// punctuation (`+ - . / ( )`), starts with a digit or `+` (after a `(`), has at least
/// three digits and three letters, and each run of letters is two or more long and
/// not an extension mark (`x`, `ext`, `extn`, `extension`: `+1 555 0100 ext 77` keeps
/// its digits).
enum PhoneKeypad {
  /// The digit of the key an ASCII letter is on (E.161), by lower-case letter.
  private static let keys: [UInt8] = Array("22233344455566677778889999".utf8)

  /// Letter runs that mark an extension, not a word to dial.
  private static let extensionMarks: Set<[UInt8]> = Set(["x", "ext", "extn", "extension"].map { Array($0.utf8) })

  /// The key's digit of an ASCII letter (either case); nil for any other byte.
  private static func key(_ byte: UInt8) -> UInt8? {
    let lower = byte | 0x20
    return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") ? keys[Int(lower - UInt8(ascii: "a"))] : nil
  }

  /// `typed` with each letter replaced by its key's digit (case ignored), the rest
  /// kept; nil unless `typed` is a number written with letters (see above).
  static func dialled(_ typed: some Collection<UInt8>) -> [UInt8]? {
    var digits = 0
    var letters = 0
    var run: [UInt8] = []
    var started = false
    func runIsWord() -> Bool { run.isEmpty || (run.count >= 2 && !extensionMarks.contains(run)) }
    for byte in typed {
      if key(byte) != nil {
        guard started else { return nil }
        letters += 1
        run.append(byte | 0x20)
        continue
      }
      guard runIsWord() else { return nil }
      run.removeAll(keepingCapacity: true)
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        started = true
      case UInt8(ascii: "+"):
        started = true
      case UInt8(ascii: "("), UInt8(ascii: " "), UInt8(ascii: "\t"):
        continue
      case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ")"):
        guard started else { return nil }
      default:
        return nil
      }
    }
    guard runIsWord(), digits >= 3, letters >= 3 else { return nil }
    return typed.map { key($0) ?? $0 }
  }
}
