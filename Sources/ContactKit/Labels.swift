import Foundation

/// Labels of labeled values: vCard `TYPE` words and Apple's `X-ABLabel` to CNLabel
/// names in lower camel case (`home`, `work`, `other`, `mobile`, `main`, `iPhone`,
/// `homeFax`, `workFax`, `otherFax`, `pager`, `school`, `homePage`), Android's
/// `work mobile` and `work pager`, and vendors' kinds in words (`vendorPhoneWords`).
package enum Labels {
  /// The label for a phone from its `TYPE` words: a custom one (`customWord`) first.
  package static func phone(types: [String]) -> String? {
    let types = withoutX(types)
    if let custom = customWord(types) { return custom }
    let set = types
    if set.contains("fax") {
      if set.contains("home") { return "homeFax" }
      if set.contains("work") { return "workFax" }
      return "otherFax"
    }
    if set.contains("iphone") { return "iPhone" }
    // Android's "Work mobile" and "Work pager" (AOSP `VCardBuilder`: `TEL;WORK;CELL`,
    // `TEL;WORK;PAGER`), as its importer reads them back: not one more `mobile`.
    if set.contains("cell") || set.contains("mobile") { return set.contains("work") ? workMobile : "mobile" }
    if set.contains("pager") { return set.contains("work") ? workPager : "pager" }
    if set.contains("main") || set.contains("x-main") || set.contains("main-number") { return "main" }
    for type in types { if let words = vendorPhoneWords[type] { return words } }
    return standard(types)
  }

  /// Kinds of telephone other writers give as `TYPE` words, as the label a user reads
  /// (Google's words for them, `LabelWords`): Evolution's `X-EVOLUTION-CALLBACK`…,
  /// Outlook's `X-MS-TEL;VOICE;COMPANY`, 2.1's `CAR`, `ISDN` and `TLX` (telex) and a phone's
  /// `X-ASSISTANT`, as Android's importer reads them (AOSP `VCardUtils`).
  package static let vendorPhoneWords: [String: String] = [
    "x-evolution-assistant": "assistant", "x-evolution-callback": "callback", "x-evolution-company": "company main",
    "x-evolution-radio": "radio", "x-evolution-telex": "telex", "x-evolution-ttytdd": "TTY/TDD",
    "x-assistant": "assistant", "assistant": "assistant", "callback": "callback", "x-callback": "callback",
    "company": "company main", "company-main": "company main", "x-company-main": "company main", "radio": "radio",
    "x-radio": "radio", "telex": "telex", "tty-tdd": "TTY/TDD", "ttytdd": "TTY/TDD", "x-tty-tdd": "TTY/TDD",
    "car": "car", "isdn": "ISDN", "tlx": "telex",
  ]

  /// The label for an email, address, URL and others from its `TYPE` words: a custom
  /// one (`customWord`) first.
  package static func common(_ types: [String]) -> String? {
    let types = withoutX(types)
    return customWord(types) ?? standard(types)
  }

  /// `types` with Android's `X-` taken off a word of a standard or vendor label: a
  /// custom label a user typed as `Mobile`, `Home` or `Car` is written `TEL;X-Mobile`
  /// (AOSP `VCardBuilder`), and is that label, not none.
  private static func withoutX(_ types: [String]) -> [String] {
    guard types.contains(where: { $0.hasPrefix("x-") }) else { return types }
    return types.map { type in
      let word = type.dropFirst(2)
      return type.hasPrefix("x-") && (labelWords.contains(String(word)) || vendorPhoneWords[String(word)] != nil)
        ? String(word) : type
    }
  }

  /// The standard label `common(_:)` reads from `types`, the custom words aside
  /// (`phone(types:)` has asked for those already).
  private static func standard(_ types: [String]) -> String? {
    for type in types {
      switch type {
      case "home": return "home"
      case "work": return "work"
      case "other", "x-other": return "other"
      case "school", "x-school": return "school"
      default: continue
      }
    }
    return nil
  }

  /// The custom label among the lower-cased `TYPE` words: the first (Android's `X-`
  /// taken off: `TEL;X-Jacky`) that is neither a kind of line (`ignoredTypes`) nor a
  /// word of a standard or vendor label. Its user wrote it, so it says more than a
  /// `WORK` or `CELL` beside it (`TEL;TYPE=WORK;TYPE=Vakttelefon` is `Vakttelefon`).
  ///
  /// A word Android wrote with `X-` is the user's even when it names a kind of line
  /// (`TEL;X-Text`, `X-Video`: a label typed `Text`; `lineKinds`), unless a label has
  /// that word.
  static func customWord(_ types: [String]) -> String? {
    for type in types where vendorPhoneWords[type] == nil {
      let custom = type.hasPrefix("x-")
      let word = custom ? String(type.dropFirst(2)) : type
      if !word.isEmpty && (!ignoredTypes.contains(word) || (custom && lineKinds.contains(word))) && !labelWords.contains(word)
        && vendorPhoneWords[word] == nil
      {
        return word
      }
    }
    return nil
  }

  /// RFC 6350's and vCard 2.1's kinds of telephone line, which a user may type as a
  /// label of their own (Android writes it `X-Text`).
  private static let lineKinds: Set<String> = ["voice", "msg", "text", "video", "textphone", "bbs", "modem", "pcs"]

  /// The `TYPE` words of the standard labels.
  private static let labelWords: Set<String> = [
    "home", "work", "other", "school", "cell", "mobile", "fax", "pager", "main", "iphone", "main-number",
  ]

  /// The standard labels `phone(types:)` and `common(_:)` give; any other label they
  /// give is a custom one, taken from a `TYPE` word.
  package static let standard: Set<String> = [
    "home", "work", "other", "school", "mobile", "main", "iPhone", "homeFax", "workFax", "otherFax", "pager",
  ]

  /// A custom label found among the lower-cased `TYPE` words (`label`) as the line
  /// writes it (`writtenTypes`: the `TYPE` values in their case): `TYPE=Jonas mobil`
  /// gives `Jonas mobil`, Android's `X-Jacky` gives `Jacky`. A standard label, or one
  /// not found, is returned as it is.
  package static func asWritten(_ label: String, in writtenTypes: [String]) -> String {
    guard !standard.contains(label), !vendorPhoneLabels.contains(label) else { return label }
    for value in writtenTypes {
      for word in value.split(separator: ",") {
        var text = Substring(word.trimmingCharacters(in: .whitespacesAndNewlines))
        if text.lowercased().hasPrefix("x-") { text = text.dropFirst(2) }
        if text.lowercased() == label { return String(text) }
      }
    }
    return label
  }

  /// The labels `vendorPhoneWords` and the work kinds of `phone(types:)` give, which
  /// are not the words written.
  private static let vendorPhoneLabels = Set(vendorPhoneWords.values).union([workMobile, workPager])

  /// Android's "Work mobile" and "Work pager" (`TEL;WORK;CELL`, `TEL;WORK;PAGER`).
  package static let workMobile = "work mobile"
  package static let workPager = "work pager"

  /// Whether a phone of `label` is a mobile: `mobile`, `iPhone`, `work mobile` (for a
  /// format of one mobile field, abook's).
  package static func isMobile(_ label: String?) -> Bool {
    label == "mobile" || label == "iPhone" || label == workMobile
  }

  /// TYPE words that say nothing a user would call a label: RFC 6350's kinds of
  /// telephone (§6.4.1: `text`, `voice`, `video`, `textphone`, …), vCard 2.1's kinds
  /// of line and of email system (§2.5, §2.6.1: `AOL`, `CIS`, `X400`, …).
  package static let ignoredTypes: Set<String> = [
    "pref", "voice", "internet", "x400", "msg", "text", "video", "textphone", "bbs", "modem", "car", "isdn", "pcs",
    "postal", "parcel", "dom", "intl", "uri", "cell", "fax", "pager", "main", "iphone",
    "aol", "applelink", "attmail", "cis", "eworld", "ibmmail", "mcimail", "powershare", "prodigy", "tlx",
  ]

  /// An `X-ABLabel` value as a label: Apple's `_$!<Mobile>!$_` tokens become the
  /// standard label (`mobile`), other text stays as written.
  package static func custom(_ text: String) -> String {
    var label = text
    // Apple's token with blanks around it (a hand-edited or re-exported card) is the
    // token: trimmed only then (a label of every value read passes here).
    if text.first?.isWhitespace == true || text.last?.isWhitespace == true {
      let token = text.trimmingCharacters(in: .whitespaces)
      if token.hasPrefix("_$!<") && token.hasSuffix(">!$_") { label = token }
    }
    if label.hasPrefix("_$!<") && label.hasSuffix(">!$_") {
      label = String(label.dropFirst(4).dropLast(4))
      if let standard = appleTokens[label.lowercased()] { return standard }
      return label.prefix(1).lowercased() + label.dropFirst()
    }
    return label
  }

  private static let appleTokens: [String: String] = [
    "mobile": "mobile", "home": "home", "work": "work", "other": "other", "main": "main",
    "homefax": "homeFax", "workfax": "workFax", "otherfax": "otherFax", "pager": "pager",
    "iphone": "iPhone", "homepage": "homePage", "school": "school", "anniversary": "anniversary",
  ]
}
