/// A label as people read it, on the card and in the edit form: the standard
/// labels in words (`workFax` → `work fax`, `homePage` → `home page`), Apple's
/// `_$!<HomeFax>!$_` tokens as the standard label they stand for, Google's tokens
/// (`GRAND_CENTRAL` → `Google Voice`), custom labels as written (`Jonas mobil`).
public enum LabelWords {
  /// The words of `label` (see the type's summary).
  public static func words(for label: String) -> String {
    if label.hasPrefix("_$!<") && label.hasSuffix(">!$_") && label.count > 8 {
      let inner = label.dropFirst(4).dropLast(4)
      let standard = inner.prefix(1).lowercased() + inner.dropFirst()
      return words[standard] ?? words[inner.lowercased()] ?? standard
    }
    return words[label] ?? label
  }

  /// The standard labels (lower camel case, CNLabel… names; Android's relation types
  /// `domesticPartner`, `referredBy`) that are not one word already.
  private static let words: [String: String] = [
    "homeFax": "home fax", "workFax": "work fax", "otherFax": "other fax", "homePage": "home page",
    "homefax": "home fax", "workfax": "work fax", "otherfax": "other fax", "homepage": "home page",
    "domesticPartner": "domestic partner", "referredBy": "referred by",
  ]
    .merging(googleWords) { standard, _ in standard }

  /// Google Contacts' own label tokens as its vCard export writes them
  /// (`item1.X-ABLabel:GRAND_CENTRAL`): the Google Contacts API's phone and URL
  /// types, upper-cased (`grandCentral` is a Google Voice number).
  private static let googleWords: [String: String] = [
    "GRAND_CENTRAL": "Google Voice", "PROFILE": "profile", "BLOG": "blog", "HOME_PAGE": "home page",
    "FTP": "ftp", "MAIN": "main", "COMPANY_MAIN": "company main", "WORK_MOBILE": "work mobile",
    "WORK_PAGER": "work pager", "OTHER_FAX": "other fax", "TTY_TDD": "TTY/TDD", "CALLBACK": "callback",
    "ASSISTANT": "assistant", "CAR": "car", "ISDN": "ISDN", "RADIO": "radio", "TELEX": "telex",
  ]
}
