import ContactKit
import ContactPicker
import Foundation
import HostExample
import Testing
import TerminalKit

@MainActor
@Suite("The host program, on the in-memory screen")
struct HostTests {
  func book() -> [Contact] {
    var ada = Contact(identifier: "ada", source: "book.vcf")
    ada.givenName = "Ada"
    ada.familyName = "Lovelace"
    ada.emailAddresses = [
      LabeledValue(identifier: "ada-home", label: "home", value: "ada@home.example"),
      LabeledValue(identifier: "ada-work", label: "work", value: "ada@work.example"),
    ]
    var grace = Contact(identifier: "grace", source: "book.vcf")
    grace.givenName = "Grace"
    grace.familyName = "Hopper"
    grace.emailAddresses = [LabeledValue(identifier: "g", label: nil, value: "grace@navy.example")]
    return [ada, grace]
  }

  func sender() -> Contact {
    var sender = Contact(identifier: "", source: "")
    sender.givenName = "Charles"
    sender.familyName = "Babbage"
    sender.emailAddresses = [LabeledValue(identifier: "c", label: nil, value: "charles@engine.example")]
    return sender
  }

  @Test("the delegates hear the chosen email, then the dismissed card")
  func pickThenDismiss() {
    // Picker: type "ada", Enter opens her card on two emails, Down, Enter chooses work.
    // Card: Esc dismisses it.
    let keys = MemoryScreen.keys(typing: "ada") + [.enter, .down, .enter, .escape]
    let screen = MemoryScreen(rows: 24, columns: 80, keys: keys)
    let host = Host(contacts: book())
    host.run(on: screen, sender: sender())
    #expect(host.log == ["picked Ada Lovelace <ada@work.example> (work)", "unknown person dismissed"])
    #expect(screen.frames.contains { $0.text.contains("Wrote to you today") })
    #expect(!screen.frames.last!.text.contains("Create New Contact"))
  }

  @Test("cancelling the picker is reported; choosing a value on the card asks the delegate")
  func cancelThenChoose() {
    let keys: [KeyEvent] = [.escape] + [.up, .enter]
    let screen = MemoryScreen(rows: 24, columns: 80, keys: keys)
    let host = Host(contacts: book())
    host.run(on: screen, sender: sender())
    #expect(host.log.first == "picker cancelled")
    #expect(host.log.dropFirst().first == "chose charles@engine.example on the card")
  }
}

/// The README's "In a Swift program" shows `Sources/readme-example/main.swift`, which
/// this package compiles: what a reader copies builds.
@Suite("The README's example program")
struct ReadmeExampleTests {
  @Test("should be shown in the README exactly as it is compiled here, from its imports to its last line")
  func readmeShowsTheProgram() throws {
    let here = URL(fileURLWithPath: #filePath)
    let package = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let program = try String(
      contentsOf: package.appendingPathComponent("Sources/readme-example/main.swift"), encoding: .utf8)
    let readme = try String(
      contentsOf: package.appendingPathComponent("../../README.md").standardizedFileURL, encoding: .utf8)
    let start = try #require(program.range(of: "import ContactKit"))
    let body = String(program[start.lowerBound...])
    #expect(body.contains("screen.end()") && body.contains("PeoplePickerDelegate"))
    #expect(readme.contains("```swift\n" + body + "```"))
  }
}
