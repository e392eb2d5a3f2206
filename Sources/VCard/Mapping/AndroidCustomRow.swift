/// Android's `X-ANDROID-CUSTOM` line: a row of the Contacts provider's data table,
/// written as `mimetype;data1;data2;…;data15` by the stock Contacts app (AOSP
/// `VCardBuilder.appendAndroidSpecificProperty`; `VCardEntry.handleAndroidCustomProperty`
/// reads it back). Of the rows, three carry model data:
///
/// | MIME type | data1 | data2 (type) | data3 | model |
/// |---|---|---|---|---|
/// | `vnd.android.cursor.item/nickname` | the nickname | | | `nickname` |
/// | `vnd.android.cursor.item/relation` | the name | `Relation.TYPE_*` | custom label | `contactRelations` |
/// | `vnd.android.cursor.item/contact_event` | the date | `Event.TYPE_*` (3 birthday) | custom label | `dates`, `birthday` |
///
/// Other MIME types are kept in the card and read as nothing.
struct AndroidCustomRow {
  /// The rows cpick reads.
  enum Kind {
    case nickname, relation, event
  }

  let kind: Kind
  /// data1 … data15, unescaped (`data[0]` is data1).
  let data: [String]

  /// The row of an `X-ANDROID-CUSTOM` value (as decoded from its transfer encoding,
  /// still with its `\;` escapes), or `nil` for a MIME type cpick does not read.
  init?(value: String) {
    let fields = ValueDecoder.split(value, separator: ";")
    guard let mime = fields.first else { return nil }
    switch ValueDecoder.unescape(String(mime)).trimmingBlanks().lowercased() {
    case "vnd.android.cursor.item/nickname": kind = .nickname
    case "vnd.android.cursor.item/relation": kind = .relation
    case "vnd.android.cursor.item/contact_event": kind = .event
    default: return nil
    }
    data = fields.dropFirst().map { ValueDecoder.unescape(String($0)) }
  }

  /// The value: data1, trimmed.
  var value: String {
    (data.first ?? "").trimmingBlanks()
  }

  /// The type code in data2 (0: custom, the label in data3), or `nil` when none.
  var type: Int? {
    data.count > 1 ? Int(data[1].trimmingBlanks()) : nil
  }

  /// Whether the row is an event of type birthday (`Event.TYPE_BIRTHDAY`, 3).
  var isBirthday: Bool {
    kind == .event && type == 3
  }

  /// The label of a relation or an event: the standard label of its type code
  /// (CNLabel… names in lower camel case), or the custom label of data3 (type 0).
  var label: String? {
    guard let type else { return nil }
    if type == 0 {
      let custom = data.count > 2 ? data[2].trimmingBlanks() : ""
      return custom.isEmpty ? nil : custom
    }
    switch kind {
    case .relation: return type < Self.relationLabels.count ? Self.relationLabels[type] : nil
    case .event: return type < Self.eventLabels.count ? Self.eventLabels[type] : nil
    case .nickname: return nil
    }
  }

  /// `ContactsContract.CommonDataKinds.Relation.TYPE_*` by code (0 custom).
  private static let relationLabels: [String?] = [
    nil, "assistant", "brother", "child", "domesticPartner", "father", "friend", "manager", "mother", "parent",
    "partner", "referredBy", "relative", "sister", "spouse",
  ]
  /// `ContactsContract.CommonDataKinds.Event.TYPE_*` by code (0 custom).
  private static let eventLabels: [String?] = [nil, "anniversary", "other", "birthday"]

  /// `value` (an `X-ANDROID-CUSTOM` value as written) with data1 replaced by
  /// `escaped` (already escaped), every other field as written: an edited value
  /// goes back into the same row.
  static func replacingValue(in value: String, with escaped: String) -> String {
    var fields = ValueDecoder.split(value, separator: ";").map(String.init)
    while fields.count < 2 { fields.append("") }
    fields[1] = escaped
    return fields.joined(separator: ";")
  }
}
