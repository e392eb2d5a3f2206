import ContactKit
import Foundation
import Testing
import TerminalKit

@testable import ContactPicker

/// The new-person form says at the right of its title where the contact will be saved
/// (with cards on stdin that is the default address book, not the list shown).
@MainActor
@Suite("New-person form: where it saves")
struct NewPersonDestinationTests {
  func title(columns: Int, destination: String?, editing: Bool = false, name: String = "") -> String {
    let screen = MemoryScreen(rows: 30, columns: columns, keys: MemoryScreen.keys(typing: name))
    var person = Contact(identifier: editing ? "ada" : "", source: editing ? "/books/ada.vcf" : "")
    if editing { person.givenName = "Ada" }
    let controller = NewPersonViewController(displayedPerson: editing ? person : nil, isEditing: editing)
    controller.destination = destination
    controller.run(on: screen)
    return String(screen.frames.last!.text.split(separator: "\n", omittingEmptySubsequences: false)[0])
  }

  @Test("the book is named at the right of the title, after the name typed so far")
  func shown() {
    let line = title(columns: 80, destination: "/books/personal", name: "Ada")
    #expect(line.hasPrefix(" New Contact · Ada"))
    // Ending one column before the edge (the frame's text has no trailing spaces).
    #expect(line.hasSuffix("→ /books/personal"))
    #expect(TerminalText.width(line) == 79)
  }

  @Test("a long path is cut at its start with …; on a very narrow screen it is left out")
  func cut() {
    let path = "/very/long/folder/names/that/do/not/fit/contacts"
    let line = title(columns: 40, destination: path)
    #expect(line.contains("→ …"))
    #expect(line.hasSuffix("fit/contacts"))
    #expect(TerminalText.width(line) == 39)
    #expect(!title(columns: 20, destination: path).contains("→"))
  }

  @Test("a possible duplicate's file is named with the home folder written ~, as the title names the book")
  func duplicateFile() throws {
    let home = try #require(ProcessInfo.processInfo.environment["HOME"])
    var ada = Contact(identifier: "ada", source: home + "/books/ada.vcf")
    ada.givenName = "Ada"
    ada.familyName = "Lovelace"
    let keys = MemoryScreen.keys(typing: "Ada") + [.tab, .tab] + MemoryScreen.keys(typing: "Lovelace") + [.control("s")]
    let screen = MemoryScreen(rows: 30, columns: 80, keys: keys)
    let controller = NewPersonViewController(displayedPerson: nil, isEditing: false)
    controller.existingContacts = [ada]
    controller.run(on: screen)
    let prompt = try #require(screen.frames.last { $0.text.contains("Ada Lovelace") && $0.text.contains("ada.vcf") }).text
    #expect(prompt.contains("~/books/ada.vcf"))
    #expect(!prompt.contains(home + "/books"))
  }

  @Test("the home folder is written ~; nothing is shown when editing or without a destination")
  func homeAndEditing() throws {
    let home = try #require(ProcessInfo.processInfo.environment["HOME"])
    #expect(NewPersonView.abbreviatingHome(home + "/.local/share/cpick/contacts", home: home) == "~/.local/share/cpick/contacts")
    #expect(NewPersonView.abbreviatingHome(home + "x/contacts", home: home) == home + "x/contacts")
    #expect(!title(columns: 80, destination: "/books/personal", editing: true).contains("→"))
    #expect(!title(columns: 80, destination: nil).contains("→"))
  }
}
