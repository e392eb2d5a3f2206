import ContactKit
import CpickSupport

/// A compact binary form of `Contact` for an on-disk index cache: every stored
/// property, the `sourceRecord` included, so a decoded contact is `==` to the one
/// written.
///
/// One contact is a presence mask followed by the values it marks, in bit order
/// (`ArchiveWriter` encodings: varint, zig-zag int, length-prefixed string):
///
/// | bit | field | payload |
/// |---|---|---|
/// | — | presence mask | varint of the bits below (1 byte for bits 0–6, 2 for 7–13, …) |
/// | — | `identifier`, `source` | string, string (always) |
/// | 28 | `contactType` ≠ `.person` | varint code (1 `organization`), right after `source` |
/// | 29 | `role` | string, after `dates` |
/// | 0–2 | `formattedName`, `givenName`, `familyName` | string each |
/// | 3, 4 | `phoneNumbers`, `emailAddresses` | labeled strings |
/// | 5 | `sourceRecord` | source record (below) |
/// | 6 | `organizationName` | string |
/// | 7 | `postalAddresses` | labeled postal addresses |
/// | 8 | `birthday` | date |
/// | 9–11 | `note`, `groups`, `jobTitle` | string, strings, string |
/// | 12 | `urlAddresses` | labeled strings |
/// | 13–20 | `middleName`, `namePrefix`, `nameSuffix`, `nickname`, `departmentName`, phonetic given, middle, family | string each |
/// | 21, 22 | `nameSortAs`, `organizationSortAs` | strings |
/// | 23–26 | `instantMessageAddresses`, `socialProfiles`, `contactRelations`, `dates` | labeled values |
/// | 27 | `hasImage` | none: the bit is the value |
///
/// A bit is clear for an empty string, an empty array, `nil` and `false`, which then
/// cost nothing. The nested shapes:
///
/// | shape | layout |
/// |---|---|
/// | strings | varint count, then each string |
/// | labeled values | varint count, then each: varint `label code << 1 \| has preference`, the preference (varint 1–100) when it has one, string `identifier`, the label's text when its code is 1, the value |
/// | label code | 0 `nil`, 1 another label (its text follows), 2… `home`, `work`, `other`, `mobile`, `main`, `iPhone`, `homeFax`, `workFax`, `otherFax`, `pager`, `school`, `homePage`, `anniversary` |
/// | postal address | byte mask (bit 0 `street`, 1 `city`, 2 `state`, 3 `postalCode`, 4 `country`, 5 `isoCountryCode`), then the non-empty strings |
/// | instant message | string `service`, string `username` |
/// | social profile | string `service`, string `username`, string `urlString` |
/// | date | byte mask (bit 0 `year`, 1 `month`, 2 `day`, 3 `text`), then the present ints (zig-zag) and the text |
/// | source record | varint head (bits 0–2 version code: 0 `nil`, 1 `2.1`, 2 `3.0`, 3 `4.0`, 4 another (its text follows); bit 3 `outsideGroups` non-empty; bit 4 `twins` ≠ 1), bytes `bytes`, int `firstLine`, then the version text, `outsideGroups` (strings) and `twins` (int) when marked |
///
/// There is no header or length around a contact: contacts are read back in the
/// order written, and the index carries `IndexFormat.version` (raise its
/// `layoutRevision` whenever the layout above changes, so that an index written with
/// another layout is rebuilt rather than misread).
package enum ContactArchive {
  /// Appends `contact` to `writer`.
  ///
  /// - Parameters:
  ///   - contact: the contact, with or without a source record.
  ///   - writer: the buffer to append to.
  /// - Complexity: O(*n*) in the contact's encoded size.
  package static func write(_ contact: Contact, to writer: inout ArchiveWriter) {
    var mask: UInt64 = 0
    /// Sets `field`'s bit when it is `present`.
    func mark(_ field: Field, _ present: Bool) {
      if present { mask |= field.bit }
    }
    mark(.formattedName, !contact.formattedName.isEmpty)
    mark(.givenName, !contact.givenName.isEmpty)
    mark(.familyName, !contact.familyName.isEmpty)
    mark(.phoneNumbers, !contact.phoneNumbers.isEmpty)
    mark(.emailAddresses, !contact.emailAddresses.isEmpty)
    mark(.sourceRecord, contact.sourceRecord != nil)
    mark(.organizationName, !contact.organizationName.isEmpty)
    mark(.postalAddresses, !contact.postalAddresses.isEmpty)
    mark(.birthday, contact.birthday != nil)
    mark(.note, !contact.note.isEmpty)
    mark(.groups, !contact.groups.isEmpty)
    mark(.jobTitle, !contact.jobTitle.isEmpty)
    mark(.urlAddresses, !contact.urlAddresses.isEmpty)
    mark(.middleName, !contact.middleName.isEmpty)
    mark(.namePrefix, !contact.namePrefix.isEmpty)
    mark(.nameSuffix, !contact.nameSuffix.isEmpty)
    mark(.nickname, !contact.nickname.isEmpty)
    mark(.departmentName, !contact.departmentName.isEmpty)
    mark(.phoneticGivenName, !contact.phoneticGivenName.isEmpty)
    mark(.phoneticMiddleName, !contact.phoneticMiddleName.isEmpty)
    mark(.phoneticFamilyName, !contact.phoneticFamilyName.isEmpty)
    mark(.nameSortAs, !contact.nameSortAs.isEmpty)
    mark(.organizationSortAs, !contact.organizationSortAs.isEmpty)
    mark(.instantMessageAddresses, !contact.instantMessageAddresses.isEmpty)
    mark(.socialProfiles, !contact.socialProfiles.isEmpty)
    mark(.contactRelations, !contact.contactRelations.isEmpty)
    mark(.dates, !contact.dates.isEmpty)
    mark(.hasImage, contact.hasImage)
    mark(.contactType, contact.contactType != .person)
    mark(.role, !contact.role.isEmpty)
    mark(.otherNicknames, !contact.otherNicknames.isEmpty)
    mark(.alternateNames, !contact.alternateNames.isEmpty)

    writer.write(mask)
    writer.write(contact.identifier)
    writer.write(contact.source)
    if mask & Field.contactType.bit != 0 { writer.write(typeCode(contact.contactType)) }
    /// Writes a string field when the mask has it.
    func text(_ field: Field, _ value: String) {
      if mask & field.bit != 0 { writer.write(value) }
    }
    text(.formattedName, contact.formattedName)
    text(.givenName, contact.givenName)
    text(.familyName, contact.familyName)
    writeLabeled(contact.phoneNumbers, to: &writer) { $1.write($0) }
    writeLabeled(contact.emailAddresses, to: &writer) { $1.write($0) }
    if let record = contact.sourceRecord { write(record, to: &writer) }
    text(.organizationName, contact.organizationName)
    writeLabeled(contact.postalAddresses, to: &writer) { write($0, to: &$1) }
    if let birthday = contact.birthday { write(birthday, to: &writer) }
    text(.note, contact.note)
    writeStrings(contact.groups, to: &writer)
    text(.jobTitle, contact.jobTitle)
    writeLabeled(contact.urlAddresses, to: &writer) { $1.write($0) }
    text(.middleName, contact.middleName)
    text(.namePrefix, contact.namePrefix)
    text(.nameSuffix, contact.nameSuffix)
    text(.nickname, contact.nickname)
    text(.departmentName, contact.departmentName)
    text(.phoneticGivenName, contact.phoneticGivenName)
    text(.phoneticMiddleName, contact.phoneticMiddleName)
    text(.phoneticFamilyName, contact.phoneticFamilyName)
    writeStrings(contact.nameSortAs, to: &writer)
    writeStrings(contact.organizationSortAs, to: &writer)
    writeLabeled(contact.instantMessageAddresses, to: &writer) { address, writer in
      writer.write(address.service)
      writer.write(address.username)
    }
    writeLabeled(contact.socialProfiles, to: &writer) { profile, writer in
      writer.write(profile.service)
      writer.write(profile.username)
      writer.write(profile.urlString)
    }
    writeLabeled(contact.contactRelations, to: &writer) { $1.write($0) }
    writeLabeled(contact.dates, to: &writer) { write($0, to: &$1) }
    text(.role, contact.role)
    writeStrings(contact.otherNicknames, to: &writer)
    writeStrings(contact.alternateNames, to: &writer)
  }

  /// Reads one contact written by `write(_:to:)`, leaving `reader` after it.
  ///
  /// A `source` equal to that of the contact read before it from the same reader
  /// shares its storage (`ArchiveReader.readRepeatedString()`).
  ///
  /// - Parameter reader: positioned at the contact's first byte.
  /// - Returns: the contact, `==` to the one written.
  /// - Throws: `ArchiveError` when the bytes end too soon (`.truncated`,
  ///   `.badLength`) or hold what no writer makes (`.badValue`: an unknown presence,
  ///   postal-address, date or source-record bit, an unknown label, version or
  ///   contact-type code, an overlong varint). Damaged bytes may also decode to
  ///   some other contact without an error; after an error, stop reading.
  /// - Complexity: O(*n*) in the contact's encoded size.
  package static func read(from reader: inout ArchiveReader) throws(ArchiveError) -> Contact {
    try readContact(from: &reader)
  }

  /// The contact `bytes` hold whole (one card's encoding, as the index stores it), or
  /// nil when they are damaged (see `read(from:)`).
  package static func contact(from bytes: [UInt8]) -> Contact? {
    bytes.withUnsafeBytes { contact(from: $0) }
  }

  /// `contact(from:)` of bytes where they lie.
  package static func contact(from raw: UnsafeRawBufferPointer) -> Contact? {
    var reader = ArchiveReader(raw)
    return try? readContact(from: &reader)
  }

  private static func readContact(from reader: inout ArchiveReader) throws(ArchiveError) -> Contact {
    let start = reader.offset
    let mask = try reader.readVarint()
    guard mask & ~Field.known == 0 else {
      throw .badValue("a contact with unknown presence bits", mask & ~Field.known, offset: start)
    }
    var contact = Contact(identifier: try reader.readString(), source: try reader.readRepeatedString())
    try readFields(mask, into: &contact, from: &reader)
    return contact
  }

  /// Reads the fields that `mask` marks into `contact`, in bit order.
  ///
  /// Apart from `read(from:)` so that its result is built in place: with the reads
  /// inline there, the optimizer copied the whole contact on return (a retain and a
  /// release of every field).
  private static func readFields(
    _ mask: UInt64, into contact: inout Contact, from reader: inout ArchiveReader
  ) throws(ArchiveError) {
    /// Whether the mask has `field`.
    @inline(__always) func has(_ field: Field) -> Bool { mask & field.bit != 0 }
    if has(.contactType) { contact.contactType = try readContactType(&reader) }
    if has(.formattedName) { contact.formattedName = try reader.readString() }
    if has(.givenName) { contact.givenName = try reader.readString() }
    if has(.familyName) { contact.familyName = try reader.readString() }
    if has(.phoneNumbers) { contact.phoneNumbers = try readLabeled(&reader, value: readString) }
    if has(.emailAddresses) { contact.emailAddresses = try readLabeled(&reader, value: readString) }
    if has(.sourceRecord) { contact.sourceRecord = try readSourceRecord(&reader) }
    if has(.organizationName) { contact.organizationName = try reader.readString() }
    if has(.postalAddresses) { contact.postalAddresses = try readLabeled(&reader, value: readPostalAddress) }
    if has(.birthday) { contact.birthday = try readDate(&reader) }
    if has(.note) { contact.note = try reader.readString() }
    if has(.groups) { contact.groups = try readStrings(&reader) }
    if has(.jobTitle) { contact.jobTitle = try reader.readString() }
    if has(.urlAddresses) { contact.urlAddresses = try readLabeled(&reader, value: readString) }
    if has(.middleName) { contact.middleName = try reader.readString() }
    if has(.namePrefix) { contact.namePrefix = try reader.readString() }
    if has(.nameSuffix) { contact.nameSuffix = try reader.readString() }
    if has(.nickname) { contact.nickname = try reader.readString() }
    if has(.departmentName) { contact.departmentName = try reader.readString() }
    if has(.phoneticGivenName) { contact.phoneticGivenName = try reader.readString() }
    if has(.phoneticMiddleName) { contact.phoneticMiddleName = try reader.readString() }
    if has(.phoneticFamilyName) { contact.phoneticFamilyName = try reader.readString() }
    if has(.nameSortAs) { contact.nameSortAs = try readStrings(&reader) }
    if has(.organizationSortAs) { contact.organizationSortAs = try readStrings(&reader) }
    if has(.instantMessageAddresses) {
      contact.instantMessageAddresses = try readLabeled(&reader) { (reader: inout ArchiveReader) throws(ArchiveError) in
        InstantMessageAddress(service: try reader.readString(), username: try reader.readString())
      }
    }
    if has(.socialProfiles) {
      contact.socialProfiles = try readLabeled(&reader) { (reader: inout ArchiveReader) throws(ArchiveError) in
        SocialProfile(service: try reader.readString(), username: try reader.readString(), urlString: try reader.readString())
      }
    }
    if has(.contactRelations) { contact.contactRelations = try readLabeled(&reader, value: readString) }
    if has(.dates) { contact.dates = try readLabeled(&reader, value: readDate) }
    contact.hasImage = has(.hasImage)
    if has(.role) { contact.role = try reader.readString() }
    if has(.otherNicknames) { contact.otherNicknames = try readStrings(&reader) }
    if has(.alternateNames) { contact.alternateNames = try readStrings(&reader) }
  }

  // MARK: - The presence mask

  /// The fields of the presence mask; the raw value is the bit's index, the most
  /// common fields first so that a typical mask is one or two bytes.
  enum Field: UInt64, CaseIterable {
    /// Bits 0–6, the first mask byte: what nearly every card has.
    case formattedName, givenName, familyName, phoneNumbers, emailAddresses, sourceRecord, organizationName
    /// Bits 7–13, the second mask byte: what many cards have.
    case postalAddresses, birthday, note, groups, jobTitle, urlAddresses, middleName
    /// Bits 14–20: rarer name parts.
    case namePrefix, nameSuffix, nickname, departmentName, phoneticGivenName, phoneticMiddleName, phoneticFamilyName
    /// Bits 21–27: sort strings, rarer labeled values, and `hasImage` (no payload).
    case nameSortAs, organizationSortAs, instantMessageAddresses, socialProfiles, contactRelations, dates, hasImage
    /// Bit 28: `contactType` is not `.person`; its code follows `source`.
    case contactType
    /// Bit 29: `role`, after the labeled values.
    case role
    /// Bit 30: `otherNicknames`, after `role`.
    case otherNicknames
    /// Bit 31: `alternateNames`, after `otherNicknames`.
    case alternateNames

    /// The field's bit in the mask.
    var bit: UInt64 { 1 << rawValue }

    /// Every bit a field has.
    static let known: UInt64 = (1 << UInt64(allCases.count)) - 1
  }

  // MARK: - Codes

  /// The labels with a code of their own: code `index + 2` (0 is `nil`, 1 another
  /// label). Append only; a change of order is a new `IndexFormat.layoutRevision`.
  static let standardLabels = [
    "home", "work", "other", "mobile", "main", "iPhone", "homeFax", "workFax", "otherFax", "pager", "school",
    "homePage", "anniversary",
  ]

  /// The code of each label in `standardLabels`.
  private static let labelCodes = Dictionary(
    uniqueKeysWithValues: standardLabels.enumerated().map { ($0.element, UInt64($0.offset) + 2) })

  /// The vCard versions with a code of their own: code `index + 1` (0 is `nil`, 4 another version).
  static let standardVersions = ["2.1", "3.0", "4.0"]

  /// The code of a version that is not one of `standardVersions`, whose text follows.
  private static let otherVersionCode: UInt64 = 4

  /// The stable code of a contact type (0 is `.person`, which is never written).
  private static func typeCode(_ type: ContactType) -> UInt64 {
    switch type {
    case .person: return 0
    case .organization: return 1
    }
  }

  /// Reads a contact-type code.
  private static func readContactType(_ reader: inout ArchiveReader) throws(ArchiveError) -> ContactType {
    let start = reader.offset
    switch try reader.readVarint() {
    case 0: return .person
    case 1: return .organization
    case let code: throw .badValue("contact type code", code, offset: start)
    }
  }

  // MARK: - Nested values

  /// Writes a non-empty array of strings: count, then each.
  private static func writeStrings(_ strings: [String], to writer: inout ArchiveWriter) {
    guard !strings.isEmpty else { return }
    writer.write(UInt64(strings.count))
    for string in strings { writer.write(string) }
  }

  /// Reads an array written by `writeStrings(_:to:)`.
  private static func readStrings(_ reader: inout ArchiveReader) throws(ArchiveError) -> [String] {
    let count = try reader.readCount()
    var strings: [String] = []
    strings.reserveCapacity(count)
    for _ in 0..<count { strings.append(try reader.readString()) }
    return strings
  }

  /// `reader.readString()` as a function, for `readLabeled(_:value:)`.
  private static func readString(_ reader: inout ArchiveReader) throws(ArchiveError) -> String {
    try reader.readString()
  }

  /// Writes a non-empty array of labeled values: count, then for each its head
  /// (label code and preference), identifier, custom label, and value.
  private static func writeLabeled<Value>(
    _ values: [LabeledValue<Value>], to writer: inout ArchiveWriter,
    value writeValue: (Value, inout ArchiveWriter) -> Void
  ) {
    guard !values.isEmpty else { return }
    writer.write(UInt64(values.count))
    values.withUnsafeBufferPointer { values in
      for index in values.indices {
        let code: UInt64 = values[index].label.map { labelCodes[$0] ?? 1 } ?? 0
        let preference = values[index].preference
        writer.write(code << 1 | (preference == nil ? 0 : 1))
        if let preference { writer.write(UInt64(preference)) }
        writer.write(values[index].identifier)
        if code == 1, let label = values[index].label { writer.write(label) }
        writeValue(values[index].value, &writer)
      }
    }
  }

  /// Reads an array written by `writeLabeled(_:to:value:)`.
  private static func readLabeled<Value>(
    _ reader: inout ArchiveReader, value readValue: (inout ArchiveReader) throws(ArchiveError) -> Value
  ) throws(ArchiveError) -> [LabeledValue<Value>] {
    // Head, identifier and value take a byte each at least.
    let count = try reader.readCount(minimumSize: 3)
    var values: [LabeledValue<Value>] = []
    values.reserveCapacity(count)
    for _ in 0..<count {
      let start = reader.offset
      let head = try reader.readVarint()
      var preference: Int? = nil
      if head & 1 != 0 {
        let rank = try reader.readVarint()
        guard LabeledValue<Value>.preferenceRange.contains(Int(clamping: rank)) else {
          throw .badValue("preference", rank, offset: start)
        }
        preference = Int(rank)
      }
      let identifier = try reader.readString()
      let label: String?
      switch head >> 1 {
      case 0: label = nil
      case 1: label = try reader.readString()
      case let code where code - 2 < UInt64(standardLabels.count): label = standardLabels[Int(code - 2)]
      case let code: throw .badValue("label code", code, offset: start)
      }
      values.append(
        LabeledValue(identifier: identifier, label: label, value: try readValue(&reader), preference: preference))
    }
    return values
  }

  /// Writes a postal address: a mask of its non-empty fields, then them.
  private static func write(_ address: PostalAddress, to writer: inout ArchiveWriter) {
    var mask: UInt8 = 0
    if !address.street.isEmpty { mask |= 1 }
    if !address.city.isEmpty { mask |= 2 }
    if !address.state.isEmpty { mask |= 4 }
    if !address.postalCode.isEmpty { mask |= 8 }
    if !address.country.isEmpty { mask |= 16 }
    if !address.isoCountryCode.isEmpty { mask |= 32 }
    writer.writeByte(mask)
    if mask & 1 != 0 { writer.write(address.street) }
    if mask & 2 != 0 { writer.write(address.city) }
    if mask & 4 != 0 { writer.write(address.state) }
    if mask & 8 != 0 { writer.write(address.postalCode) }
    if mask & 16 != 0 { writer.write(address.country) }
    if mask & 32 != 0 { writer.write(address.isoCountryCode) }
  }

  /// Reads a postal address written by `write(_:to:)`.
  private static func readPostalAddress(_ reader: inout ArchiveReader) throws(ArchiveError) -> PostalAddress {
    let mask = try readPartMask(&reader, parts: 6, of: "a postal address with unknown bits")
    var address = PostalAddress()
    if mask & 1 != 0 { address.street = try reader.readString() }
    if mask & 2 != 0 { address.city = try reader.readString() }
    if mask & 4 != 0 { address.state = try reader.readString() }
    if mask & 8 != 0 { address.postalCode = try reader.readString() }
    if mask & 16 != 0 { address.country = try reader.readString() }
    if mask & 32 != 0 { address.isoCountryCode = try reader.readString() }
    return address
  }

  /// Reads the byte mask of a nested value's parts, refusing bits above the `count` it has.
  private static func readPartMask(
    _ reader: inout ArchiveReader, parts count: Int, of what: StaticString
  ) throws(ArchiveError) -> UInt8 {
    let mask = try reader.readByte()
    guard mask < 1 << count else { throw .badValue(what, UInt64(mask), offset: reader.offset - 1) }
    return mask
  }

  /// Writes a date: a mask of its present parts, then them.
  private static func write(_ date: ContactDate, to writer: inout ArchiveWriter) {
    var mask: UInt8 = 0
    if date.year != nil { mask |= 1 }
    if date.month != nil { mask |= 2 }
    if date.day != nil { mask |= 4 }
    if date.text != nil { mask |= 8 }
    writer.writeByte(mask)
    if let year = date.year { writer.write(year) }
    if let month = date.month { writer.write(month) }
    if let day = date.day { writer.write(day) }
    if let text = date.text { writer.write(text) }
  }

  /// Reads a date written by `write(_:to:)`.
  private static func readDate(_ reader: inout ArchiveReader) throws(ArchiveError) -> ContactDate {
    let mask = try readPartMask(&reader, parts: 4, of: "a date with unknown bits")
    var date = ContactDate()
    if mask & 1 != 0 { date.year = try reader.readInt() }
    if mask & 2 != 0 { date.month = try reader.readInt() }
    if mask & 4 != 0 { date.day = try reader.readInt() }
    if mask & 8 != 0 { date.text = try reader.readString() }
    return date
  }

  /// Writes a source record: head (version code, which optional parts follow),
  /// bytes, first line, then the optional parts.
  private static func write(_ record: SourceRecord, to writer: inout ArchiveWriter) {
    var head: UInt64 = record.version.map { version in
      standardVersions.firstIndex(of: version).map { UInt64($0) + 1 } ?? otherVersionCode
    } ?? 0
    if !record.outsideGroups.isEmpty { head |= 8 }
    if record.twins != 1 { head |= 16 }
    writer.write(head)
    writer.write(record.bytes)
    writer.write(record.firstLine)
    if head & 7 == otherVersionCode, let version = record.version { writer.write(version) }
    writeStrings(record.outsideGroups, to: &writer)
    if head & 16 != 0 { writer.write(record.twins) }
  }

  /// Reads a source record written by `write(_:to:)`.
  private static func readSourceRecord(_ reader: inout ArchiveReader) throws(ArchiveError) -> SourceRecord {
    let start = reader.offset
    let head = try reader.readVarint()
    guard head < 32, head & 7 <= otherVersionCode else {
      throw .badValue("source record head", head, offset: start)
    }
    var record = SourceRecord(bytes: try reader.readBytes(), firstLine: try reader.readInt(), version: nil)
    switch head & 7 {
    case 0: break
    case otherVersionCode: record.version = try reader.readString()
    case let code: record.version = standardVersions[Int(code - 1)]
    }
    if head & 8 != 0 { record.outsideGroups = try readStrings(&reader) }
    if head & 16 != 0 { record.twins = try reader.readInt() }
    return record
  }
}
