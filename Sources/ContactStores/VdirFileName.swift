import Foundation
import ContactKit

/// The name of a new card file in a vdir, made from the card's `UID` so that it can
/// never leave the folder or hide from readers (issue 5, "Saving").
///
/// `urn:uuid:` is left out (`urn:uuid:7f3c…` → `7f3c….vcf`, as vdirsyncer and
/// khard name files). Replaced by `_`: `/` and `\`, `:` and the other characters
/// some file systems refuse (`*?"<>|`), NUL and every control or format character
/// (C0, DEL, C1, bidi controls), each `..`, and a leading `.` (a hidden file, which
/// vdir readers skip). A name longer than 200 bytes is cut on a character boundary
/// and given a hash of the whole UID, so that two long UIDs still get different
/// names. An empty result is `contact`.
enum VdirFileName {
  /// The most bytes of the name before `.vcf`.
  static let maxBytes = 200

  /// The file name (without `.vcf`) for `uid`.
  static func base(forUID uid: String) -> String {
    let text = ContactIdentifier.removingURNPrefix(uid.trimmingCharacters(in: .whitespaces))
    var name = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "/", "\\", ":", "*", "?", "\"", "<", ">", "|":
        name.unicodeScalars.append("_")
      default:
        let category = scalar.properties.generalCategory
        if category == .control || category == .format || category == .lineSeparator
          || category == .paragraphSeparator || category == .unassigned || category == .surrogate
        {
          name.unicodeScalars.append("_")
        } else {
          name.unicodeScalars.append(scalar)
        }
      }
    }
    while name.contains("..") { name = name.replacingOccurrences(of: "..", with: "__") }
    if name.hasPrefix(".") { name = "_" + name.dropFirst() }
    if name.utf8.count > maxBytes {
      let hash = StableName.hex(uid)
      var cut = ""
      for character in name {
        if cut.utf8.count + character.utf8.count > maxBytes - hash.count - 1 { break }
        cut.append(character)
      }
      name = cut + "-" + hash
    }
    if name.trimmingCharacters(in: .whitespaces).isEmpty { name = "contact" }
    return name
  }

  /// The `attempt`-th candidate file name: `base.vcf`, then `base-2.vcf`, `base-3.vcf`, …
  static func candidate(_ base: String, attempt: Int) -> String {
    attempt <= 1 ? base + ".vcf" : base + "-\(attempt).vcf"
  }
}

/// A 64-bit FNV-1a hash as 16 hex digits, the same on every run.
package enum StableName {
  package static func hex(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
