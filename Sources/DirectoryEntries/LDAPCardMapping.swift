import ContactKit
import Foundation
import VCard

/// Directory entries as vCard 4.0 cards (RFC 6350), so that the rest of cpick reads a
/// directory entry as it reads any card: inetOrgPerson (RFC 2798, with the attributes
/// of RFC 4519) and Active Directory `user` entries.
///
/// | card | entry |
/// | --- | --- |
/// | `UID` | `entryUUID` (RFC 4530), else `objectGUID`, as `urn:uuid:`; else a UUID hashed from the DN |
/// | `FN` | `displayName`, else `cn`, else the DN's first value |
/// | `N` | `sn`; `givenName` |
/// | `EMAIL` | each `mail` |
/// | `TEL` | `telephoneNumber` (`work,voice`), `mobile` (`cell`), `homePhone` (`home`), `facsimileTelephoneNumber` (`fax`), `pager` (`pager`) |
/// | `ORG` | `o` (AD: `company`); `ou` (AD: `department`) |
/// | `TITLE` | `title` |
/// | `ADR;TYPE=work` | `street`, `l`, `st`, `postalCode`, `c`; else the lines of `postalAddress` (its text as `LABEL`) |
/// | `URL` | `labeledURI` up to its first space (RFC 2079) |
/// | `PHOTO` | `jpegPhoto` as a `data:image/jpeg;base64,` URI |
/// | `RELATED;TYPE=x-manager` | `manager`: the manager's name when known, else the DN |
/// | `NICKNAME` | `mozillaNickname` (Thunderbird; `xmozillanickname` before it) |
/// | `EMAIL` | … then `mozillaSecondEmail` |
/// | `ADR;TYPE=home` | `mozillaHomeStreet`, `mozillaHomeStreet2`, `mozillaHomeLocalityName`, `mozillaHomeState`, `mozillaHomePostalCode`, `mozillaHomeCountryName` |
/// | `URL;TYPE=work`, `URL;TYPE=home` | `mozillaWorkUrl`, `mozillaHomeUrl` |
/// | `BDAY` | `birthyear`, `birthmonth`, `birthday` (Thunderbird's numbers) |
/// | `NOTE` | `description`; for an LDIF file (`keepingOthers`), then every other attribute of the person as `name: value` (not the classes, passwords, operational attributes) |
/// | `REV` | `modifyTimestamp` (AD: `whenChanged`) |
/// | `X-LDAP-DN` | the entry's DN |
///
/// Values are escaped (RFC 6350 §3.4) and lines folded at 75 octets, never inside a
/// UTF-8 sequence (§3.2); the card is deterministic (the same entry gives the same bytes).
public enum LDAPCardMapping {
  /// The attributes a search asks for by default: those the mapping reads, with
  /// `entryUUID` and `modifyTimestamp` (operational attributes, sent only when asked for).
  public static let attributes: [String] = [
    "objectClass", "entryUUID", "objectGUID", "modifyTimestamp", "whenChanged", "uid", "sAMAccountName",
    "displayName", "cn", "sn", "givenName", "mail", "telephoneNumber", "mobile", "homePhone",
    "facsimileTelephoneNumber", "pager", "o", "company", "ou", "department", "title", "postalAddress", "street", "l",
    "st", "postalCode", "c", "labeledURI", "jpegPhoto", "manager", "description",
  ]

  /// The object classes of people (RFC 4519, RFC 2798; Active Directory's `user` and
  /// `contact`; Thunderbird's `mozillaAbPersonAlpha`).
  public static let personClasses: Set<String> = [
    "person", "organizationalperson", "inetorgperson", "residentialperson", "user", "contact",
    "mozillaabpersonalpha",
  ]

  /// Whether `entry` is a person: one of ``personClasses`` is among its `objectClass`
  /// values, or it has none but `top` and has one of ``personAttributes`` (an export
  /// that left the classes out: a script's LDIF of names and numbers). An
  /// organizational unit or a group of a directory dump is not.
  /// So is an organization or a role (RFC 4519 `organization`, `organizationalRole`)
  /// with an address or a number to reach it by: a company's card (`o`, `mail`,
  /// `telephoneNumber`) in an exported book; a directory's root `o=` entry has none.
  public static func isPerson(_ entry: LDAPEntry) -> Bool {
    let classes = entry.strings("objectClass").map { $0.trimmingBlanks().lowercased() }.filter { $0 != "top" }
    if classes.isEmpty { return personAttributes.contains { entry.first($0) != nil } }
    if classes.contains(where: { personClasses.contains($0) }) { return true }
    return classes.contains { reachableClasses.contains($0) } && reachingAttributes.contains { entry.first($0) != nil }
  }

