import ContactKit
import Testing
import TerminalKit

@testable import ContactPicker

@MainActor
final class NewPersonRecorder: NewPersonViewDelegate {
  var completed: [Contact?] = []
  var existing: [Contact] = []
  func newPersonViewController(_ controller: NewPersonViewController, didCompleteWith contact: Contact?) {
    completed.append(contact)
  }
  func newPersonViewController(_ controller: NewPersonViewController, didChooseExisting contact: Contact) {
    existing.append(contact)
  }
}

/// A save seam that records what it was given and stamps a source, failing first
/// when told to.
@MainActor
final class SaveRecorder {
  struct DiskFull: Error, CustomStringConvertible {
    var description: String { "contacts.vcf: no space left on device" }
  }
  var received: [Contact] = []
  var failuresLeft = 0
  func save(_ contact: Contact) throws -> Contact {
    received.append(contact)
    if failuresLeft > 0 {
      failuresLeft -= 1
      throw DiskFull()
    }
    var saved = contact
    saved.source = "/home/ada/.local/share/cpick/contacts/\(contact.identifier).vcf"
    return saved
  }
}

@MainActor
struct FormRun {
  let screen: MemoryScreen
  let delegate: NewPersonRecorder
  let saver: SaveRecorder
  let controller: NewPersonViewController
  let result: NewPersonResult

  /// Every screen the form showed, as text.
  var screens: [String] { screen.frames.map(\.text) }
  var saved: [Contact] { saver.received }
}

@MainActor
func runForm(
  _ keys: [KeyEvent], person: Contact? = nil, editing: Bool = false, existing: [Contact] = [],
  region: String = "DE", group: String? = nil, rows: Int = 60, columns: Int = 80, failures: Int = 0
) -> FormRun {
  let screen = MemoryScreen(rows: rows, columns: columns, keys: keys)
  let controller = NewPersonViewController(displayedPerson: person, isEditing: editing)
  let delegate = NewPersonRecorder()
  let saver = SaveRecorder()
  saver.failuresLeft = failures
  controller.delegate = delegate
  controller.existingContacts = existing
  controller.region = region
  controller.parentGroup = group
  controller.makeIdentifier = { "urn:uuid:7d3c0f5e-1111-4222-8333-944455556666" }
  controller.save = { try saver.save($0) }
  let result = controller.run(on: screen)
  return FormRun(screen: screen, delegate: delegate, saver: saver, controller: controller, result: result)
}

func typing(_ text: String) -> [KeyEvent] { MemoryScreen.keys(typing: text) }
func repeated(_ key: KeyEvent, _ count: Int) -> [KeyEvent] { Array(repeating: key, count: count) }

/// The line of `screen` whose label column shows `label`.
func line(_ screen: String, label: String) -> String? {
  screen.split(separator: "\n").map(String.init).first { line in
    line.prefix(NewPersonView.valueColumn).trimmingCharacters(in: .whitespaces)
      .replacingOccurrences(of: "›", with: "").trimmingCharacters(in: .whitespaces) == label
  }
}

/// From the first name, down to the "add phone" row (middle, last, suffix, nickname,
/// phonetic, company, department, job title, add phone).
let toAddPhone = repeated(.tab, 9)

@MainActor
@Suite("New-person form, headless")
struct NewPersonFormTests {
  @Test("the empty form shows the fields in a label column, the first name focused")
  func emptyForm() {
    let run = runForm([])
    let text = run.screens[0]
    #expect(text.hasPrefix(" New Contact"))
    for label in ["kind", "prefix", "first name", "middle name", "last name", "suffix", "nickname", "company",
                  "department", "job title", "birthday", "note"] {
      #expect(line(text, label: label) != nil, "no row for \(label)")
    }
    #expect(text.contains("+ add phone"))
    #expect(text.contains("+ add email"))
    #expect(text.contains("+ add address"))
    #expect(text.contains("+ add URL"))
    #expect(text.contains("+ add instant message"))
    #expect(text.contains("+ phonetic name"))
    #expect(text.contains("● person  ○ organization"))
    let firstName = text.split(separator: "\n").first { $0.contains("first name") }!
    #expect(firstName.hasPrefix("›"))
    #expect(run.screen.lastFrame?.cursor?.column == NewPersonView.valueColumn)
    #expect(text.split(separator: "\n").last!.contains("^S save"))
  }

