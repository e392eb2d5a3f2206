import ContactKit

/// What a field holds; decides which words it can match and its score penalty.
enum FieldKind: UInt8 {
  /// Display name, name parts, nickname, phonetic names.
  case name = 0
  /// The Latin transliteration of a non-Latin name or organization (pinyin, romaji).
  case alias = 1
  /// Organization and department.
  case organization = 2
  case email = 3
  /// The digits of a phone number; matched by phone words only.
  case phone = 4

  /// Subtracted from the tier score of a match in a field of this kind.
  @inline(__always)
  static func penalty(_ raw: UInt8) -> Int {
    switch raw {
    case 0: return 0
    case 1: return 40
    case 2: return 60
    case 3: return 100
    default: return 0
    }
  }
}

/// Folds the searchable fields of contacts into the flat arrays of `ContactIndex`.
struct IndexBuilder {
  var bytes = ContiguousArray<UInt8>()
  var fieldStarts = ContiguousArray<Int32>([0])
  var fieldKinds = ContiguousArray<UInt8>()
  var contactStarts = ContiguousArray<Int32>([0])
  var masks = ContiguousArray<UInt64>()

  /// The first field of the contact being added (for de-duplication).
  private var contactFirstField = 0
  private var mask: UInt64 = 0

  init(expectedContacts: Int) {
    bytes.reserveCapacity(expectedContacts * 96)
    fieldStarts.reserveCapacity(expectedContacts * 8 + 1)
    fieldKinds.reserveCapacity(expectedContacts * 8)
    contactStarts.reserveCapacity(expectedContacts + 1)
    masks.reserveCapacity(expectedContacts)
  }

  mutating func add(_ contact: Contact) {
    contactFirstField = fieldKinds.count
    mask = 0
    addText(contact.displayName, kind: .name)
    for name in [
      contact.givenName, contact.familyName, contact.middleName, contact.nickname,
      contact.phoneticGivenName, contact.phoneticFamilyName, contact.phoneticMiddleName,
    ] {
      addText(name, kind: .name)
    }
    addText(contact.organizationName, kind: .organization)
    addText(contact.departmentName, kind: .organization)
    for email in contact.emailAddresses { addText(email.value, kind: .email) }
    for phone in contact.phoneNumbers { addPhone(phone.value) }
    contactStarts.append(Int32(fieldKinds.count))
    masks.append(mask)
  }

  /// Adds `text` folded; for non-Latin text also its transliteration.
  mutating func addText(_ text: String, kind: FieldKind) {
    if text.isEmpty { return }
    var text = text
    let ascii = text.withUTF8 { buffer -> Bool in
      for byte in buffer where byte >= 0x80 { return false }
      appendTrimmed(buffer, lowercase: true)
      return true
    }
    if ascii {
      finishField(kind: kind)
      return
    }
    var folded = SearchFolding.fold(text)
    var stillNonASCII = false
    folded.withUTF8 { buffer in
      for byte in buffer where byte >= 0x80 {
        stillNonASCII = true
        break
      }
      appendTrimmed(buffer, lowercase: false)
    }
    finishField(kind: kind)
    guard stillNonASCII, kind != .email,
      let (latin, hasCJK) = Transliteration.latinize(text)
    else { return }
    addFolded(latin, kind: .alias)
    if hasCJK {
      let syllables = latin.split(separator: " ")
      if syllables.count > 1 {
        addFolded(syllables.joined(), kind: .alias)
        addFolded(String(syllables.compactMap(\.first)), kind: .alias)
      }
    }
  }

  /// Adds already folded text.
  private mutating func addFolded(_ text: String, kind: FieldKind) {
    var text = text
    text.withUTF8 { appendTrimmed($0, lowercase: true) }
    finishField(kind: kind)
  }

  /// Adds the digits of a phone number (`+1 (555) 010-0166`, `tel:+1-555-010-0177`).
  mutating func addPhone(_ value: String) {
    var value = value
    let start = bytes.count
    value.withUTF8 { buffer in
      for byte in buffer where byte &- 48 < 10 { bytes.append(byte) }
    }
    let length = bytes.count - start
    guard length > 0 else { return }
    if isDuplicate(start: start, length: length, phone: true) {
      bytes.removeLast(length)
      return
    }
    mask |= ByteMatcher.phoneMask(bytes[start...])
    fieldKinds.append(FieldKind.phone.rawValue)
    fieldStarts.append(Int32(bytes.count))
  }

  private mutating func appendTrimmed(_ buffer: UnsafeBufferPointer<UInt8>, lowercase: Bool) {
    var lower = 0
    var upper = buffer.count
    while lower < upper && isSpace(buffer[lower]) { lower += 1 }
    while upper > lower && isSpace(buffer[upper - 1]) { upper -= 1 }
    if lowercase {
      for i in lower..<upper { bytes.append(SearchFolding.lowerASCII(buffer[i])) }
    } else {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[lower..<upper]))
    }
  }

  @inline(__always)
  private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Keeps the bytes appended since the last field as a new field, unless empty or a
  /// repeat of a field of the same contact (the first, higher-ranked kind wins).
  private mutating func finishField(kind: FieldKind) {
    let start = Int(fieldStarts[fieldStarts.count - 1])
    let length = bytes.count - start
    guard length > 0 else { return }
    if isDuplicate(start: start, length: length, phone: false) {
      bytes.removeLast(length)
      return
    }
    mask |= ByteMatcher.mask(bytes[start...])
    fieldKinds.append(kind.rawValue)
    fieldStarts.append(Int32(bytes.count))
  }

  private func isDuplicate(start: Int, length: Int, phone: Bool) -> Bool {
    var f = contactFirstField
    while f < fieldKinds.count {
      let otherStart = Int(fieldStarts[f])
      let otherLength = Int(fieldStarts[f + 1]) - otherStart
      if otherLength == length && (fieldKinds[f] == FieldKind.phone.rawValue) == phone {
        var same = true
        for k in 0..<length where bytes[otherStart + k] != bytes[start + k] {
          same = false
          break
        }
        if same { return true }
      }
      f += 1
    }
    return false
  }
}
