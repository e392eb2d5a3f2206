/// The columns of any other CSV file with a header row (a spreadsheet, a mailing-list
/// export, Thunderbird's CSV), told by their names: case, spaces, `-`, `_` and `.` do
/// not count, and a trailing number (`Email 2`) says a further value of the same kind.
/// Each column of an email, phone, URL or address part is an item of its own, so that
/// two `Email` columns give two emails.
///
/// A column of none of these names goes to the note, `Column: value` (as abook's custom
/// fields do): the model has no place for `X-` properties of a foreign book, and in the
/// note the value is shown on the card, searched, and kept by `cpick list --format
/// vcard`.
enum GenericCSVColumns {
  /// The columns, by name without case, blanks and punctuation (`emailaddress`).
  static let columns: [String: CSVColumn] = {
    var table: [String: CSVColumn] = [:]
    let fields: [(CSVColumn.Field, [String])] = [
      (.fullName, ["name", "fullname", "displayname", "contactname", "contact"]),
      (.givenName, ["first", "firstname", "givenname", "given", "forename"]),
      (.middleName, ["middle", "middlename", "additionalname"]),
      (.familyName, ["last", "lastname", "familyname", "family", "surname"]),
      (.namePrefix, ["prefix", "nameprefix", "salutation"]),
      (.nameSuffix, ["suffix", "namesuffix"]),
      (.nickname, ["nickname", "nick", "alias"]),
      (.organization, ["organization", "organisation", "org", "company", "companyname"]),
      (.department, ["department", "dept"]),
      (.jobTitle, ["title", "jobtitle", "position"]),
      (.note, ["note", "notes", "comment", "comments"]),
      (.birthday, ["birthday", "bday", "birthdate", "dateofbirth"]),
      (.groups, ["groups", "group", "categories", "category", "tags", "labels"]),
      (.street, ["address", "street", "streetaddress", "address1"]),
      (.city, ["city", "town", "locality"]),
      (.region, ["state", "region", "province", "county"]),
      (.postalCode, ["zip", "zipcode", "postcode", "postalcode"]),
      (.country, ["country", "countryregion"]),
    ]
    for (field, names) in fields {
      for name in names { table[name] = CSVColumn(field, item: field.isAddress ? "address" : "") }
    }
    let labelled: [(CSVColumn.Field, String?, [String])] = [
      (.email, nil, ["email", "emailaddress", "mail"]),
      (.email, "work", ["workemail", "businessemail"]),
      (.email, "home", ["homeemail", "personalemail"]),
      (.phone, nil, ["phone", "telephone", "tel", "phonenumber"]),
      (.phone, "mobile", ["mobile", "mobilephone", "cell", "cellphone"]),
      (.phone, "work", ["workphone", "businessphone", "officephone"]),
      (.phone, "home", ["homephone"]),
      (.phone, "otherFax", ["fax"]),
      (.phone, "workFax", ["workfax", "businessfax"]),
      (.phone, "homeFax", ["homefax"]),
      (.url, nil, ["url", "website", "web", "webpage", "homepage"]),
    ]
    for (field, label, names) in labelled {
      for name in names { table[name] = CSVColumn(field, label: label) }
    }
    return table
  }()

  /// `E-Mail Address` → `emailaddress`: lower case, without blanks and punctuation.
  static func key(_ header: String) -> String {
    String(header.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.map(Character.init))
  }

  /// The column named `header` (the `index`th of the row, which makes each email,
  /// phone or URL column an item of its own), or nil when the name is none of these.
  static func column(_ header: String, index: Int) -> CSVColumn? {
    var name = key(header)
    var column = columns[name]
    if column == nil {
      while name.last?.isNumber == true { name.removeLast() }
      column = columns[name]
    }
    guard var column else { return nil }
    if column.item.isEmpty, column.isMultiValue, column.field != .groups { column.item = "column \(index)" }
    return column
  }

  /// Whether `headers` name a person's columns: a name column and an email or phone
  /// column.
  static func matches(_ headers: [String]) -> Bool {
    let fields = headers.enumerated().compactMap { column($0.element, index: $0.offset)?.field }
    let named = fields.contains { [.fullName, .givenName, .familyName, .nickname, .organization].contains($0) }
    return named && fields.contains { $0 == .email || $0 == .phone }
  }
}

extension CSVColumn.Field {
  /// Whether the field is a part of a postal address.
  var isAddress: Bool { CSVColumn(self).isAddressPart }
}
