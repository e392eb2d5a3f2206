import ContactKit
import ContactStores
import Localization
import ServerBooks

/// Edits saved on this computer but not yet on their server (a CardDAV book's edit
/// queued because the server could not be reached): said on the card after the save
/// (`ContactEditing.saveNotice`), and on stderr when cpick ends, so that neither a
/// user nor a script takes the edit for sent. `cpick sync` (or the picker's next
/// background sync) sends them.
@MainActor
enum UnsentEdits {
  /// Why each unsent edit of this run waits, naming its server, in the order met
  /// (each once).
  private(set) static var lines: [String] = []
  /// The forms of the notice for the last save, not yet taken by the card.
  private static var pending: [String]?

  /// Runs `request` on `store`, noting the edits a server book could not send.
  static func execute(_ request: SaveRequest, on store: any ContactStore) throws(ContactStoreError) -> [Contact] {
    guard let server = store as? CardDAVStore else { return try store.execute(request) }
    var unsent: [String] = []
    let saved = try server.execute(request, unsent: &unsent)
    guard let first = unsent.first else { return saved }
    for why in unsent {
      let line = server.account.url + ": " + why
      if !lines.contains(line) { lines.append(line) }
    }
    pending = [first, L10n.text("saved here, not yet on the server")]
    return saved
  }

  /// The notice of the last save's unsent edits, longest form first, once; nil when
  /// it sent everything.
  static func takeNotice() -> [String]? {
    defer { pending = nil }
    return pending
  }
}
