/// Which file a name leads to, whatever the name: its device and inode (`st_dev`,
/// `st_ino`), as `stat(2)` gives them after following symbolic links.
///
/// Two names with one identity are one file: a symbolic link and its target, two
/// hard links, a folder and a link to it. A vdir listing reads each folder once by
/// it, and leaves out a linked card file whose file the book already has
/// (`VdirListing`).
package struct FileIdentity: Hashable, Sendable {
  /// The device number of the file system (`st_dev`).
  package var device: UInt64
  /// The inode number (`st_ino`).
  package var inode: UInt64
}

extension FileIdentity {
  /// The identity of a file whose status has been read.
  init(_ status: FileStatus) {
    self.init(device: status.device, inode: status.inode)
  }
}

extension FileSignature {
  /// The file this is a version of; `nil` for `unknown` (a file listed but not examined).
  package var identity: FileIdentity? {
    isUnknown ? nil : FileIdentity(device: device, inode: inode)
  }
}
