import ContactKit
import ContactPicker
import ContactPhotos
import ContactStores
import Foundation
import Matching
import TerminalScreens
import TerminalKit
import AddressBook
import ContactFormats
import Localization

extension CPick {
  /// The new-person form: pre-filled from `--vcard` and the field options, saved to
  /// `--save-to` (or the first source, or the default address book), checked for
  /// duplicates among the contacts of `book` that its index finds (and the contact
  /// with the card's UID).
  static func newPerson(
    _ book: ContactBook, options: Options, sources: [String], environment: [String: String]
  ) -> ExitCode {
    if options.readOnly { return fail(L10n.text("'new' cannot save with --read-only")) }
    let output = Output(options)
    var prefill = Contact(identifier: "", source: "")
    if let vcard = options.vcard {
      do {
        prefill = try sentCard(vcard)
      } catch {
        return fail(error.description)
      }
    }
    do {
      try FieldOptions.apply(options.fields, to: &prefill)
    } catch {
      return fail(error.description)
    }
    if let path = options.photo {
      guard let bytes = FileManager.default.contents(atPath: path) else { return fail(L10n.format("--photo: cannot read %s", path)) }
      do {
        prefill.imageData = try PhotoImage.cardJPEG(from: [UInt8](bytes))
        prefill.hasImage = true
      } catch {
        return fail("--photo \(path): \(error.description)")
      }
    }
    var editing = SaveTarget.editing(options, sources: sources, environment: environment, existing: [])
    let list = book.list
    // A card sent again keeps its UID, which the index does not hold: its contact is
    // looked up once (the form does not change the UID).
    let sameCard = prefill.identifier.isEmpty ? nil : book.contact(withIdentifier: prefill.identifier)
    editing.duplicateCandidates = { contact, region in
      var candidates = list.duplicateCandidates(of: contact, region: region)
      if let sameCard,
        !candidates.contains(where: { $0.identifier == sameCard.identifier && $0.source == sameCard.source })
      {
        candidates.append(sameCard)
      }
      return candidates
    }
    let screen: any Screen
    do {
      screen = try openScreen(options, environment)
    } catch {
      return fail(error.description)
    }
    let result = editing.runForm(on: screen, editing: nil, prefill: prefill)
    switch result {
    case .completed(let saved):
      screen.end()
      output.emit(event: "didCompleteWithNewPerson", person: saved)
      return .chosen
    case .choseExisting(let existing):
      // "Open the existing one": its card; a value chosen there is the answer.
      let card = PersonViewController(contact: existing)
      card.editing = editing
      let shown = card.run(on: screen)
      screen.end()
      return output.emit(card: shown)
    case .cancelled, .deleted:  // a new contact's form deletes nothing
      screen.end()
      return .cancelled
    }
  }
}