  @Test("typing a name and a phone, Ctrl-S gives the save seam the contact and ends with what it returned")
  func typeAndSave() {
    let run = runForm(
      typing("Ada") + [.down, .down] + typing("Lovelace") + repeated(.tab, 7) + typing("+44 20 7946 0000")
        + [.control("s")], group: "Family")
    #expect(run.saved.count == 1)
    let contact = run.saved[0]
    #expect(contact.identifier == "urn:uuid:7d3c0f5e-1111-4222-8333-944455556666")
    #expect(contact.givenName == "Ada")
    #expect(contact.familyName == "Lovelace")
    #expect(contact.formattedName == "Ada Lovelace")
    #expect(contact.contactType == .person)
    #expect(contact.groups == ["Family"])
    #expect(contact.phoneNumbers.map(\.label) == ["mobile"])
    #expect(contact.phoneNumbers.map(\.value) == ["+44 20 7946 0000"])
    #expect(contact.phoneNumbers.map(\.identifier) == ["urn:uuid:7d3c0f5e-1111-4222-8333-944455556666/phoneNumbers/new-1"])
    guard case .completed(let saved) = run.result else {
      Issue.record("not completed: \(run.result)")
      return
    }
    #expect(saved.source.hasSuffix("7d3c0f5e-1111-4222-8333-944455556666.vcf"))
    #expect(run.delegate.completed == [saved])
    // The title showed the name as it would be saved.
    #expect(run.screens[run.screens.count - 1].hasPrefix(" New Contact · Ada Lovelace"))
    // While the save seam ran (a server book's waits for its server), the form said so.
    let helpLine = run.screens[run.screens.count - 1].split(separator: "\n").dropLast().last
    #expect(helpLine?.trimmingCharacters(in: .whitespaces) == "saving…", "\(run.screens.last ?? "")")
    #expect(run.screens.dropLast().allSatisfy { !$0.contains("saving…") })
  }

  @Test("Tab, Shift-Tab, ↑ and ↓ move between fields and stop at either end")
  func navigation() {
    let run = runForm([.down, .tab, .backTab, .up, .up, .up, .up])
    func focusedLabel(_ index: Int) -> String {
      let row = run.screens[index].split(separator: "\n").first { $0.hasPrefix("›") } ?? ""
      return String(row.dropFirst().prefix(NewPersonView.valueColumn - 1)).trimmingCharacters(in: .whitespaces)
    }
    #expect(focusedLabel(0) == "first name")
    #expect(focusedLabel(1) == "middle name")
    #expect(focusedLabel(2) == "last name")
    #expect(focusedLabel(3) == "middle name")
    #expect(focusedLabel(4) == "first name")
    #expect(focusedLabel(5) == "prefix")
    #expect(focusedLabel(6) == "kind")
    #expect(focusedLabel(7) == "kind")
    let end = runForm(repeated(.tab, 40))
    #expect(end.controller.state?.focus == .text(.photo))
  }

  @Test("the text fields edit with readline keys, wide characters and pastes")
  func readlineEditing() {
    let run = runForm(
      typing("Lovelace") + [.control("a")] + typing("Ada ") + [.control("e"), .control("w")] + typing("李")
        + [.left, .backspace, .right] + [.down, .down, .paste("Byron\nKing")] + [.control("s")])
    let contact = run.saved.first
    #expect(contact?.givenName == "Ada李")
    #expect(contact?.familyName == "Byron King")
  }

  @Test("CJK names align in the value column, bring up the phonetic fields and are composed family first")
  func cjkName() {
    let run = runForm(typing("小明") + [.down, .down] + typing("王") + [.tab] + typing("") + [.control("s")])
    let frame = run.screen.frames[run.screen.frames.count - 2]
    let text = frame.text
    #expect(line(text, label: "phonetic first") != nil)
    #expect(line(text, label: "phonetic last") != nil)
    #expect(!text.contains("+ phonetic name"))
    #expect(text.hasPrefix(" New Contact · 王小明"))
    let familyRow = (0..<frame.rows).first { frame.text(row: $0).contains("last name") && !frame.text(row: $0).contains("phonetic") }!
    #expect(frame[familyRow, NewPersonView.valueColumn].text == "王")
    #expect(frame[familyRow, NewPersonView.valueColumn + 1].text == "")
    #expect(run.saved.first?.formattedName == "王小明")
  }

