import ContactKit
import ContactPicker
import ContactStores
import Foundation
import TerminalScreens
import TerminalKit
import AddressBook
import ContactFormats
import Localization

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
    let record: UnknownRecord
    do {
      record = try unknownRecord(options)
    } catch {
      return fail(error.description)
    }
    var person = record.person
    let region = options.region ?? PhoneNumberKey.defaultRegion()
    let output = Output(options)

    func resolved(_ contact: Contact) -> ExitCode {
      output.emit(event: "didResolveToPerson", person: contact)
      return .chosen
    }

    if record.chooseAmong.isEmpty {
      guard !person.displayName.isEmpty else {
        return fail(L10n.text("unknown: nothing to show (give --from-message, --vcard or field options such as --email)"))
      }
      if options.skipKnown,
        let known = UnknownPersonViewController.knownContacts(for: person, in: list, region: region).first
          ?? directoryEntry(for: person, sources: sources, environment: environment)
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
    var result: UnknownPersonResult
    repeat {
      if !record.chooseAmong.isEmpty {
        guard let chosen = chooseAddress(among: record.chooseAmong, on: screen) else { return .cancelled }
        person = chosen
        if options.skipKnown,
          let known = UnknownPersonViewController.knownContacts(for: person, in: list, region: region).first
            ?? directoryEntry(for: person, sources: sources, environment: environment)
        {
          screen.end()
          return resolved(known)
        }
      }
      let card = unknownPersonCard(
        person, options: options, list: list, subject: record.subject, region: region, sources: sources,
        environment: environment)
      result = card.run(on: screen)
      // Esc or ← on the card of one of several addresses goes back to them, as on any
      // card reached from a list.
    } while result == .cancelled && !record.chooseAmong.isEmpty
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

  /// The entry of a directory searched per query (`mode = query`) with one of
  /// `person`'s email addresses, or nil: such a sender is known too (a mirrored
  /// directory is in the book already).
  static func directoryEntry(for person: Contact, sources: [String], environment: [String: String]) -> Contact? {
    for email in person.emailAddresses.map({ $0.value.lowercased() }) where !email.isEmpty {
      let found = directoryMatches(email, specs: sources, environment: environment)
      if let entry = found.first(where: { $0.emailAddresses.contains { $0.value.lowercased() == email } }) {
        return entry
      }
    }
    return nil
  }

  /// What `cpick unknown` shows, before the known contacts are looked at.
  struct UnknownRecord {
    /// The partial record: from the message's address (or, with `--all`, all of
    /// them), or `--vcard`, with the field options applied over it.
    var person: Contact
    /// The message's `Subject`, shown on the card.
    var subject: String?
    /// A message's addresses when it has several and `--all` is not given: the user
    /// chooses one first (`person` then holds only the field options).
    var chooseAmong: [MessageAddress]
  }

  /// The partial record of `cpick unknown` from its options (and a message on stdin
  /// with `--from-message`).
  ///
  /// - Throws: `UsageError` when the message holds no address in the fields read,
  ///   `--vcard` cannot be read, or a field option's value is bad.
  static func unknownRecord(_ options: Options) throws(UsageError) -> UnknownRecord {
    var record = UnknownRecord(person: Contact(identifier: "", source: ""), subject: nil, chooseAmong: [])
    if options.fromMessage {
      let message: [UInt8]
      do {
        // Only the header is read (the body, attachments included, is let go unread).
        message = try FileDescriptor.readStandardInput(keeping: MessageHeaders.headerBytes + 1).bytes
      } catch {
        throw UsageError(description: L10n.format("--from-message: cannot read standard input: %s", error.message))
      }
      let headers = MessageHeaders(message: message)
      for warning in headers.warnings { printError(L10n.translating("-:\(warning)")) }
      let addresses = MessageAddressParser(fieldNames: options.headers).addresses(in: headers)
      guard !addresses.isEmpty else {
        throw UsageError(
          description: L10n.format("--from-message: no address in %s", options.headers.joined(separator: ", ")))
      }
      record.subject = headers.unstructured(named: "Subject")
      if addresses.count == 1 || options.all {
        record.person = options.all ? MessageAddress.contact(for: addresses) : addresses[0].contact()
      } else {
        record.chooseAmong = addresses
      }
    } else if let vcard = options.vcard {
      record.person = try sentCard(vcard)
      record.person.identifier = ""  // a card of ours once saved: a fresh UID
    }
    try FieldOptions.apply(options.fields, to: &record.person)
    return record
  }

  /// The address the user chooses of a message's `addresses` (each shown as a small
  /// card in a people picker), as a contact; nil when cancelled.
  static func chooseAddress(among addresses: [MessageAddress], on screen: any Screen) -> Contact? {
    var candidates = addresses.enumerated().map { index, address in
      var contact = address.contact()
      contact.identifier = "message-address-\(index)"
      return contact
    }
    for index in candidates.indices { candidates[index].source = addresses[index].field }
    let picker = PeoplePickerController(contacts: candidates)
    guard case .selectedPerson(let chosen) = picker.run(on: screen),
      let index = candidates.firstIndex(where: { $0.identifier == chosen.identifier })
    else { return nil }
    return addresses[index].contact()
  }

  /// The unknown-person card of `person` as the options set it up: the book's `list`
  /// to add to, the alternate name, the message (`--message`, else the `subject`),
  /// adding and actions allowed or not, and — unless `--read-only` — where a new or
  /// changed contact is saved.
  static func unknownPersonCard(
    _ person: Contact, options: Options, list: ContactList, subject: String?, region: String, sources: [String],
    environment: [String: String]
  ) -> UnknownPersonViewController {
    let card = UnknownPersonViewController(displayedPerson: person)
    card.existingList = list
    card.alternateName = options.alternateName
    card.message = options.message ?? subject.map { L10n.format("Subject: %s", $0) }
    card.allowsAddingToAddressBook = !(options.noAdd || options.readOnly)
    card.allowsActions = !options.noActions
    card.actions = cardActions(options, environment: environment)
    card.region = region
    if !options.readOnly {
      card.editing = SaveTarget.editing(options, sources: sources, environment: environment, existing: [])
    }
    return card
  }
}
