// cpick-sync: every line of cpick's network code (CardDAV, RFC 6352), run by cpick
// when a server book is read or saved (`SyncHelper`) and by `cpick sync`/`cpick books`.
//
//   cpick-sync sync  [--json] [URL…]   send queued edits, then bring the copies up to date
//   cpick-sync push  [--json] URL      send queued edits only
//   cpick-sync books [--json] [URL…]   the address books found from each account's URL
//   cpick-sync search [--json] [--limit N] URL TERM…   a directory's entries matching
//                                      every term (LDAP query mode), as cards
//   cpick-sync xcard FILE              an xCard (RFC 6351) file as vCard 4.0 text
//
// Without URLs: every account of the config and every server URL among the default
// sources. Exit status 0, or 2 when an account failed or a queued edit conflicted with
// the server's card (one line on stderr each; the edit is kept in conflicts/).
import BookSync
import CProcessControl
import ContactStores
import CpickSupport
import Foundation
import ServerBooks
import TerminalKit
import XCard

StandardStreams.openMissing()
// SIGTERM (cpick giving up on it), SIGHUP, SIGINT: the `password-command` or
// `token-command` running stopped with what it started, temp files of the copies being
// written removed, exit 128 + signal.
SignalExit.install {
  ChildProcess.stopAll()
  TempFileRegistry.shared.removeAllAndClose()
}
let environment = ProcessInfo.processInfo.environment
var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? "sync"
if !arguments.isEmpty { arguments.removeFirst() }
let json = arguments.contains("--json")
// Run by cpick (`--json`, which `SyncHelper` always gives): ended with that cpick, even
// when it was killed by SIGKILL (the SIGTERM handled above then stops the commands
// running). Not when run by a person (`cpick sync` is this program, `exec`ed): a sync
// started in the background, `(cpick sync &)`, outlives its shell. When the parent is
// already gone, there is no one to answer.
if json {
  let parent = getppid()
  _ = cpick_set_parent_death_signal(SIGTERM)
  if getppid() != parent { exit(SignalExit.status(for: SIGTERM)) }
}
var limit = 50
if let index = arguments.firstIndex(of: "--limit"), index + 1 < arguments.count {
  limit = Int(arguments[index + 1]) ?? limit
  arguments.removeSubrange(index...(index + 1))
}
let specs = arguments.filter { $0 != "--json" }

if command == "xcard" {
  // An xCard document as vCard 4.0 text, for cpick, which does not link the XML
  // parser (`SyncHelper.xCardReader`). Exit status 1 with the reason when no card is read.
  guard let path = specs.first, let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("usage: cpick-sync xcard FILE\n".utf8))
    exit(2)
  }
  // Card by card: what is kept is the vCard text, not the cards (nor an XML tree).
  func vCardText(_ bytes: [UInt8]) -> (text: [UInt8], cards: Int, outcome: XCardReader.Outcome) {
    final class Text { var bytes: [UInt8] = [], cards = 0 }
    let text = Text()
    let outcome = XCardReader.read(bytes) { card in
      text.bytes += XCardReader.vCardBytes(card)
      text.cards += 1
    }
    return (text.bytes, text.cards, outcome)
  }
  let (text, cards, outcome) = vCardText(Array(data))
  // No card: the reason (where a document not well-formed broke is its last warning).
  if cards == 0, let warning = outcome.complete ? outcome.warnings.first : outcome.warnings.last {
    FileHandle.standardOutput.write(Data(((warning.line > 1 ? "line \(warning.line): " : "") + warning.message).utf8))
    exit(1)
  }
  // The cards, then the warnings (a value over its limit left out, the place where a
  // document that is not well-formed breaks) after a NUL, which no vCard text holds.
  FileHandle.standardOutput.write(Data(text + XCardHelperOutput.encoded(outcome.warnings)))
  exit(0)
}

guard ["sync", "push", "books", "search"].contains(command) else {
  FileHandle.standardError.write(Data("usage: cpick-sync sync|push|books|search [--json] [URL…]\n".utf8))
  exit(2)
}

let config = ConfigFile.load(environment: environment)