  @Test("Ctrl-R shows the phonetic fields on request, and their values are saved")
  func phoneticOnRequest() {
    let run = runForm(typing("Siobhán") + [.control("r"), .down, .down, .down, .down, .down] + typing("shi-VAWN")
      + [.control("s")])
    #expect(!run.screens[7].contains("phonetic first"))
    #expect(run.screens[8].contains("phonetic first"))
    #expect(run.saved.first?.phoneticGivenName == "shi-VAWN")
  }

  @Test("Ctrl-L cycles the label through the standard ones, then takes a custom label")
  func labelCycling() {
    let keys = toAddPhone + typing("0151 2345678") + [.control("l")] + repeated(.control("l"), 7)
      + [.control("l")] + typing("boat") + [.enter, .control("s")]
    let run = runForm(typing("Ada") + keys)
    func phoneLabel(_ screen: String) -> String? {
      let row = screen.split(separator: "\n").first { $0.contains("0151 2345678") }
      return row.map { String($0.prefix(NewPersonView.valueColumn)).replacingOccurrences(of: "›", with: "").trimmingCharacters(in: .whitespaces) }
    }
    let start = 1 + 3 + 9 + 12  // first screen, "Ada", tabs, digits typed
    #expect(phoneLabel(run.screens[start - 1]) == "mobile")
    #expect(phoneLabel(run.screens[start]) == "iPhone")
    let cycled = (start...(start + 7)).map { phoneLabel(run.screens[$0]) ?? "" }
    #expect(cycled == ["iPhone", "home", "work", "main", "home fax", "work fax", "pager", "other"])
    // After "other", the label is typed in.
    #expect(run.screens[start + 8].contains("type a label"))
    #expect(phoneLabel(run.screens[start + 12]) == "boat")
    #expect(run.saved.first?.phoneNumbers.map(\.label) == ["boat"])
  }

  @Test("Ctrl-S while a custom label is typed keeps the label and saves (a helper lost an edit to a Ctrl-S that did nothing)")
  func customLabelSaved() {
    let run = runForm(typing("Ada") + toAddPhone + typing("0151 2345678") + repeated(.control("l"), 9)
      + typing("boat") + [.control("s")])
    #expect(run.saved.count == 1)
    #expect(run.saved.first?.phoneNumbers.map(\.label) == ["boat"])
  }

  @Test("a new card given its name as written (an unknown sender's) keeps it unchanged; corrected on the form, the name composed from the form")
  func givenNameIsASuggestion() {
    var person = Contact(identifier: "", source: "")
    person.formattedName = "AWS Notifications"
    (person.givenName, person.familyName) = ("Notifications", "AWS")
    person.emailAddresses = [LabeledValue(identifier: "", label: nil, value: "no-reply@aws.example")]
    #expect(runForm([.control("s")], person: person).saved.first?.formattedName == "AWS Notifications")
    // The guessed parts swapped back: the name is theirs, not "AWS AWS".
    let swapped = runForm(
      repeated(.backspace, 30) + typing("AWS") + [.tab, .tab] + repeated(.backspace, 30) + typing("Notifications")
        + [.control("s")], person: person)
    #expect(swapped.saved.first.map { [$0.formattedName, $0.givenName, $0.familyName] } == ["AWS Notifications", "AWS", "Notifications"])
    // The name cleared and a company typed: the company, not a stale "AWS".
    let company = runForm(
      repeated(.backspace, 30) + [.tab, .tab] + repeated(.backspace, 30) + repeated(.tab, 4) + typing("Amazon Web Services")
        + [.control("s")], person: person)
    #expect(company.saved.first?.formattedName == "Amazon Web Services")
    // A name written by hand beside its parts (a card sent with --vcard) keeps what else
    // it holds when a part is corrected.
    var sent = Contact(identifier: "", source: "")
    sent.formattedName = "Jurgen Müller (Siemens)"
    (sent.givenName, sent.familyName) = ("Jurgen", "Müller")
    let fixed = runForm(repeated(.backspace, 10) + typing("Jürgen") + [.control("s")], person: sent)
    #expect(fixed.saved.first?.formattedName == "Jürgen Müller (Siemens)")
  }

