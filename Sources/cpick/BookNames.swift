import AddressBook
import ContactKit
import ContactStores
import Foundation
import ServerBooks

extension CPick {
  /// The name of each contact's book, for the picker's rows when it shows several
  /// books (nil for one): a vdir's or file's last path part (without `.vcf`), a server
  /// book's name on the server (or its folder in the local copy; the account's name
  /// for a book not synced before this run); found by the path each contact was read
  /// from.
  static func bookNames(_ sources: [String], environment: [String: String]) -> (@Sendable (Contact) -> String?)? {
    var places: [(prefix: String, exact: Bool, name: String)] = []
    let servers = Dictionary(
      ServerAccount.servers(in: sources, environment: environment).map { ($0.spec, $0.account) }, uniquingKeysWith: { a, _ in a })
    for spec in sources where spec != "-" {
      if let account = servers[spec] {
        let paths = MirrorPaths(account: account, environment: environment)
        for book in AccountState.read(paths.accountState).books {
          places.append((paths.book(book.folder) + "/", false, book.name.flatMap { $0.isEmpty ? nil : $0 } ?? book.folder))
        }
        // Books first found by this run's sync: the account's name.
        places.append((paths.root + "/", false, account.name))
        continue
      }
      var isDirectory: ObjCBool = false
      let trimmed = spec.hasSuffix("/") && spec.count > 1 ? String(spec.dropLast()) : spec
      let last = (trimmed as NSString).lastPathComponent
      if FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory), isDirectory.boolValue {
        places.append((trimmed + "/", false, last))
      } else {
        places.append((spec, true, (last as NSString).deletingPathExtension))
      }
    }
    guard Set(places.map(\.prefix)).count > 1 else { return nil }
    let found = places
    return { contact in
      found.first { $0.exact ? contact.source == $0.prefix : contact.source.hasPrefix($0.prefix) }?.name
    }
  }
}
