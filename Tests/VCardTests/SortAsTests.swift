import CpickTestSupport
import Testing

@testable import VCard

/// vCard 4.0 `SORT-AS` (RFC 6350 §5.9) on `N` and `ORG` is read into the model, where
/// sorting (`ContactFormatter`) and search (`IndexBuilder`) use it.
@Suite("SORT-AS")
struct SortAsTests {
  @Test("RFC 6350's own form: one sort string per component, comma-separated")
  func rfcForm() throws {
    let card = """
      BEGIN:VCARD
      VERSION:4.0
      FN:Rene van der Harten
      N;SORT-AS="Harten,Rene":van der Harten;Rene,J.;Sir;R.D.O.N.
      ORG;SORT-AS=ABC:The ABC Company;North American Division
      END:VCARD

      """
    let contact = try #require(loadContacts(card).first)
    #expect(contact.nameSortAs == ["Harten", "Rene"])
    #expect(contact.organizationSortAs == ["ABC"])
  }

  @Test("Android's readings, separated by ; inside the quotes (aosp v40_sort_as.vcf)", .sharedCorpus)
  func androidReadings() throws {
    let contact = try #require(loadContacts(try SharedFiles.corpusBytes("aosp-vcard/v40_sort_as.vcf")).first)
    #expect(contact.nameSortAs == ["あんどう", "ろいど"])
    #expect(contact.organizationSortAs == ["ぐーぐる", "けんさくぶもん"])
  }

  @Test("a card without SORT-AS has none")
  func absent() throws {
    let contact = try #require(loadContacts("BEGIN:VCARD\nVERSION:4.0\nFN:A B\nN:B;A;;;\nEND:VCARD\n").first)
    #expect(contact.nameSortAs.isEmpty && contact.organizationSortAs.isEmpty)
  }

  @Test("vCard 3.0's SORT-STRING and Apple's X-PHONETIC-ORG are the readings where SORT-AS gives none, before or after N and ORG")
  func sortStringAndPhoneticOrganization() throws {
    let cards = """
      BEGIN:VCARD
      VERSION:3.0
      FN:中島 みゆき
      N:中島;みゆき;;;
      SORT-STRING:なかじま みゆき
      END:VCARD
      BEGIN:VCARD
      VERSION:3.0
      X-PHONETIC-ORG:とうきょうたわー
      ORG:東京タワー
      FN:東京タワー
      END:VCARD
      BEGIN:VCARD
      VERSION:4.0
      FN:Rene van der Harten
      SORT-STRING:Harten
      N;SORT-AS="Harten,Rene":van der Harten;Rene;;;
      END:VCARD

      """
    let contacts = loadContacts(cards)
    #expect(contacts.map(\.nameSortAs) == [["なかじま みゆき"], [], ["Harten", "Rene"]])
    #expect(contacts.map(\.organizationSortAs) == [[], ["とうきょうたわー"], []])
  }
}
