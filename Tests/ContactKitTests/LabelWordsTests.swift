import ContactKit
import Testing

/// Labels in words on the card and in the form (`LabelWords`), and the one order
/// of preferred values (`preferenceOrdered`).
@Suite("label words and preference order")
struct LabelWordsTests {
  @Test("standard labels in words, Apple's tokens as their label, custom labels as written")
  func words() {
    #expect(LabelWords.words(for: "workFax") == "work fax")
    // Google Contacts' tokens (ez-vcard's gmail-single.vcf: item1.X-ABLabel:GRAND_CENTRAL).
    #expect(LabelWords.words(for: "GRAND_CENTRAL") == "Google Voice")
    #expect(LabelWords.words(for: "PROFILE") == "profile")
    // Its relation types (syncevolution's Google-Gmail.vcf: X-ABLabel:REFERRED_BY, RELATIVE).
    #expect(LabelWords.words(for: "REFERRED_BY") == "referred by")
    #expect(LabelWords.words(for: "RELATIVE") == "relative")
    #expect(LabelWords.words(for: "DOMESTIC_PARTNER") == "domestic partner")
    #expect(LabelWords.words(for: "VIP") == "VIP", "other capitals stay as written")
    #expect(LabelWords.words(for: "homeFax") == "home fax")
    #expect(LabelWords.words(for: "otherFax") == "other fax")
    #expect(LabelWords.words(for: "homePage") == "home page")
    #expect(LabelWords.words(for: "_$!<HomePage>!$_") == "home page")
    #expect(LabelWords.words(for: "_$!<Mobile>!$_") == "mobile")
    // Blanks around Apple's token (a card edited by hand): still the token.
    #expect(Labels.custom("_$!<Mobile>!$_ ") == "mobile")
    #expect(Labels.custom(" _$!<WorkFAX>!$_") == "workFax")
    #expect(LabelWords.words(for: "iPhone") == "iPhone")
    #expect(LabelWords.words(for: "domesticPartner") == "domestic partner")
    #expect(LabelWords.words(for: "Jonas mobil") == "Jonas mobil")
  }

  @Test("lower PREF first, values without one after, otherwise card order")
  func order() {
    let values = [nil, 20, 1, nil, 20, 100].enumerated().map {
      LabeledValue(identifier: "\($0.offset)", label: nil, value: "v\($0.offset)", preference: $0.element)
    }
    #expect(values.preferenceOrdered().map(\.value) == ["v2", "v1", "v4", "v5", "v0", "v3"])
    #expect(values.mostPreferred()?.value == "v2")
    #expect([LabeledValue<String>]().mostPreferred() == nil)
    let plain = values.map { LabeledValue(identifier: $0.identifier, label: nil, value: $0.value) }
    #expect(plain.preferenceOrdered() == plain)
    #expect(plain.mostPreferred()?.value == "v0")
  }

  @Test("a rank outside 1…100 is clamped; isPreferred sets the top rank or none")
  func ranks() {
    #expect(LabeledValue(identifier: "", label: nil, value: "", preference: 0).preference == 1)
    #expect(LabeledValue(identifier: "", label: nil, value: "", preference: 500).preference == 100)
    var value = LabeledValue(identifier: "", label: nil, value: "", preference: 7)
    value.isPreferred = true
    #expect(value.preference == 7)
    value.isPreferred = false
    #expect(value.preference == nil)
    value.isPreferred = true
    #expect(value.preference == 1)
  }
}
