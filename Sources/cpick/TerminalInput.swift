import Foundation
import Localization

/// What reads standard input and must not wait on a terminal: `--from-message`,
/// `--vcard -` and `-s -` read a message or cards to their end, which a terminal only
/// gives after Ctrl-D; the user would see a blank screen and not know why. Each is
/// refused at once instead, saying what it wants and how to give it.
enum TerminalInput {
  /// The message for `options` when standard input is a terminal and something reads
  /// it to its end; nil otherwise.
  static func refusal(_ options: Options, stdinIsTerminal: Bool = isatty(STDIN_FILENO) == 1) -> String? {
    guard stdinIsTerminal else { return nil }
    if options.fromMessage {
      return L10n.text(
        "--from-message reads a mail message on standard input, which is a terminal: pipe one in "
          + "(cpick unknown --from-message < mail.eml; neomutt: <pipe-message>, aerc: :pipe)")
    }
    if options.vcard == "-" {
      return L10n.text(
        "--vcard - reads a card on standard input, which is a terminal: pipe one in "
          + "(cpick new --vcard - < card.vcf) or give its file (--vcard card.vcf)")
    }
    if options.sources.contains("-") {
      return L10n.text(
        "-s - reads cards on standard input, which is a terminal: pipe them in "
          + "(cpick -s - < book.vcf) or give the file (-s book.vcf)")
    }
    return nil
  }

  /// The message for a source or `--vcard` path that is a terminal (`/dev/stdin` on
  /// one, `/dev/tty`), which would be read to its end as `-s -` would; nil when none is.
  static func terminalPathRefusal(_ options: Options) -> String? {
    for path in options.sources + [options.vcard].compactMap({ $0 }) where path != "-" && isTerminal(path) {
      return L10n.format(
        "%s is a terminal: it would be read until Ctrl-D; give a file, or - with what it reads piped in",
        path)
    }
    return nil
  }

  /// Whether `path` names a terminal device, told by its device numbers alone (Linux's
  /// terminal majors: 4 for the consoles and serial lines, 5 for `/dev/tty`, 136–143
  /// for pseudo-terminals): never opened, since opening some devices does something
  /// (a serial line raises DTR, which resets many boards).
  static func isTerminal(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return false }
    // glibc's `major()`: bits 8–19 and 32–43 of the device number.
    let device = UInt64(status.st_rdev)
    let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~UInt64(0xFFF))
    return major == 4 || major == 5 || (136...143).contains(major)
  }
}
