/// A file's row in the index, written after its contacts were read
/// (`IndexFileWriter.finish`, its payload encoded then): a cold `.vcf` file's row is
/// encoded and committed on another core while the list is built from its segments
/// (a million contacts: about 1.5 s of each, one after the other before), when the
/// load waits for its store (`cpick query`, `cpick list`; a picker's row is committed
/// before its list is shown: it may end before a background store is done).
///
/// Its cards are already committed (as an orphan version, `IndexFileWriter`), so its
/// contacts can be read before the row is; until the row is committed no list file
/// refers to them (`StoredView.store` writes the list file after it, and not at all
/// when it fails: the next run reads the file again).
struct PendingRow: Sendable {
  /// Encodes the row and commits it; false when it was not committed.
  let commit: @Sendable () -> Bool
}
