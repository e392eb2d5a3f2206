import ContactKit
import ContactPicker
import ContactStores
import Foundation
import TerminalScreens
import TerminalKit
import AddressBook
import ContactFormats

extension CPick {
  /// `cpick unknown`: the unknown-person card (ABUnknownPersonViewController) for a
  /// partial record from field options, `--vcard`, or a message on stdin
  /// (`--from-message`, `--header`, `--all`); "Create New Contact" / "Add to Existing
  /// Contact"; prints `didResolveToPerson`. The known contacts and the duplicate
  /// candidates are those `book`'s index finds.
  static func unknownPerson(
    _ book: ContactBook, options: Options, sources: [String], environment: [String: String]
  ) -> ExitCode {
    let list = book.list
    var person = Contact(identifier: "", source: "")
    var subject: String? = nil
    var chooseAmong: [MessageAddress] = []
    if options.fromMessage {
      let message = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
      let addresses = MessageAddressParser(fieldNames: options.headers).addresses(in: message)
      guard !addresses.isEmpty else {
        return fail("--from-message: no address in \(options.headers.joined(separator: ", "))")
      }
      subject = MessageHeaders(message: message).unstructured(named: "Subject")
      if addresses.count == 1 || options.all {
        person = options.all ? MessageAddress.contact(for: addresses) : addresses[0].contact()
      } else {
        chooseAmong = addresses
      }
    } else if let vcard = options.vcard {
      do {
        person = try sentCard(vcard)
        person.identifier = ""  // a card of ours once saved: a fresh UID
      } catch {
        return fail(error.description)
      }
    }
    do {
      try FieldOptions.apply(options.fields, to: &person)
    } catch {
      return fail(error.description)
    }
    let region = options.region ?? PhoneNumberKey.defaultRegion()
    let output = Output(options)

    func resolved(_ contact: Contact) -> ExitCode {
      output.emit(event: "didResolveToPerson", person: contact)
      return .chosen
    }

    if chooseAmong.isEmpty {
      guard !person.displayName.isEmpty else {
        return fail("unknown: nothing to show (give --from-message, --vcard or field options such as --email)")
      }
      if options.skipKnown,
        let known = UnknownPersonViewController.knownContacts(for: person, in: list, region: region).first
      {
        return resolved(known)
      }
    }

    let screen: any Screen
    do {
      screen = try openScreen(options, environment)
    } catch {
      return fail(error.description)
    }
    defer { screen.end() }
    if !chooseAmong.isEmpty {
      // Several addresses: the user chooses which (each shown as a small card).
      var candidates = chooseAmong.enumerated().map { index, address in
        var contact = address.contact()
        contact.identifier = "message-address-\(index)"
        return contact
      }
      for index in candidates.indices { candidates[index].source = chooseAmong[index].field }
      let picker = PeoplePickerController(contacts: candidates)
      guard case .selectedPerson(let chosen) = picker.run(on: screen),
        let index = candidates.firstIndex(where: { $0.identifier == chosen.identifier })
      else { return .cancelled }
      person = chooseAmong[index].contact()
      if options.skipKnown,
        let known = UnknownPersonViewController.knownContacts(for: person, in: list, region: region).first
      {
        screen.end()
        return resolved(known)
      }
    }

    let card = UnknownPersonViewController(displayedPerson: person)
    card.existingList = list
    card.alternateName = options.alternateName
    card.message = options.message ?? subject.map { "Subject: \($0)" }
    card.allowsAddingToAddressBook = !(options.noAdd || options.readOnly)
    card.allowsActions = !options.noActions
    card.region = region
    if !options.readOnly {
      var editing = SaveTarget.editing(options, sources: sources, environment: environment, existing: [])
      editing.parentGroup = options.group
      card.editing = editing
    }
    let result = card.run(on: screen)
    screen.end()
    switch result {
    case .resolved(let contact):
      return resolved(contact)
    case .selectedProperty(let property):
      return output.emit(.selectedProperty(property)) ? .chosen : .cancelled
    case .cancelled:
      return .cancelled
    }
  }
}
