import ContactKit
import ContactStores
import CpickSupport
import CpickTestSupport
import Foundation
import Testing
import TerminalKit

@testable import ContactPicker

/// The card's actions on a value (issue 21 item 4): `o` runs the value's command from
/// the config with the value as one argument, `m` a phone number's message command;
/// the delegate may veto; `allowsActions = false` (`--no-actions`) disables them; Enter
/// still chooses the value.
@MainActor
@Suite("Actions on the card's values")
struct CardActionTests {
  static let grace: Contact = {
    var grace = TestContacts.book[4]
    grace.urlAddresses = [LabeledValue(identifier: "u1", label: "homepage", value: "https://example.org/grace?a=1&b=2")]
    grace.postalAddresses = [
      LabeledValue(
        identifier: "a1", label: "work",
        value: PostalAddress(street: "1 Navy Way", city: "Arlington", state: "VA", postalCode: "22202", country: "USA"))
    ]
    return grace
  }()

  /// The commands a card started.
  final class Launched: Sendable {
    let commands = Locked<[[String]]>([])
    var all: [[String]] { commands.withLock { $0 } }
  }

  static func actions(_ launched: Launched, config: String = "") -> ContactActions {
    var actions = ContactActions(config: ConfigFile(parsing: config, home: "/home/me"), environment: [:])
    actions.launch = { command in launched.commands.withLock { $0.append(command) } }
    return actions
  }

  final class Veto: PersonViewDelegate {
    var asked: [ContactProperty] = []
    func personViewController(_ controller: PersonViewController, shouldPerformDefaultActionFor property: ContactProperty)
      -> Bool
    {
      asked.append(property)
      return false
    }
  }

  func run(_ keys: [KeyEvent], actions: ContactActions?, allowsActions: Bool = true, delegate: (any PersonViewDelegate)? = nil)
    -> (screen: MemoryScreen, result: PersonViewResult)
  {
    let screen = MemoryScreen(rows: 24, columns: 100, keys: keys)
    let card = PersonViewController(contact: Self.grace)
    card.allowsActions = allowsActions
    card.actions = actions
    card.delegate = delegate
    return (screen, card.run(on: screen))
  }