  /// The classes whose entry is a card when it has one of ``reachingAttributes``.
  static let reachableClasses: Set<String> = ["organization", "organizationalrole"]
  /// An address or a number to reach an organization or a role by.
  static let reachingAttributes = [
    "mail", "telephoneNumber", "mobile", "homePhone", "pager", "facsimileTelephoneNumber", "labeledURI", "postalAddress",
    "street",
  ]

  /// The attributes that make an entry without a class (or of `top` alone) a person:
  /// a name, an address, a number, an organization, a nickname (case 18's kind: a card
  /// of an organization, a number alone, is still a card).
  static let personAttributes = [
    "mail", "cn", "sn", "givenName", "displayName", "telephoneNumber", "mobile", "homePhone", "pager",
    "facsimileTelephoneNumber", "o", "company", "street", "postalAddress", "mozillaNickname", "mozillaSecondEmail",
  ]

  /// The vCard 4.0 card for `entry`: CR LF line ends, folded, escaped (RFC 6350).
  ///
  /// - Parameters:
  ///   - entry: the entry, as read with ``attributes``.
  ///   - names: display names of other entries by DN (lower-cased, as
  ///     ``nameKey(_:)`` gives), to name a `manager`; without it the DN is written.
  /// - Complexity: O(n) in the size of the entry.
  ///   - keepingOthers: whether the attributes the mapping has no property for go to
  ///     the note (`name: value`): an LDIF file's (Thunderbird's `mozillaCustom1`,
  ///     `nsAIMid`), which would else be lost when it is converted; a search asks only
  ///     for ``attributes``.
  public static func card(from entry: LDAPEntry, names: [String: String] = [:], keepingOthers: Bool = false) -> [UInt8] {
    var lines: [ContactEncoder.Line] = [
      .init(name: "VERSION", value: "4.0"),
      .init(name: "UID", value: VCardSerializer.escape(uid(entry))),
      .init(name: "FN", value: VCardSerializer.escape(displayName(entry))),
    ]
    let family = entry.first("sn")
    let given = entry.first("givenName")
    if family != nil || given != nil {
      lines.append(.init(name: "N", value: VCardSerializer.structured([family ?? "", given ?? "", "", "", ""])))
    }
    if let nickname = entry.first("mozillaNickname") ?? entry.first("xmozillanickname") {
      lines.append(.init(name: "NICKNAME", value: VCardSerializer.escape(nickname)))
    }
    for attribute in ["mail", "mozillaSecondEmail"] {
      for mail in entry.strings(attribute).map({ $0.trimmingBlanks() }) where !mail.isEmpty {
        lines.append(.init(name: "EMAIL", value: VCardSerializer.escape(mail)))
      }
    }
    let phones: [(String, [String])] = [
      ("telephoneNumber", ["work", "voice"]), ("mobile", ["cell"]), ("homePhone", ["home"]),
      ("facsimileTelephoneNumber", ["fax"]), ("pager", ["pager"]),
    ]
    for (attribute, types) in phones {
      for number in entry.strings(attribute).map({ $0.trimmingBlanks() }) where !number.isEmpty {
        lines.append(
          .init(
            name: "TEL", parameters: [VCardParameter(name: "TYPE", values: types)],
            value: VCardSerializer.escape(number)))
      }
    }
    let organization = entry.first("o") ?? entry.first("company")
    let unit = entry.first("department") ?? entry.first("ou")
    if organization != nil || unit != nil {
      let components = unit.map { [organization ?? "", $0] } ?? [organization ?? ""]
      lines.append(.init(name: "ORG", value: VCardSerializer.structured(components)))
    }
    // An entry of an organization alone (no cn, no names): its card is one (RFC 6350 §6.1.4).
    if organization != nil, entry.first("displayName") == nil, entry.first("cn") == nil, personName(entry) == nil {
      lines.append(.init(name: "KIND", value: "org"))
    }
    if let title = entry.first("title") {
      lines.append(.init(name: "TITLE", value: VCardSerializer.escape(title)))
    }
    if let address = address(entry) { lines.append(address) }
    if let home = homeAddress(entry) { lines.append(home) }
    for uri in entry.strings("labeledURI") {
      let address = uri.trimmingBlanks().split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
      if !address.isEmpty { lines.append(.init(name: "URL", value: address)) }
    }
    for (attribute, type) in [("mozillaWorkUrl", "work"), ("mozillaHomeUrl", "home")] {
      for url in entry.strings(attribute).map({ $0.trimmingBlanks() }) where !url.isEmpty {
        lines.append(.init(name: "URL", parameters: [VCardParameter(name: "TYPE", values: [type])], value: url))
      }
    }
    if let birthday = birthday(entry) { lines.append(.init(name: "BDAY", value: birthday)) }
    if let photo = entry.attributes["jpegphoto"]?.first(where: { !$0.isEmpty }) {
      lines.append(.init(name: "PHOTO", value: "data:image/jpeg;base64," + Data(photo).base64EncodedString()))
    }
    for manager in entry.strings("manager").map({ $0.trimmingBlanks() }) where !manager.isEmpty {
      let name = names[nameKey(manager)] ?? manager
      lines.append(
        .init(
          name: "RELATED",
          parameters: [
            VCardParameter(name: "VALUE", values: ["text"]), VCardParameter(name: "TYPE", values: ["x-manager"]),
          ],
          value: VCardSerializer.escape(name)))
    }
    var notes = entry.strings("description").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
    if keepingOthers {
      // What room the value limit leaves beside the description (each byte of the
      // others escaped to two at most).
      let used = notes.reduce(0) { $0 + $1.utf8.count * 2 + 2 }
      notes += otherAttributes(entry, budget: min(otherAttributesBytes, max(0, (noteBytes - used) / 2)))
    }
    if !notes.isEmpty {
      lines.append(.init(name: "NOTE", value: Self.escapedNote(notes.joined(separator: "\n"))))
    }
    if let revision = (entry.first("modifyTimestamp") ?? entry.first("whenChanged")).flatMap(timestamp) {
      lines.append(.init(name: "REV", value: revision))
    }
    lines.append(.init(name: "X-LDAP-DN", value: VCardSerializer.escape(entry.dn)))

    var bytes = Array("BEGIN:VCARD\r\n".utf8)
    for line in lines { bytes += line.bytes(.v40) }
    bytes += Array("END:VCARD\r\n".utf8)
    return bytes
  }

