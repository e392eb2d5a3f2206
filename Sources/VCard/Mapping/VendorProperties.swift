/// The vendor (`X-`) properties that carry model data, and the model key each is
/// read into: the one table of them. `PropertyKind` takes their names and kinds from
/// here; the mapping (`CardMapping`) takes the label or service a name implies; the
/// writer (`CardEditor`) writes an edited value back into the line it came from, in
/// the same spelling.
///
/// | property | written by | model key (label / service) |
/// |---|---|---|
/// | `X-AIM`, `X-JABBER`, `X-SKYPE`, `X-SKYPE-USERNAME`, `X-MSN`, `X-YAHOO`, `X-ICQ`, `X-GADUGADU`, `X-QQ`, `X-GOOGLE-TALK`, `X-GTALK`, `X-TWITTER` | Apple, Evolution, KDE, Android | `instantMessageAddresses` (the service as CNInstantMessageService names it: `AIM`, `Jabber`, `Skype`, `MSN`, `Yahoo`, `ICQ`, `GaduGadu`, `QQ`, `GoogleTalk`; `Twitter`), the same as `IMPP;X-SERVICE-TYPE=…` gives |
/// | `X-SIP`, `X-GROUPWISE` | Evolution | `instantMessageAddresses` (`sip`, `groupwise`: from the name) |
/// | `X-MS-IMADDRESS`, `X-KADDRESSBOOK-X-IMADDRESS` | Outlook, KAddressBook | `instantMessageAddresses` (no service) |
/// | `X-messaging/xmpp-All`, `X-messaging/skype-All`, … (`aim`, `gadu`, `groupwise`, `icq`, `irc`, `meanwhile`, `msn`, `qq`, `yahoo`) | KAddressBook | `instantMessageAddresses` (the service from the name) |
/// | `X-SOCIALPROFILE` | Apple | `socialProfiles` |
/// | `X-ABRELATEDNAMES` | Apple | `contactRelations` (label from `X-ABLabel`) |
/// | `X-EVOLUTION-SPOUSE`, `X-MS-SPOUSE`, `X-KADDRESSBOOK-X-SPOUSESNAME`, `X-SPOUSE`, `X-WAB-SPOUSE_NAME` | Evolution, Outlook, KDE, others, Windows Address Book | `contactRelations` (`spouse`) |
/// | `X-EVOLUTION-MANAGER`, `X-MS-MANAGER`, `X-KADDRESSBOOK-X-MANAGERSNAME`, `X-MANAGER` | Evolution, Outlook, KDE, others | `contactRelations` (`manager`) |
/// | `X-EVOLUTION-ASSISTANT`, `X-MS-ASSISTANT`, `X-KADDRESSBOOK-X-ASSISTANTSNAME`, `X-ASSISTANT` | Evolution, Outlook, KDE, others | `contactRelations` (`assistant`) |
/// | `X-ABDATE` | Apple | `dates` (label from `X-ABLabel`) |
/// | `X-ANNIVERSARY`, `X-EVOLUTION-ANNIVERSARY`, `X-MS-ANNIVERSARY`, `X-KADDRESSBOOK-X-ANNIVERSARY`, `X-WAB-WEDDING_ANNIVERSARY` | Apple, Evolution, Outlook, KDE, Windows Address Book | `dates` (`anniversary`) |
/// | `X-EVOLUTION-BLOG-URL`, `X-KADDRESSBOOK-BLOGFEED` | Evolution, KDE | `urlAddresses` (`blog`) |
/// | `X-EVOLUTION-VIDEO-URL` | Evolution | `urlAddresses` (`video`) |
/// | `X-MS-CARDPICTURE` | Outlook | `hasImage` |
/// | `X-MS-TEL` | Outlook (company main, assistant, callback, radio, TTY/TDD numbers) | `phoneNumbers` (label from `TYPE`: `Labels.vendorPhoneWords`) |
/// | `X-ASSISTANT-TEL` | Nokia (Symbian) | `phoneNumbers` (`assistant`) |
/// | `X-EPOCSECONDNAME` | Nokia (Symbian) | `nickname` |
/// | `X-CHILDREN` | Nokia (Symbian) | `contactRelations` (`child`) |
/// | `X-ANDROID-CUSTOM` | Android | by its MIME type: `nickname`, `contactRelations`, `dates`, `birthday` (`AndroidCustomRow`) |
enum VendorProperties {
  /// One vendor property: its upper-case name, the kind it is read as, and the
  /// label (or, for instant messaging, the service) its name implies.
  struct Entry {
    let name: StaticString
    let kind: PropertyKind
    /// The label of a relation, date or URL; `nil` when the line's `TYPE` or
    /// `X-ABLabel` gives it.
    var label: String? = nil
    /// The service of an instant-messaging address; `nil`: from the name (`X-SIP` → `sip`).
    var service: String? = nil
  }

