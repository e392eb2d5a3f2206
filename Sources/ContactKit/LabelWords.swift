/// A label as people read it, on the card and in the edit form: the standard
/// labels in words (`workFax` → `work fax`, `homePage` → `home page`), Apple's
/// `_$!<HomeFax>!$_` tokens as the standard label they stand for, custom labels as
/// written (`Jonas mobil`).
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
}
