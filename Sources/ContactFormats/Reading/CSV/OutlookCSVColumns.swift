/// The columns of Outlook's CSV export ("Comma Separated Values", Outlook 2010 to
/// Microsoft 365; Outlook.com's export has the same names): `First Name,Middle Name,
/// Last Name,Title,Suffix,…,E-mail Address,E-mail Display Name,E-mail 2 Address,…,
/// Business Phone,Home Phone,Mobile Phone,Business Fax,…,Business Street,Business City,
/// …,Company,Job Title,Birthday,Notes,Categories,Web Page`.
///
/// `Title` is the name's prefix (`Dr.`); the job is `Job Title`. Each phone column has
/// its label in its name; the `Business`, `Home` and `Other` address columns make three
/// addresses (`work`, `home`, `other`). `Categories` are the groups, separated by `;`.
/// Dates are written in the exporting Windows' short format (`12/10/1815`), `0/0/00`
/// for none. The export is in the Windows "ANSI" code page unless the user chose UTF-8.
enum OutlookCSVColumns {
  /// The columns, by lower-cased name.
  static let columns: [String: CSVColumn] = {
    var table: [String: CSVColumn] = [
      "title": .init(.namePrefix), "first name": .init(.givenName), "middle name": .init(.middleName),
      "last name": .init(.familyName), "suffix": .init(.nameSuffix), "nickname": .init(.nickname),
      "company": .init(.organization), "department": .init(.department), "job title": .init(.jobTitle),
      "birthday": .init(.birthday), "anniversary": .init(.date, item: "anniversary", label: "anniversary"),
      "notes": .init(.note), "categories": .init(.groups), "web page": .init(.url, item: "web page"),
      "spouse": .init(.relation, item: "spouse", label: "spouse"),
      "children": .init(.relation, item: "children", label: "child"),
      "manager's name": .init(.relation, item: "manager", label: "manager"),
      // Outlook writes none; a sheet of one's own with Outlook's other headers does.
      "name": .init(.fullName),
      // A Japanese Outlook's readings of the name (`Yomi`).
      "given yomi": .init(.phoneticGivenName), "middle yomi": .init(.phoneticMiddleName),
      "surname yomi": .init(.phoneticFamilyName),
      "assistant's name": .init(.relation, item: "assistant", label: "assistant"),
    ]
    let phones: [(String, String)] = [
      ("assistant's phone", "assistant"), ("business fax", "workFax"), ("business phone", "work"),
      ("business phone 2", "work"), ("callback", "callback"), ("car phone", "car"), ("company main phone", "main"),
      ("home fax", "homeFax"), ("home phone", "home"), ("home phone 2", "home"), ("isdn", "ISDN"),
      ("mobile phone", "mobile"), ("other fax", "otherFax"), ("other phone", "other"), ("pager", "pager"),
      ("primary phone", "primary"), ("radio phone", "radio"), ("tty/tdd phone", "TTY/TDD"), ("telex", "telex"),
    ]
    for (name, label) in phones { table[name] = .init(.phone, item: name, label: label) }
    for (place, label) in [("business", "work"), ("home", "home"), ("other", "other")] {
      let item = "\(place) address"
      for street in ["street", "street 2", "street 3"] { table["\(place) \(street)"] = .init(.street, item: item, label: label) }
      table["\(place) city"] = .init(.city, item: item, label: label)
      table["\(place) state"] = .init(.region, item: item, label: label)
      table["\(place) postal code"] = .init(.postalCode, item: item, label: label)
      table["\(place) country/region"] = .init(.country, item: item, label: label)
      table["\(place) country"] = .init(.country, item: item, label: label)
      table["\(place) address po box"] = .init(.poBox, item: item, label: label)
    }
    for (number, prefix) in [(1, "e-mail"), (2, "e-mail 2"), (3, "e-mail 3")] {
      table["\(prefix) address"] = .init(.email, item: "e-mail \(number)")
      table["\(prefix) display name"] = .init(.emailDisplayName, item: "e-mail \(number)")
      table["\(prefix) type"] = .init(.ignored)
    }
    for name in [
      "priority", "private", "sensitivity", "gender", "initials", "internet free/busy", "billing information",
      "directory server", "mileage",
    ] {
      table[name] = .init(.ignored)
    }
    return table
  }()

  /// The column named `header`, or nil when it is not one of Outlook's.
  static func column(_ header: String) -> CSVColumn? { columns[header.lowercased()] }

  /// Whether `headers` are an Outlook export's: they hold `E-mail Address` or
  /// `E-mail Display Name` and a phone or address column of Outlook's.
  static func matches(_ headers: [String]) -> Bool {
    let names = Set(headers.map { $0.lowercased() })
    if (names.contains("e-mail address") || names.contains("e-mail display name"))
      && (names.contains("business phone") || names.contains("home phone") || names.contains("mobile phone")
        || names.contains("business street") || names.contains("home street"))
    {
      return true
    }
    // An export whose empty columns were deleted in a spreadsheet (no e-mail column
    // left): its name columns, and three of the columns Outlook alone names — not a
    // sheet of one's own with a Name or Email column beside such columns.
    return (names.contains("first name") || names.contains("last name"))
      && !["name", "email", "e-mail", "mail"].contains(where: names.contains)
      && names.intersection(ownColumns).count >= 3
  }

  /// Columns of Outlook's export no other export names so.
  static let ownColumns: Set<String> = [
    "primary phone", "company main phone", "car phone", "radio phone", "tty/tdd phone", "telex", "callback", "isdn",
    "assistant's phone", "other fax", "business fax", "home fax", "business phone 2", "home phone 2", "business street",
    "home street", "other street", "e-mail display name", "e-mail 2 address", "e-mail 3 address",
  ]

  /// The name in an `E-mail Display Name` (`Ada Lovelace (ada@example.org)`: `Ada
  /// Lovelace`); nil when it is only the address.
  static func name(inDisplayName text: String) -> String? {
    var name = Substring(text)
    if name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
      name = name[..<open]
      while name.last == " " { name = name.dropLast() }
    }
    return name.isEmpty || name.contains("@") ? nil : String(name)
  }
}