  /// A person of a card whose `FN` leaves out the middle name (the sample book's way).
  static func handWritten(_ formattedName: String, given: String, middle: String, family: String, company: String) -> Contact {
    var person = Contact(identifier: given.lowercased(), source: "book.vcf")
    person.formattedName = formattedName
    (person.givenName, person.middleName, person.familyName) = (given, middle, family)
    person.organizationName = company
    return person
  }

  @Test("an edit clearing the first and last names of a name written without the middle one: the name left, not the one deleted")
  func clearedNamesDoNotComeBack() {
    let tom = Self.handWritten("Tom Smith", given: "Tom", middle: "Lee", family: "Smith", company: "Smith & Co")
    let cleared = runForm(
      repeated(.backspace, 10) + [.tab, .tab] + repeated(.backspace, 10) + [.control("s")], person: tom, editing: true)
    #expect(cleared.saved.first.map { [$0.formattedName, $0.givenName, $0.middleName, $0.familyName] } == ["Lee", "", "Lee", ""])
  }

  @Test("an edit switching a person with a name written by hand to an organization names it by its company")
  func kindSwitchNamesByCompany() {
    let david = Self.handWritten("David Thornton", given: "David", middle: "Robert", family: "Thornton", company: "Thornton Carpentry")
    // Up twice from the first name: the kind row; → organization.
    let switched = runForm([.up, .up, .right, .control("s")], person: david, editing: true)
    #expect(switched.saved.first?.contactType == .organization)
    #expect(switched.saved.first?.formattedName == "Thornton Carpentry")
  }

  @Test("a number the card already held is not checked again when only its label changes (a corpus card could not be relabelled)")
  func relabelledNumberIsNotChecked() {
    var bob = Contact(identifier: "b", source: "b.vcf")
    bob.givenName = "Bob"
    // Refused as typed (an extension begun, no digits), kept as the card holds it.
    bob.phoneNumbers = [LabeledValue(identifier: "p1", label: "work", value: "555 1234 x")]
    let run = runForm(toAddPhone + [.control("l"), .control("s")], person: bob, editing: true)
    #expect(run.saved.first?.phoneNumbers.map(\.value) == ["555 1234 x"])
    #expect(run.saved.first?.phoneNumbers.first.map { $0.label != "work" } == true)
    // Edited (a blank typed after it), it is checked.
    let edited = runForm(toAddPhone + typing(" ") + [.control("s")], person: bob, editing: true)
    #expect(edited.saved.isEmpty)
    #expect(edited.screens.last!.contains("✗ the extension needs digits"))
  }

  @Test("Esc while typing a custom label brings back the label before")
  func customLabelUndo() {
    let run = runForm(typing("Ada") + toAddPhone + typing("0151 2345678") + repeated(.control("l"), 9)
      + typing("boat") + [.escape, .control("s")])
    #expect(run.saved.first?.phoneNumbers.map(\.label) == ["other"])
  }

  @Test("each new value gets the next unused label; Ctrl-X removes a value, Ctrl-D an empty one")
  func addAndRemove() {
    let toAddEmail = toAddPhone + [.tab]
    let run = runForm(
      typing("Ada") + toAddEmail + [.enter] + typing("ada@home.example") + [.tab, .enter] + typing("ada@work.example")
        + [.tab, .enter] + [.control("d")]  // the third, empty, removed again
        + [.up, .up, .control("x")]  // the first removed
        + [.control("s")])
    let emails = run.saved.first?.emailAddresses
    #expect(emails?.map(\.value) == ["ada@work.example"])
    #expect(emails?.map(\.label) == ["work"])
    // Before the removals the screen showed three rows, the third labelled "other".
    let three = run.screens.first { $0.contains("ada@work.example") && line($0, label: "other") != nil }
    #expect(three != nil)
    #expect(!run.screens.last!.contains("ada@home.example"))
  }

