import ContactKit
import ContactPhotos
import Foundation
import Localization

/// The form's "photo" row: a file's path sets the card's photo (scaled to
/// `PhotoImage.cardSide` pixels, saved as JPEG, `PhotoImage.cardJPEG(from:)`), the row
/// emptied takes it off, `onCard` left as it is keeps it.
enum PhotoRow {
  /// The row's text for a card that has a photo.
  static var onCard: String { L10n.text("(on the card)") }

  /// What is wrong with `text` as a photo: no such file, not a JPEG, PNG or GIF; `nil`
  /// for a file that starts as one of them, an empty row, or `onCard`. Reads only the
  /// file's first bytes (it runs while typing).
  static func issue(_ text: String) -> String? {
    let path = self.path(text)
    if path.isEmpty || text == onCard { return nil }
    guard let handle = FileHandle(forReadingAtPath: path) else { return L10n.text("no such file") }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 8)).map { [UInt8]($0) } ?? []
    return PhotoImage.format(of: head) == nil ? L10n.text("not a JPEG, PNG or GIF") : nil
  }

  /// Sets or takes off the photo of `contact` as the row's `text` says; a file that
  /// cannot be read or decoded leaves the photo as it was.
  static func apply(_ text: String, to contact: inout Contact) {
    let path = self.path(text)
    if path.isEmpty {
      if contact.hasImage { contact.imageData = [] }
      contact.hasImage = false
      return
    }
    guard text != onCard, let data = FileManager.default.contents(atPath: path),
      let jpeg = try? PhotoImage.cardJPEG(from: [UInt8](data))
    else { return }
    contact.imageData = jpeg
    contact.hasImage = true
  }

  /// The path typed, `~/` expanded.
  private static func path(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    return trimmed.hasPrefix("~/") ? NSString(string: trimmed).expandingTildeInPath : trimmed
  }
}