if command == "search" {
  guard let spec = specs.first else {
    FileHandle.standardError.write(Data("usage: cpick-sync search [--json] [--limit N] URL TERM…\n".utf8))
    exit(2)
  }
  let account = ServerAccount.forSource(spec, config: config)
  do {
    let found = try DirectorySync(account: account, environment: environment).search(Array(specs.dropFirst()), limit: limit)
    for card in found.cards {
      if json {
        emit(["event": "card", "account": account.name, "card": String(decoding: card, as: UTF8.self)], "")
      } else {
        FileHandle.standardOutput.write(Data(card))
      }
    }
    if found.truncated { emit(["event": "truncated", "account": account.name, "limit": limit], "") }
    exit(0)
  } catch {
    emit(["event": "error", "account": account.name, "message": error.description], "cpick search: \(v(error.description))", toStandardError: true)
    exit(2)
  }
}

var accounts: [ServerAccount] = []
let named = specs.isEmpty
  ? ServerAccount.all(in: config).map(\.url)
    + SourceResolver.defaultSources(environment: environment, stdinIsTerminal: true).filter(ServerAccount.isServerSpec)
  : specs
for spec in named {
  let account = ServerAccount.forSource(spec, config: config)
  if !accounts.contains(where: { $0.key == account.key }) { accounts.append(account) }
}

/// Text from a server or a config (names, messages) as it may reach a terminal: every
/// control character made visible.
func v(_ text: String) -> String { TerminalText.visible(text) }

/// Prints one report line: JSON for cpick, words for a person (`text`, its values
/// passed through `v`).
@MainActor func emit(_ object: [String: Any], _ text: String, toStandardError: Bool = false) {
  if json {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
  } else {
    let line = text + "\n"
    (toStandardError ? FileHandle.standardError : FileHandle.standardOutput).write(Data(line.utf8))
  }
}

var failed = false
// A key the config does not know is a typo that would otherwise be silent.
for section in config.accounts {
  for key in section.keys.keys.sorted() where !ServerAccount.knownKeys.contains(key) {
    FileHandle.standardError.write(Data("cpick \(command): config: [account \(v(section.name))]: unknown key '\(v(key))'\n".utf8))
  }
  if section.keys["url"] == nil {
    FileHandle.standardError.write(Data("cpick \(command): config: [account \(v(section.name))] has no url\n".utf8))
  }
}
if accounts.isEmpty {
  if !json {
    FileHandle.standardError.write(
      Data("cpick \(command): no server account: give an [account NAME] section of the config a url, or name a URL\n".utf8))
  }
  exit(2)
}
for account in accounts {
  if let refusal = ServerAccount.userInfoRefusal(account.url) {
    failed = true
    emit(["event": "error", "account": account.name, "message": refusal], "cpick \(command): \(v(refusal))", toStandardError: true)
    continue
  }
  if account.kind == .directory {
    if command == "books" {
      emit(["event": "book", "account": account.name, "url": account.url, "name": "directory"], "\(v(account.name))\tdirectory\t\(v(account.url))")
      continue
    }
    if command == "push" { continue }
    report(DirectorySync(account: account, environment: environment).run(), account)
    continue
  }
  let sync = AccountSync(account: account, environment: environment)
  if command == "books" {
    do {
      for book in try sync.discover() {
        emit(
          ["event": "book", "account": account.name, "url": book.url, "name": book.displayName ?? ""],
          "\(v(account.name))\t\(v(book.displayName ?? ""))\t\(v(book.url))")
      }
    } catch {
      failed = true
      emit(["event": "error", "account": account.name, "message": error.description], "cpick books: \(v(error.description))", toStandardError: true)
    }
    continue
  }
  report(sync.run(pushOnly: command == "push"), account)
}
exit(failed ? 2 : 0)

/// Prints what a sync did.
@MainActor func report(_ outcome: AccountSync.Outcome, _ account: ServerAccount) {
  for edit in outcome.edits {
    var object: [String: Any] = ["event": "edit", "id": edit.id, "result": edit.result, "folder": edit.folder, "file": edit.file]
    if let message = edit.message { object["message"] = message }
    let conflict = edit.result == "conflict"
    if conflict { failed = true }
    emit(
      object, v("\(account.name): \(edit.result) \(edit.file)" + (edit.message.map { ": " + $0 } ?? "")),
      toStandardError: conflict)
  }
  for book in outcome.books {
    emit(
      [
        "event": "synced", "account": account.name, "book": book.url, "name": book.name ?? "", "added": book.added,
        "changed": book.changed, "removed": book.removed,
      ],
      v("\(account.name) \(book.name ?? book.url): \(book.added) added, \(book.changed) changed, \(book.removed) removed"))
  }
  if let failure = outcome.failure {
    failed = true
    emit(["event": "error", "account": account.name, "message": failure.description], "cpick sync: \(v(failure.description))", toStandardError: true)
  }
}