  @Test("o on each kind of value starts its configured command, the value one argument, never through a shell")
  func configuredCommands() throws {
    let launched = Launched()
    let config = """
      action-phone = dial --now {}
      action-email = mutt
      action-url = browser --new-tab {}
      action-address = open-map "https://maps.example/?q={url}"
      """
    // The card's values: phone, email, address, URL (card order).
    let keys: [KeyEvent] = [.character("o"), .down, .character("o"), .down, .character("o"), .down, .character("o")]
    let run = run(keys, actions: Self.actions(launched, config: config))
    #expect(run.result == .cancelled)
    #expect(
      launched.all == [
        ["dial", "--now", "+1 (555) 010-0142"], ["mutt", "grace@navy.example"],
        ["open-map", "https://maps.example/?q=1%20Navy%20Way,%20Arlington,%20VA%2022202,%20USA"],
        ["browser", "--new-tab", "https://example.org/grace?a=1&b=2"],
      ])
    #expect(try #require(run.screen.frames.last?.text).hasSuffix("started: browser --new-tab https://example.org/grace?a=1&b=2"))
    #expect(try #require(run.screen.frames.first?.text).hasSuffix("esc close · o open · m message · F1 help"))
  }

  @Test("the defaults: xdg-open with mailto:, tel:, sms: and an OpenStreetMap search; CPICK_MAIL_CMD for email")
  func defaults() throws {
    let defaults = ContactActions(config: ConfigFile(), environment: [:])
    #expect(defaults.command(.email, value: "grace@navy.example") == ["xdg-open", "mailto:grace@navy.example"])
    #expect(defaults.command(.phone, value: "+1 (555) 010-0142") == ["xdg-open", "tel:+1%20%28555%29%20010-0142"])
    #expect(defaults.command(.sms, value: "+15550100142") == ["xdg-open", "sms:+15550100142"])
    #expect(defaults.command(.url, value: "https://a.example/x y") == ["xdg-open", "https://a.example/x y"])
    #expect(
      defaults.command(.address, value: "Main St 1, Springfield")
        == ["xdg-open", "https://www.openstreetmap.org/search?query=Main%20St%201,%20Springfield"])
    let mail = ContactActions(config: ConfigFile(), environment: ["CPICK_MAIL_CMD": "neomutt -e 'set x'"])
    #expect(mail.command(.email, value: "a@b.example") == ["neomutt", "-e", "set x", "a@b.example"])
  }

  @Test("a card's value never becomes an option of the command, and a URL opens only in a scheme cpick knows (a helper's trial)")
  func hostileValues() throws {
    #expect(ContactActions.openable("https://example.org/x") == .opened("https://example.org/x"))
    #expect(ContactActions.openable("www.example.org") == .opened("http://www.example.org"))
    #expect(ContactActions.openable("example.org:8080/path") == .opened("http://example.org:8080/path"))
    #expect(ContactActions.openable("MAILTO:ada@example.org") == .opened("MAILTO:ada@example.org"))
    #expect(ContactActions.openable("javascript:alert(1)") == .refused(scheme: "javascript"))
    #expect(ContactActions.openable("file:///etc/passwd") == .refused(scheme: "file"))
    let launched = Launched()
    let actions = Self.actions(launched, config: "action-url = browser {}\naction-phone = dial\n")
    func url(_ value: String) -> ContactProperty {
      ContactProperty(contact: Self.grace, key: .urlAddresses, identifier: "u", label: "homepage", value: .text(value))
    }
    #expect(actions.perform(on: url("javascript:alert(1)")) == "not opened: cpick does not open javascript: URLs")
    // A URL naming no scheme is opened as http://, so not an option either.
    #expect(actions.perform(on: url("--version")) == "started: browser http://--version")
    let phone = ContactProperty(contact: Self.grace, key: .phoneNumbers, identifier: "p", label: "work", value: .text("-e 1"))
    #expect(actions.perform(on: phone) == "not started: the value begins with “-”, which the command would take for an option")
    #expect(actions.perform(on: url("www.example.org")) == "started: browser http://www.example.org")
    #expect(launched.all == [["browser", "http://--version"], ["browser", "http://www.example.org"]])
  }

  @Test("the config's action lines: before any section, the last of a kind wins; an account's keys are not actions")
  func configLines() throws {
    let text = "# actions\naction-phone = first\nACTION-Phone = dial {}\naction-email =\n[account work]\naction-url = no\n"
    let config = ConfigFile(parsing: text, home: "/home/me")
    #expect(config.actions == ["phone": "dial {}"])
    let actions = ContactActions(config: config, environment: [:])
    #expect(actions.command(.phone, value: "+1 555") == ["dial", "+1 555"])
    #expect(actions.command(.url, value: "https://x.example") == ["xdg-open", "https://x.example"])
    #expect(actions.command(.email, value: "a@x.example") == ["xdg-open", "mailto:a@x.example"])
  }

  @Test("m on a phone number starts the message command; on an email it says there is none")
  func messageAction() throws {
    let launched = Launched()
    let run = run([.character("m"), .down, .character("m")], actions: Self.actions(launched))
    #expect(launched.all == [["xdg-open", "sms:+1%20%28555%29%20010-0142"]])
    #expect(try #require(run.screen.frames.last?.text).contains("no message action for this value"))
  }

  @Test("the delegate's shouldPerformDefaultActionFor vetoes the action: nothing starts")
  func delegateVetoes() throws {
    let launched = Launched()
    let veto = Veto()
    let run = run([.character("o")], actions: Self.actions(launched), delegate: veto)
    #expect(launched.all.isEmpty)
    #expect(veto.asked.map(\.key) == [.phoneNumbers])
    #expect(try #require(run.screen.frames.last?.text).contains("phone action declined"))
  }

  @Test("with allowsActions false (--no-actions) o does nothing and is not offered; Enter still chooses the value")
  func noActions() throws {
    let launched = Launched()
    let off = run([.character("o")], actions: Self.actions(launched), allowsActions: false)
    #expect(launched.all.isEmpty)
    #expect(try #require(off.screen.frames.last?.text).contains("o open") == false)
    let chosen = run([.down, .enter], actions: Self.actions(launched))
    guard case .selectedProperty(let property) = chosen.result else {
      Issue.record("Enter did not choose: \(chosen.result)")
      return
    }
    #expect(property.value.singleLine == "grace@navy.example")
    #expect(launched.all.isEmpty)
  }

  @Test("on the picker's card o acts on the highlighted value and says so; the picker goes on")
  func pickerCard() throws {
    let launched = Launched()
    let screen = MemoryScreen(rows: 24, columns: 120, keys: typing("hopper") + [.control("o"), .down, .character("o")])
    let picker = PeoplePickerController(contacts: [Self.grace])
    picker.actions = Self.actions(launched)
    #expect(picker.run(on: screen) == .cancelled)  // the keys ran out
    #expect(launched.all == [["xdg-open", "mailto:grace@navy.example"]])
    let card = try #require(screen.frames.last?.text)
    #expect(card.hasSuffix("started: xdg-open mailto:grace@navy.example · ↑↓ move · enter choose · esc back · o open · m message · F1 help"))

    let without = MemoryScreen(rows: 24, columns: 120, keys: typing("hopper") + [.control("o"), .character("o")])
    PeoplePickerController(contacts: [Self.grace]).run(on: without)
    #expect(try #require(without.frames.last?.text).contains("o open") == false)
  }

  @Test("a command that cannot start is said on the card")
  func cannotStart() throws {
    let actions = ContactActions(
      config: ConfigFile(parsing: "action-phone = /nonexistent/dialer", home: "/"), environment: [:])
    let run = run([.character("o")], actions: actions)
    #expect(
      try #require(run.screen.frames.last?.text).contains("cannot start phone action: /nonexistent/dialer: No such file"))
  }

  @Test("ChildProcess.startDetached passes the value as one argument to a real program (argv written to a file)")
  nonisolated func realProcessGetsOneArgument() async throws {
    let folder = try TempFolder("actions")
    defer { folder.remove() }
    let script = try folder.write(
      "argv.sh", Array("for a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$OUT.tmp\" && mv \"$OUT.tmp\" \"$OUT\"\n".utf8))
    let out = folder.file("argv.txt")
    let value = "O'Brien; rm -rf / $(echo hi) `x` \"q\""
    // Run by sh, not executed itself: a file just written may be "busy" while another
    // test's spawn holds the descriptor it was written through.
    try ChildProcess.startDetached(["sh", script, "first", value], environment: ["OUT": out, "PATH": "/usr/bin:/bin"])
    let written = try await Self.waitForFile(out)
    #expect(written == "first\n\(value)\n")
  }

  /// The file's text once it exists (the script renames it into place whole),
  /// looked at every 10 ms without holding a thread.
  nonisolated static func waitForFile(_ path: String, timeout: Duration = .seconds(30)) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let text = try? String(contentsOfFile: path, encoding: .utf8) { return text }
      try await Task.sleep(for: .milliseconds(10))
    }
    throw CancellationError()
  }
}
