import ContactKit
import ContactStores

/// What a load writes to the list file of its view (`ListFile`): the snapshot of the
/// list it built and the person JSON of its contacts — copied from the previous file
/// for contacts whose stored card did not change (same file version and position,
/// no groups from group cards), rendered for the others.
struct ListFileUpdate: Sendable {
  /// The loader's view key, the file's path and the index's `identity()`.
  var view: String
  var path: String
  var identity: Int64
  /// The list built, and where each of its contacts is stored.
  var list: ContactList
  var origins: [ContactOrigin]
  /// Groups given by group cards in other files, by position.
  var outsideGroups: [Int: [String]]
  /// The files the list was built from.
  var digest: FilesDigest
  var warnings: [String]
  var groupCards: [ContactLoad.GroupCard]
  /// The file read at the start of the load, when there was one.
  var previous: (contents: ListSnapshot.Contents, renderings: ContactRenderings)?

  /// The person JSON of every contact of `list`, in the list's name order.
  ///
  /// - Complexity: O(n) copies; a rendering (about a µs) for each contact not in the
  ///   previous file, plus its decoding when it comes from the index.
  func renderings() -> ContactRenderings {
    var reusable: [ContactOrigin: Int] = [:]
    if let previous {
      let outside = previous.contents.list.contacts.outsideGroups
      reusable.reserveCapacity(previous.contents.origins.count)
      for (position, origin) in previous.contents.origins.enumerated() where outside[position] == nil {
        reusable[origin] = position
      }
    }
    let previousRenderings = previous?.renderings
    return ContactRenderings.render(count: list.contacts.count) { [list, origins, outsideGroups, reusable] position, out in
      if outsideGroups[position] == nil, let old = reusable[origins[position]],
        let json = previousRenderings?.json(at: old)
      {
        out.append(contentsOf: json)
      } else {
        PersonJSON.writePerson(list.contacts[position], nameOrder: list.nameOrder, to: &out)
      }
    }
  }

  /// Writes the list file with `renderings` (best effort).
  func write(_ renderings: ContactRenderings) {
    let snapshot = ListSnapshot.encode(
      list: list, origins: origins, outsideGroups: outsideGroups, digest: digest, warnings: warnings,
      groupCards: groupCards)
    ListFile.write(view: view, identity: identity, snapshot: snapshot, renderings: renderings, to: path)
  }
}