  @Test("an address is typed part by part, Ctrl-O breaks the street into two lines")
  func address() {
    let toAddAddress = toAddPhone + [.tab, .tab]
    let run = runForm(
      typing("Ada") + toAddAddress + typing("12 St James's Square") + [.control("o")] + typing("Flat 3") + [.tab]
        + typing("London") + [.tab, .tab] + typing("SW1Y 4JH") + [.tab] + typing("United Kingdom") + [.control("s")])
    let address = run.saved.first?.postalAddresses.first
    #expect(address?.label == "home")
    #expect(address?.value == PostalAddress(street: "12 St James's Square\nFlat 3", city: "London", postalCode: "SW1Y 4JH",
                                             country: "United Kingdom"))
    let screen = run.screens[run.screens.count - 2]
    #expect(screen.contains("12 St James's Square↵Flat 3"))
    #expect(screen.contains("state"))  // the empty part shows its placeholder
  }

  @Test("a URL, an instant message, a birthday without a year and a note are saved")
  func otherFields() {
    let run = runForm(
      typing("Ada") + toAddPhone + repeated(.tab, 3) + typing("https://ada.example") + [.tab, .tab]
        + typing("xmpp:ada@jabber.example") + [.tab, .tab] + typing("--12-10") + [.tab] + typing("likes") + [.control("o")]
        + typing("engines") + [.control("s")])
    let contact = run.saved.first
    #expect(contact?.urlAddresses.map(\.value) == ["https://ada.example"])
    #expect(contact?.instantMessageAddresses.map(\.value) == [InstantMessageAddress(service: "xmpp", username: "ada@jabber.example")])
    #expect(contact?.birthday == ContactDate(month: 12, day: 10))
    #expect(contact?.note == "likes\nengines")
  }

  @Test("a paste into the note keeps its line breaks (CR LF, LF, CR), but the last; one into a name has spaces for them (case 25's kind)")
  func pastedLines() {
    let run = runForm(
      typing("Ingrid") + toAddPhone + repeated(.tab, 3) + typing("https://ingrid.example") + [.tab, .tab]
        + typing("xmpp:ingrid@jabber.example") + [.tab, .tab] + typing("--12-10") + [.tab]
        + [.paste("Gate code 4471\r\nRing twice\rthen wait\n\tby the door\r\n")] + [.control("s")])
    #expect(run.saved.first?.note == "Gate code 4471\nRing twice\nthen wait\n by the door")
    let name = runForm([.paste("Ingrid\r\nSolberg\n")] + [.control("s")])
    #expect(name.saved.first?.givenName == "Ingrid Solberg")
  }

  @Test("person or organization: Space switches, and an organization is named by its company")
  func organization() {
    let run = runForm([.up, .up, .character(" ")] + repeated(.tab, 8) + typing("Analytical Engines Ltd") + [.control("s")])
    #expect(run.screens[3].contains("○ person  ● organization"))
    #expect(run.saved.first?.contactType == .organization)
    #expect(run.saved.first?.formattedName == "Analytical Engines Ltd")
  }

  @Test("an invalid email shows its error under the field once left, and the error goes when fixed")
  func emailErrorWhileTyping() {
    let toEmail = toAddPhone + [.tab]
    let run = runForm(typing("Ada") + toEmail + typing("ada.example.org") + [.tab, .backTab, .control("a")]
      + typing("ada@") + [.control("e")])
    let whileTyping = run.screens[1 + 3 + 9 + 14]
    #expect(!whileTyping.contains("✗"))
    let left = run.screens[1 + 3 + 9 + 15 + 1]
    let lines = left.split(separator: "\n").map(String.init)
    let emailRow = lines.firstIndex { $0.contains("ada.example.org") }!
    #expect(lines[emailRow + 1].trimmingCharacters(in: .whitespaces) == "✗ missing @")
    #expect(lines[emailRow + 1].firstIndex(of: "✗").map { lines[emailRow + 1].distance(from: lines[emailRow + 1].startIndex, to: $0) }
      == NewPersonView.valueColumn)
    // Fixed while typing: the error goes at once.
    #expect(run.screens.last!.contains("ada@ada.example.org"))
    #expect(run.screens.last!.contains("✗") == false)
  }

  @Test("Ctrl-S with errors saves nothing, shows every error and focuses the first")
  func refusedSave() {
    let run = runForm(
      typing("Ada") + toAddPhone + typing("0151_CALL") + [.tab, .tab] + typing("ada@localhost") + repeated(.tab, 5)
        + typing("2023-02-29") + [.up, .control("s")])
    #expect(run.saved.isEmpty)
    #expect(run.result == .cancelled)
    let screen = run.screens.last!
    #expect(screen.contains("✗ “_” is not allowed in a phone number"))
    #expect(screen.contains("✗ the domain needs a dot, as in example.org"))
    #expect(screen.contains("✗ 29 February 2023 does not exist: 2023 is not a leap year"))
    #expect(screen.contains("fix 3 problems to save"))
    let focused = screen.split(separator: "\n").first { $0.hasPrefix("›") }
    #expect(focused?.contains("0151_CALL") == true)
  }

  @Test("an empty form cannot be saved: it asks for a name, an organization, an email or a phone")
  func emptyFormRefused() {
    let run = runForm([.control("s")] + typing("Ada") + [.control("s")])
    #expect(run.screens[1].contains("✗ enter a name, an organization, an email or a phone number"))
    #expect(run.screens[1].contains("fix the problem to save"))
    #expect(!run.screens[2].contains("✗"))
    #expect(run.saved.map(\.givenName) == ["Ada"])
  }

  @Test("a save that throws shows its error and leaves the form open; the next Ctrl-S saves")
  func saveError() {
    let run = runForm(typing("Ada") + [.control("s"), .control("s")], failures: 1)
    #expect(run.screens[4].contains("saving…"))
    #expect(run.screens[5].contains("not saved: contacts.vcf: no space left on device"))
    #expect(!run.screens[5].contains("saving…"))
    #expect(run.saved.count == 2)
    guard case .completed(let saved) = run.result else {
      Issue.record("not completed")
      return
    }
    #expect(saved.givenName == "Ada")
  }

  @Test("Esc on an untouched form cancels at once; the delegate hears nil")
  func cancelUntouched() {
    let run = runForm([.escape])
    #expect(run.result == .cancelled)
    #expect(run.delegate.completed == [nil])
    #expect(run.screens.count == 1)
  }

  @Test("Esc after typing asks first: n keeps editing, y discards")
  func cancelAsks() {
    let run = runForm(typing("Ada") + [.escape, .character("n")] + typing("!") + [.escape, .character("y")])
    #expect(run.screens[4].contains("Discard this contact? y/n"))
    #expect(run.screens[5].contains("Ada"))
    #expect(!run.screens[5].contains("Discard"))
    #expect(run.screens[6].contains("Ada!"))
    #expect(run.result == .cancelled)
    #expect(run.saved.isEmpty)
    #expect(run.delegate.completed == [nil])
    let ctrlC = runForm(typing("Ada") + [.control("c"), .control("c")])
    #expect(ctrlC.result == .cancelled)
  }

  @Test("the form scrolls to keep the focused field on a short screen")
  func scrolling() {
    let run = runForm(repeated(.tab, 40), rows: 12, columns: 60)
    let last = run.screens.last!
    #expect(last.contains("note"))
    #expect(last.split(separator: "\n").contains { $0.hasPrefix("›") && $0.contains("photo") })
    #expect(!last.contains("first name"))
    #expect(run.screen.frames.allSatisfy { $0.rows == 12 })
  }

  @Test("tiny and resized screens draw without losing the focused field")
  func tinyAndResized() {
    for (rows, columns) in [(1, 1), (3, 10), (5, 20), (8, 24)] {
      let run = runForm(typing("Ada") + repeated(.tab, 12) + [.control("s")], rows: rows, columns: columns)
      #expect(run.screen.frames.allSatisfy { $0.rows == rows && $0.columns == columns })
      #expect(run.saved.map(\.givenName) == ["Ada"])
    }
    let screen = MemoryScreen(rows: 30, columns: 80, keys: typing("Ada") + repeated(.tab, 20))
    screen.scheduleResize(rows: 10, columns: 40, afterKeys: 5)
    let controller = NewPersonViewController()
    _ = controller.run(on: screen)
    let last = screen.frames.last!
    #expect(last.rows == 10 && last.columns == 40)
    #expect(last.text.split(separator: "\n").contains { $0.hasPrefix("›") })
  }
}
