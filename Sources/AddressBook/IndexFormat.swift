import ContactFormats

/// The one version of everything cpick keeps in its index folder
/// (`$XDG_CACHE_HOME/cpick/`): the contacts in `index.sqlite` (`ContactArchive`), each
/// file's list segment beside them (`SegmentArchive`: sort keys, names, groups and
/// the search index's stored fields, `IndexEntries`), and the stored lists
/// (`ListFile`: a view's `ListSnapshot` and the JSON of every contact,
/// `ContactRenderings`).
///
/// An index or list file written with another version is not read: the index is
/// emptied at open (`IndexCache`'s `payload_version`) and a list file is rebuilt (its
/// header). So a warm start never shows what an older cpick stored.
package enum IndexFormat {
  /// Raise by one whenever anything stored changes shape or meaning: the layout of
  /// `ContactArchive`, `SegmentArchive`, `ListSnapshot`, `ListFile` or
  /// `ContactRenderings`, or what the index builder derives and stores (sort keys,
  /// folded and transliterated forms, phone-number forms), or how values are decoded
  /// (an undeclared charset guessed otherwise).
  package static let layoutRevision = 48

  /// The version written into `index.sqlite` and every list file's header: the layout
  /// revision and the person JSON's schema (`PersonJSON.schemaVersion`), so that a
  /// change of the JSON alone also retires every stored list.
  package static let version = layoutRevision * 1_000 + PersonJSON.schemaVersion
}