  /// The most bytes of a card's escaped `NOTE`: within the 1 MiB a vCard reader takes
  /// of a text value (`ReadingLimits.textValueBytes`), with room for its name.
  static let noteBytes = (1 << 20) - 4096

  /// `note` escaped for `NOTE`, cut (at a character, then `…`) to `noteBytes`: a
  /// directory's `description` of megabytes would be left out of the copy by every
  /// read, with a warning each time, where its start can be kept.
  static func escapedNote(_ note: String) -> String {
    let escaped = VCardSerializer.escape(note)
    guard escaped.utf8.count > noteBytes else { return escaped }
    // Each byte escapes to two at most: half the room is sure to fit.
    var bytes = 0
    let kept = note.prefix { character in
      bytes += character.utf8.count
      return bytes <= noteBytes / 2 - 3
    }
    return VCardSerializer.escape(kept + "…")
  }

  /// The key of a DN in the `names` given to ``card(from:names:)``: lower case, without
  /// blanks around the separators of its RDNs (a best effort at RFC 4514 comparison).
  public static func nameKey(_ dn: String) -> String {
    // ASCII (nearly every DN): on the bytes.
    if dn.utf8.allSatisfy({ $0 < 0x80 }) {
      var out: [UInt8] = []
      out.reserveCapacity(dn.utf8.count)
      var piece: [UInt8] = []
      func flush() {
        var start = piece.startIndex
        var end = piece.endIndex
        // `trimmingBlanks`' blanks: space, tab, CR, LF.
        let blank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        while start < end && blank(piece[start]) { start += 1 }
        while end > start && blank(piece[end - 1]) { end -= 1 }
        for byte in piece[start..<end] { out.append(byte &- 65 < 26 ? byte + 32 : byte) }
        piece.removeAll(keepingCapacity: true)
      }
      var inValue = false
      for byte in dn.utf8 {
        if byte == UInt8(ascii: ",") {
          flush()
          out.append(byte)
          inValue = false
        } else if byte == UInt8(ascii: "="), !inValue {
          flush()
          out.append(byte)
          inValue = true
        } else {
          piece.append(byte)
        }
      }
      flush()
      return String(decoding: out, as: UTF8.self)
    }
    return dn.split(separator: ",", omittingEmptySubsequences: false).map { rdn in
      rdn.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
        String($0).trimmingBlanks().lowercased()
      }.joined(separator: "=")
    }.joined(separator: ",")
  }

  /// The name a card of `entry` shows (its `FN`): `displayName`, `cn`, the given and
  /// family names, the organization, the nickname, `mail`, a number, else the value of
  /// the DN's first RDN (case 18's order).
  public static func displayName(_ entry: LDAPEntry) -> String {
    if let name = entry.first("displayName") ?? entry.first("cn") { return name }
    if let name = personName(entry) { return name }
    if let organization = entry.first("o") ?? entry.first("company") { return organization }
    if let nickname = entry.first("mozillaNickname") ?? entry.first("xmozillanickname") { return nickname }
    if let mail = entry.first("mail") ?? entry.first("mozillaSecondEmail") { return mail }
    for attribute in ["telephoneNumber", "mobile", "homePhone", "pager", "facsimileTelephoneNumber"] {
      if let number = entry.first(attribute) { return number }
    }
    let rdn = entry.dn.split(separator: ",", maxSplits: 1).first.map(String.init) ?? entry.dn
    return rdn.split(separator: "=", maxSplits: 1).last.map { String($0).trimmingBlanks() } ?? entry.dn
  }

  /// The given name and surname of an entry without `cn`, in the order of their
  /// script (`ContactFormatter.composedName`: 王 小明, not 小明 王); nil without either.
  static func personName(_ entry: LDAPEntry) -> String? {
    var person = Contact(identifier: "", source: "")
    person.givenName = entry.first("givenName") ?? ""
    person.familyName = entry.first("sn") ?? ""
    let name = ContactFormatter.composedName(person)
    return name.isEmpty ? nil : name
  }

  // MARK: Pieces

  /// `urn:uuid:` and the entry's UUID: `entryUUID` (RFC 4530), the AD `objectGUID`
  /// (16 bytes, its first three fields little-endian), else one hashed from the DN
  /// (RFC 9562 version 8, so the same DN always gives the same UID).
  static func uid(_ entry: LDAPEntry) -> String {
    if let text = entry.first("entryUUID"), let uuid = ContactIdentifier.uuid(in: text) {
      return ContactIdentifier.uuidURNPrefix + uuid
    }
    if let guid = entry.attributes["objectguid"]?.first, guid.count == 16 {
      let order = [3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15]
      return ContactIdentifier.uuidURNPrefix + ContactIdentifier.uuidText(order.map { guid[$0] })
    }
    var bytes: [UInt8] = []
    for seed: UInt64 in [0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142] {
      var hash = seed
      for byte in nameKey(entry.dn).utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
      bytes += (0..<8).map { UInt8(truncatingIfNeeded: hash >> (56 - 8 * $0)) }
    }
    return ContactIdentifier.customUUID(bytes)
  }

  /// Thunderbird's home address (`mozillaHome…`, RFC-less: its LDIF export's schema);
  /// nil when it has none.
  static func homeAddress(_ entry: LDAPEntry) -> ContactEncoder.Line? {
    let street = ["mozillaHomeStreet", "mozillaHomeStreet2"].compactMap { entry.first($0) }.joined(separator: "\n")
    let parts = [
      street, entry.first("mozillaHomeLocalityName") ?? "", entry.first("mozillaHomeState") ?? "",
      entry.first("mozillaHomePostalCode") ?? "", entry.first("mozillaHomeCountryName") ?? "",
    ]
    guard parts.contains(where: { !$0.isEmpty }) else { return nil }
    return .init(
      name: "ADR", parameters: [VCardParameter(name: "TYPE", values: ["home"])],
      value: VCardSerializer.structured(["", ""] + parts))
  }

  /// Thunderbird's birthday (`birthyear`, `birthmonth`, `birthday`: numbers) as a vCard
  /// date (`1980-04-15`, `--0415` without a year); nil without a valid month and day.
  static func birthday(_ entry: LDAPEntry) -> String? {
    guard let month = entry.first("birthmonth").flatMap({ Int($0.trimmingBlanks()) }),
      let day = entry.first("birthday").flatMap({ Int($0.trimmingBlanks()) }), (1...12).contains(month),
      (1...31).contains(day)
    else { return nil }
    let twoDigits = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
    if let year = entry.first("birthyear").flatMap({ Int($0.trimmingBlanks()) }), (1...9999).contains(year) {
      let padded = String(repeating: "0", count: max(0, 4 - "\(year)".count)) + "\(year)"
      return "\(padded)-\(twoDigits(month))-\(twoDigits(day))"
    }
    return "--\(twoDigits(month))\(twoDigits(day))"
  }

  /// The attributes of `entry` the card has no property for, as `name: value` lines
  /// (text values; binary ones left out), in name order: not the classes, passwords,
  /// the server's operational attributes, nor those the card maps; at most `budget`
  /// bytes of them (`otherAttributesBytes`, less beside a long `description`), so
  /// that the note (whose `description` comes first)
  /// stays within the value limit and the card within the card limit (an entry of
  /// millions of attributes would lose its note, then the whole person).
  static func otherAttributes(_ entry: LDAPEntry, budget: Int = otherAttributesBytes) -> [String] {
    var lines: [String] = []
    var bytes = 0
    for name in entry.attributes.keys.sorted() where !mapped.contains(name) && !isUnkept(name) {
      for value in entry.attributes[name] ?? [] {
        guard let text = String(validating: value, as: UTF8.self), !value.contains(0) else { continue }
        let trimmed = text.trimmingBlanks()
        guard !trimmed.isEmpty else { continue }
        let line = "\(noteName(name)): \(trimmed)"
        guard bytes + line.utf8.count + 1 <= budget else { return lines }
        lines.append(line)
        bytes += line.utf8.count + 1
      }
    }
    return lines
  }

  /// The most bytes of other attributes a note keeps (`otherAttributes`): 64 KiB.
  static let otherAttributesBytes = 64 << 10

  /// The name a note gives an attribute (`mozillacustom1` → `Custom 1`, as Thunderbird
  /// shows it; `nsaimid` → `AIM`); others by their lower-case name.
  static func noteName(_ name: String) -> String {
    if name.hasPrefix("mozillacustom"), let number = Int(name.dropFirst("mozillacustom".count)) { return "Custom \(number)" }
    return ["nsaimid": "AIM", "nscpaimscreenname": "AIM", "mozillahomestreet2": "Home street 2"][name] ?? name
  }

  /// Whether attribute `name` (lower case) is left out of the note: `unkept`, or a
  /// password, key or hash of any schema (`sambaNTPassword`, `authPassword`,
  /// `unicodePwd`, `krbPrincipalKey`, `userPKCS12`), or the POSIX, shadow, Samba and
  /// Kerberos account attributes.
  static func isUnkept(_ name: String) -> Bool {
    unkept.contains(name) || ["password", "pwd", "secret", "pkcs", "certificate", "key"].contains { name.contains($0) }
      || ["samba", "krb", "shadow", "msexch", "ms-", "posix"].contains { name.hasPrefix($0) }
  }

  /// The attributes `card(from:names:keepingOthers:)` maps (lower case).
  static let mapped: Set<String> = Set(
    (attributes + [
      "mozillanickname", "xmozillanickname", "mozillasecondemail", "mozillahomestreet", "mozillahomestreet2",
      "mozillahomelocalityname", "mozillahomestate", "mozillahomepostalcode", "mozillahomecountryname",
      "mozillaworkurl", "mozillahomeurl", "birthyear", "birthmonth", "birthday",
    ]).map { $0.lowercased() })

  /// Attributes that say nothing of the person (lower case): passwords, the server's
  /// operational attributes (RFC 4512, OpenLDAP's, Active Directory's), Thunderbird's
  /// mail-format flag, the DN's own parts.
  static let unkept: Set<String> = [
    "userpassword", "createtimestamp", "creatorsname", "modifiersname", "entrycsn", "entrydn", "structuralobjectclass",
    "subschemasubentry", "hassubordinates", "contextcsn", "pwdchangedtime", "pwdhistory", "whencreated", "usnchanged",
    "usncreated", "objectsid", "objectcategory", "samaccounttype", "useraccountcontrol", "pwdlastset", "badpwdcount",
    "badpasswordtime", "lastlogon", "lastlogontimestamp", "logoncount", "instancetype", "dscorepropagationdata",
    "primarygroupid", "accountexpires", "codepage", "countrycode", "mozillausehtmlmail", "xmozillausehtmlmail",
    "dc", "member", "uniquemember", "memberof", "changetype", "control", "uidnumber", "gidnumber", "homedirectory",
    "loginshell", "gecos", "proxyaddresses", "objectsid", "sidhistory", "entryttl", "pwdpolicysubentry",
  ]

  /// The work address: from `street`, `l`, `st`, `postalCode` and `c` when any is
  /// there, else from the `$`-separated lines of `postalAddress` (RFC 4517 §3.3.28) —
  /// the first line the street, a line with a postal code the code and locality, then
  /// region and country — with the address's own text as `LABEL` (RFC 6350 §6.3.1).
  static func address(_ entry: LDAPEntry) -> ContactEncoder.Line? {
    let label = entry.first("postalAddress").map(postalAddressLines)
    var components = ["", "", "", "", "", "", ""]  // box; extended; street; locality; region; code; country
    let structured: [(Int, String)] = [(2, "street"), (3, "l"), (4, "st"), (5, "postalCode"), (6, "c")]
    for (index, attribute) in structured { components[index] = entry.first(attribute) ?? "" }
    if components.allSatisfy(\.isEmpty) {
      guard let lines = label, !lines.isEmpty else { return nil }
      components[2] = lines[0]
      var rest = Array(lines.dropFirst())
      if let index = rest.firstIndex(where: { splitPostalCode($0) != nil }) {
        let (code, locality) = splitPostalCode(rest[index])!
        components[5] = code
        components[3] = locality
        let after = Array(rest[(index + 1)...])
        if index > 0 { components[2] += "\n" + rest[..<index].joined(separator: "\n") }
        rest = after
        if rest.count >= 2 {
          components[4] = rest[0]
          components[6] = rest[1...].joined(separator: ", ")
        } else if let last = rest.first {
          // One line after the locality: a region written as a code (`CO`), else a country.
          if last.count <= 3 && last == last.uppercased() { components[4] = last } else { components[6] = last }
        }
      } else if !rest.isEmpty {
        components[3] = rest[0]
        if rest.count >= 2 { components[6] = rest[1...].joined(separator: ", ") }
      }
    }
    var parameters = [VCardParameter(name: "TYPE", values: ["work"])]
    if let label, !label.isEmpty {
      parameters.append(VCardParameter(name: "LABEL", values: [label.joined(separator: "\n")]))
    }
    return .init(name: "ADR", parameters: parameters, value: VCardSerializer.structured(components))
  }

  /// The lines of a PostalAddress value: split at `$`, with `\24` and `\5C` (its
  /// escapes of `$` and `\`) unescaped, blank lines left out.
  static func postalAddressLines(_ value: String) -> [String] {
    value.split(separator: "$", omittingEmptySubsequences: false).map { line in
      guard line.contains("\\") else { return String(line).trimmingBlanks() }
      return String(line).replacingOccurrences(of: "\\24", with: "$").replacingOccurrences(of: "\\5C", with: "\\")
        .replacingOccurrences(of: "\\5c", with: "\\").trimmingBlanks()
    }.filter { !$0.isEmpty }
  }

  /// `28012 Madrid` → (`28012`, `Madrid`), `Denver 80426` → (`80426`, `Denver`): a
  /// line whose first or last word holds a digit and is at most 10 characters.
  static func splitPostalCode(_ line: String) -> (code: String, locality: String)? {
    let words = line.split(separator: " ").map(String.init)
    guard words.count >= 2 else { return nil }
    func isCode(_ word: String) -> Bool { word.count <= 10 && word.contains(where: \.isNumber) }
    if isCode(words[0]) { return (words[0], words.dropFirst().joined(separator: " ")) }
    if isCode(words[words.count - 1]) { return (words[words.count - 1], words.dropLast().joined(separator: " ")) }
    return nil
  }

  /// A GeneralizedTime (RFC 4517 §3.3.13, `20240131235959Z` or with a fraction) as a
  /// vCard timestamp (`20240131T235959Z`, RFC 6350 §4.3.5); `nil` when not one.
  static func timestamp(_ value: String) -> String? {
    let digits = value.prefix(while: \.isNumber)
    guard digits.count >= 14, value.hasSuffix("Z") else { return nil }
    let text = String(digits.prefix(14))
    return String(text.prefix(8)) + "T" + String(text.dropFirst(8)) + "Z"
  }
}