  /// Every vendor property that carries model data (the table above).
  static let table: [Entry] = [
    Entry(name: "X-AIM", kind: .instantMessage, service: "AIM"),
    Entry(name: "X-JABBER", kind: .instantMessage, service: "Jabber"),
    Entry(name: "X-SKYPE", kind: .instantMessage, service: "Skype"),
    Entry(name: "X-SKYPE-USERNAME", kind: .instantMessage, service: "Skype"),
    Entry(name: "X-MSN", kind: .instantMessage, service: "MSN"),
    Entry(name: "X-YAHOO", kind: .instantMessage, service: "Yahoo"),
    Entry(name: "X-ICQ", kind: .instantMessage, service: "ICQ"),
    Entry(name: "X-GADUGADU", kind: .instantMessage, service: "GaduGadu"),
    Entry(name: "X-QQ", kind: .instantMessage, service: "QQ"),
    Entry(name: "X-GOOGLE-TALK", kind: .instantMessage, service: "GoogleTalk"),
    Entry(name: "X-GTALK", kind: .instantMessage, service: "GoogleTalk"),
    Entry(name: "X-TWITTER", kind: .instantMessage, service: "Twitter"),
    Entry(name: "X-SIP", kind: .instantMessage), Entry(name: "X-GROUPWISE", kind: .instantMessage),
    Entry(name: "X-MS-IMADDRESS", kind: .instantMessage, service: ""),
    Entry(name: "X-KADDRESSBOOK-X-IMADDRESS", kind: .instantMessage, service: ""),
    Entry(name: "X-MESSAGING/AIM-ALL", kind: .instantMessage, service: "AIM"),
    Entry(name: "X-MESSAGING/GADU-ALL", kind: .instantMessage, service: "GaduGadu"),
    Entry(name: "X-MESSAGING/GROUPWISE-ALL", kind: .instantMessage, service: "groupwise"),
    Entry(name: "X-MESSAGING/ICQ-ALL", kind: .instantMessage, service: "ICQ"),
    Entry(name: "X-MESSAGING/IRC-ALL", kind: .instantMessage, service: "irc"),
    Entry(name: "X-MESSAGING/MEANWHILE-ALL", kind: .instantMessage, service: "meanwhile"),
    Entry(name: "X-MESSAGING/MSN-ALL", kind: .instantMessage, service: "MSN"),
    Entry(name: "X-MESSAGING/QQ-ALL", kind: .instantMessage, service: "QQ"),
    Entry(name: "X-MESSAGING/SKYPE-ALL", kind: .instantMessage, service: "Skype"),
    Entry(name: "X-MESSAGING/XMPP-ALL", kind: .instantMessage, service: "Jabber"),
    Entry(name: "X-MESSAGING/YAHOO-ALL", kind: .instantMessage, service: "Yahoo"),
    Entry(name: "X-SOCIALPROFILE", kind: .socialProfile),
    Entry(name: "X-ABRELATEDNAMES", kind: .related),
    Entry(name: "X-EVOLUTION-SPOUSE", kind: .related, label: "spouse"),
    Entry(name: "X-MS-SPOUSE", kind: .related, label: "spouse"),
    Entry(name: "X-KADDRESSBOOK-X-SPOUSESNAME", kind: .related, label: "spouse"),
    Entry(name: "X-SPOUSE", kind: .related, label: "spouse"),
    Entry(name: "X-WAB-SPOUSE_NAME", kind: .related, label: "spouse"),
    Entry(name: "X-EVOLUTION-MANAGER", kind: .related, label: "manager"),
    Entry(name: "X-MS-MANAGER", kind: .related, label: "manager"),
    Entry(name: "X-KADDRESSBOOK-X-MANAGERSNAME", kind: .related, label: "manager"),
    Entry(name: "X-MANAGER", kind: .related, label: "manager"),
    Entry(name: "X-EVOLUTION-ASSISTANT", kind: .related, label: "assistant"),
    Entry(name: "X-MS-ASSISTANT", kind: .related, label: "assistant"),
    Entry(name: "X-KADDRESSBOOK-X-ASSISTANTSNAME", kind: .related, label: "assistant"),
    Entry(name: "X-ASSISTANT", kind: .related, label: "assistant"),
    Entry(name: "X-ABDATE", kind: .date),
    Entry(name: "X-ANNIVERSARY", kind: .date, label: "anniversary"),
    Entry(name: "X-EVOLUTION-ANNIVERSARY", kind: .date, label: "anniversary"),
    Entry(name: "X-MS-ANNIVERSARY", kind: .date, label: "anniversary"),
    Entry(name: "X-KADDRESSBOOK-X-ANNIVERSARY", kind: .date, label: "anniversary"),
    Entry(name: "X-WAB-WEDDING_ANNIVERSARY", kind: .date, label: "anniversary"),
    Entry(name: "X-EVOLUTION-BLOG-URL", kind: .url, label: "blog"),
    Entry(name: "X-KADDRESSBOOK-BLOGFEED", kind: .url, label: "blog"),
    Entry(name: "X-EVOLUTION-VIDEO-URL", kind: .url, label: "video"),
    Entry(name: "X-MS-CARDPICTURE", kind: .photo),
    Entry(name: "X-MS-TEL", kind: .phone),
    Entry(name: "X-ASSISTANT-TEL", kind: .phone, label: "assistant"),
    Entry(name: "X-EPOCSECONDNAME", kind: .nickname),
    Entry(name: "X-CHILDREN", kind: .related, label: "child"),
    Entry(name: "X-ANDROID-CUSTOM", kind: .androidCustom),
  ]

  /// The entry of an upper-case property name, or `nil` for a name not in the table.
  static func entry(_ name: String) -> Entry? {
    byName[name]
  }

  private static let byName: [String: Entry] = {
    var out: [String: Entry] = [:]
    for entry in table { out[entry.name.description] = entry }
    return out
  }()

  /// Whether `name`'s label is implied by the name (`X-EVOLUTION-SPOUSE`) or by a
  /// field of the value (`X-ANDROID-CUSTOM`), so that a new label cannot be written
  /// into the line: the value is written anew in the standard spelling instead.
  static func fixesLabel(_ name: String) -> Bool {
    guard let entry = byName[name] else { return false }
    return entry.label != nil || entry.kind == .androidCustom
  }
}
