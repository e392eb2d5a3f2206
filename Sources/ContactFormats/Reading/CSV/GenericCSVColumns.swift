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
      (.birthYear, ["birthyear"]), (.birthMonth, ["birthmonth"]),
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
    // An address of a place (`Home City`, `Work ZipCode`: Thunderbird's and Yahoo's
    // exports): one item a place, labelled by it.
    let places = [("home", "home"), ("work", "work"), ("business", "work"), ("other", "other")]
    let parts: [(CSVColumn.Field, [String])] = [
      (.street, ["address", "street", "streetaddress"]), (.city, ["city"]), (.region, ["state", "region", "province"]),
      (.postalCode, ["zip", "zipcode", "postcode", "postalcode"]), (.country, ["country", "countryregion"]),
    ]
    for (place, label) in places {
      for (field, names) in parts {
        for name in names { table[place + name] = CSVColumn(field, item: "\(place) address", label: label) }
      }
    }
    let labelled: [(CSVColumn.Field, String?, [String])] = [
      // Thunderbird's `Primary Email`, `Secondary Email`; Yahoo's `Alternate Email 1`.
      (.email, nil, ["email", "emailaddress", "mail", "primaryemail", "secondaryemail", "alternateemail", "otheremail"]),
      (.email, "work", ["workemail", "businessemail"]),
      (.email, "home", ["homeemail", "personalemail"]),
      (.phone, nil, ["phone", "telephone", "tel", "phonenumber"]),
      (.phone, "mobile", ["mobile", "mobilephone", "cell", "cellphone", "mobilenumber", "cellnumber"]),
      (.phone, "work", ["workphone", "businessphone", "officephone", "worknumber"]),
      (.phone, "home", ["homephone", "homenumber"]),
      (.phone, "other", ["otherphone"]),
      (.phone, "pager", ["pager", "pagernumber"]),
      (.phone, "otherFax", ["fax", "faxnumber"]),
      (.phone, "workFax", ["workfax", "businessfax"]),
      (.phone, "homeFax", ["homefax"]),
      (.url, nil, ["url", "website", "web", "webpage", "homepage"]),
      (.url, "home", ["personalwebsite", "homewebpage", "homeurl"]),
      (.url, "work", ["businesswebsite", "workwebpage", "workurl"]),
    ]
    for (field, label, names) in labelled {
      for name in names { table[name] = CSVColumn(field, label: label) }
    }
    return table
  }()

  /// The columns of a non-English export (`localizedFields`, `localizedLabelled`), by
  /// key: taken when two of a header's names are among them (a French sheet's `Prénom`
  /// and `Nom`), not for one name alone in another sheet (`Service`, `Nom`).
  static let localizedColumns: [String: CSVColumn] = {
    var table: [String: CSVColumn] = [:]
    for (field, names) in localizedFields {
      for name in names { table[name] = CSVColumn(field, item: field.isAddress ? "address" : "") }
    }
    for (field, label, names) in localizedLabelled {
      for name in names { table[name] = CSVColumn(field, label: label) }
    }
    return table
  }()

  /// Yahoo's phone columns, `Home`, `Work`, `Other`: taken beside a column only Yahoo's
  /// export names (`yahooColumns`), not in a sheet whose `Home` is an address.
  static let yahooPhones: [String: CSVColumn] = [
    "home": CSVColumn(.phone, label: "home"), "work": CSVColumn(.phone, label: "work"),
    "other": CSVColumn(.phone, label: "other"),
  ]

  /// Columns of Yahoo's export, by key.
  static let yahooColumns: Set<String> = ["yahoophone", "messengerid", "alternateemail1", "distributionlists"]

  /// The names of the person's columns in the exports of a non-English Outlook (its
  /// headers are in its language: `Vorname`, `Prénom`, `Имя`) and of other exports in
  /// those languages, by key.
  static let localizedFields: [(CSVColumn.Field, [String])] = [
    (.givenName, ["vorname", "prénom", "prenom", "nombre", "nome", "voornaam", "имя", "imię", "imie", "jméno", "förnamn"]),
    (.middleName, ["weiterevornamen", "deuxièmeprénom", "segundonombre", "secondonome", "отчество"]),
    (.familyName, [
      "nachname", "nom", "apellidos", "apellido", "cognome", "sobrenome", "achternaam", "фамилия", "nazwisko",
      "příjmení", "efternamn",
    ]),
    (.namePrefix, ["anrede", "обращение", "civilité"]),
    (.organization, ["firma", "société", "organización", "compañía", "empresa", "società", "bedrijf", "организация"]),
    (.department, ["abteilung", "service", "departamento", "reparto", "отдел"]),
    (.jobTitle, ["fonction", "puesto", "cargo", "qualifica", "должность"]),
    (.note, ["notizen", "notiz", "notas", "заметки"]),
  ]

  /// The email and phone columns of those exports, by key.
  static let localizedLabelled: [(CSVColumn.Field, String?, [String])] = [
    (.email, nil, [
      "emailadresse", "email2adresse", "email3adresse", "adressedemessagerie", "adressedemessagerie2",
      "adressedemessagerie3", "direccióndecorreoelectrónico", "correoelectrónico", "indirizzoemail", "endereçodeemail",
      "adresemail", "адресэлпочты", "адресэлпочты2", "адресэлпочты3", "электроннаяпочта",
    ]),
    (.phone, "mobile", ["mobiltelefon", "téléphonemobile", "teléfonomóvil", "cellulare", "celular", "мобильныйтелефон"]),
    (.phone, "work", ["telefongeschäftlich", "téléphonebureau", "teléfonodeltrabajo", "рабочийтелефон"]),
    (.phone, "home", ["telefonprivat", "téléphonedomicile", "teléfonoparticular", "домашнийтелефон"]),
  ]

  /// `E-Mail Address` → `emailaddress`: lower case, without blanks and punctuation.
  static func key(_ header: String) -> String {
    // No column's name is longer than this: a header cell of megabytes is no name.
    guard header.utf8.count <= 256 else { return "" }
    var key = String.UnicodeScalarView()
    for scalar in header.lowercased().unicodeScalars where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
      key.append(scalar)
    }
    return String(key)
  }

  /// The column named `header` (the `index`th of the row, which makes each email,
  /// phone or URL column an item of its own), or nil when the name is none of these.
  static func column(_ header: String, index: Int, with other: [String: CSVColumn] = [:]) -> CSVColumn? {
    var name = key(header)
    var column = columns[name] ?? other[name]
    if column == nil {
      while name.last?.isNumber == true { name.removeLast() }
      column = columns[name] ?? other[name]
    }
    guard var column else { return nil }
    if column.item.isEmpty, column.isMultiValue, column.field != .groups { column.item = "column \(index)" }
    return column
  }

  /// The columns of `headers`: as `column(_:index:)` gives each, with a non-English
  /// export's names when two of them are there (`localizedColumns`) and Yahoo's phones
  /// beside Yahoo's columns (`yahooPhones`); `Birth Day` beside a `Birth Year` or
  /// `Birth Month` column is the day of the month.
  static func columns(_ headers: [String]) -> [CSVColumn?] {
    let keys = headers.map(key)
    var other: [String: CSVColumn] = [:]
    if keys.count(where: { localizedColumns[$0] != nil }) >= 2 { other.merge(localizedColumns) { $1 } }
    if keys.contains(where: yahooColumns.contains) { other.merge(yahooPhones) { $1 } }
    var columns = headers.enumerated().map { column($0.element, index: $0.offset, with: other) }
    if columns.contains(where: { $0?.field == .birthYear || $0?.field == .birthMonth }) {
      for (index, header) in headers.enumerated() where key(header) == "birthday" {
        columns[index] = CSVColumn(.birthDayOfMonth)
      }
    }
    return columns
  }

  /// Whether `headers` name a person's columns: a name column and an email or phone
  /// column.
  static func matches(_ headers: [String]) -> Bool {
    let fields = columns(headers).compactMap { $0?.field }
    let named = fields.contains { [.fullName, .givenName, .familyName, .nickname, .organization].contains($0) }
    return named && fields.contains { $0 == .email || $0 == .phone }
  }
}

extension CSVColumn.Field {
  /// Whether the field is a part of a postal address.
  var isAddress: Bool { CSVColumn(self).isAddressPart }
}
