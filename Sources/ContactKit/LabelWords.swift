import Localization

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

  /// `label` as the card and the form show it, in the user's language (`L10n`): a
  /// standard label's words translated (`work fax` → `Fax geschäftlich`), a custom
  /// label as written.
  public static func shown(for label: String) -> String { translated(words(for: label)) }

  /// The short name of `key` (`phone`, `birthday`; `ContactField.shortName`) in the
  /// user's language: what the card shows for a value without a label.
  public static func shown(for key: ContactKey) -> String { translated(key.shortName) }

  /// The words of a standard label or a key's short name in the user's language;
  /// any other text as it is (a custom label is never looked up).
  static func translated(_ words: String) -> String {
    switch words {
    case "home": L10n.text("home")
    case "work": L10n.text("work")
    case "other": L10n.text("other")
    case "mobile": L10n.text("mobile")
    case "main": L10n.text("main")
    case "pager": L10n.text("pager")
    case "home fax": L10n.text("home fax")
    case "work fax": L10n.text("work fax")
    case "other fax": L10n.text("other fax")
    case "home page": L10n.text("home page")
    case "school": L10n.text("school")
    case "father": L10n.text("father")
    case "mother": L10n.text("mother")
    case "parent": L10n.text("parent")
    case "brother": L10n.text("brother")
    case "sister": L10n.text("sister")
    case "child": L10n.text("child")
    case "friend": L10n.text("friend")
    case "spouse": L10n.text("spouse")
    case "partner": L10n.text("partner")
    case "assistant": L10n.text("assistant")
    case "manager": L10n.text("manager")
    case "relative": L10n.text("relative")
    case "domestic partner": L10n.text("domestic partner")
    case "referred by": L10n.text("referred by")
    case "anniversary": L10n.text("anniversary")
    case "profile": L10n.text("profile")
    case "blog": L10n.text("blog")
    case "company main": L10n.text("company main")
    case "work mobile": L10n.text("work mobile")
    case "work pager": L10n.text("work pager")
    case "callback": L10n.text("callback")
    case "car": L10n.text("car")
    case "radio": L10n.text("radio")
    case "telex": L10n.text("telex")
    case "address": L10n.text("address")
    case "birthday": L10n.text("birthday")
    case "date": L10n.text("date")
    case "email": L10n.text("email")
    case "im": L10n.text("im")
    case "note": L10n.text("note")
    case "organization": L10n.text("organization")
    case "phone": L10n.text("phone")
    case "relation": L10n.text("relation")
    case "social": L10n.text("social")
    case "url": L10n.text("url")
    default: words
    }
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
    // Relation types (the People API's `Relation.type`).
    "SPOUSE": "spouse", "CHILD": "child", "MOTHER": "mother", "FATHER": "father", "PARENT": "parent",
    "BROTHER": "brother", "SISTER": "sister", "FRIEND": "friend", "RELATIVE": "relative",
    "DOMESTIC_PARTNER": "domestic partner", "MANAGER": "manager", "REFERRED_BY": "referred by",
    "PARTNER": "partner", "ANNIVERSARY": "anniversary",
  ]
}
