import ContactKit
import CpickTestSupport
import TerminalKit
import Testing
import VCard

@testable import ContactPicker

/// The shared cases as a picker shows them: `-p email` on a 4.0 card with `PREF=n`
/// (case 45), a nickname from Android's `X-ANDROID-CUSTOM` row found by search (case 48).
@MainActor
@Suite("shared cases in the picker")
struct SharedCasePickerTests {
  static func contacts(_ folder: String, _ file: String) throws -> [Contact] {
    let bytes = try SharedFiles.caseBytes(folder, file)
    return VCardReader.read(bytes).cards.map { ContactDecoder.contact(from: $0, source: file) }
  }

  @Test("-q wren -1 -p email opens the card with the PREF=1 address first; Enter chooses it (case 45)")
  func preferredFirstOnTheCard() throws {
    let contacts = try Self.contacts("45-vcard4-pref-order", "pref-order.vcf")
    let wren = try #require(contacts.first { $0.displayName == "Wren Talbot" })
    let picker = PeoplePickerController(contacts: contacts)
    picker.selectionMode = .property(.emailAddresses)
    picker.initialQuery = "wren"
    #expect(picker.initialMatch() == .card(wren))
    picker.initialCard = wren
    let screen = MemoryScreen(rows: 24, columns: 70, keys: [.enter])
    let result = picker.run(on: screen)
    let text = try #require(screen.frames.first?.text)
    let first = try #require(text.range(of: "wren.talbot@fastmail.example"))
    let last = try #require(text.range(of: "w.talbot@oldisp.example"))
    #expect(first.lowerBound < last.lowerBound)
    let preferred = try #require(wren.properties(for: .emailAddresses).first)
    #expect(preferred.value == .text("wren.talbot@fastmail.example"))
    #expect(result == .selectedProperty(preferred))
  }

  @Test("searching tansy finds the Android nickname as well as the NICKNAME control (case 48)")
  func androidNicknameIsSearched() throws {
    let contacts = try Self.contacts("48-android-custom-nickname", "android-export.vcf")
    let picker = PeoplePickerController(contacts: contacts)
    picker.initialQuery = "tansy"
    #expect(picker.initialMatch() == .several)
    picker.initialQuery = "tansy-control"
    #expect(picker.initialMatch() == .chosen(.selectedPerson(contacts[1])))
    let only = PeoplePickerController(contacts: [contacts[0]])
    only.initialQuery = "tansy"
    #expect(only.initialMatch() == .chosen(.selectedPerson(contacts[0])))
  }
}
