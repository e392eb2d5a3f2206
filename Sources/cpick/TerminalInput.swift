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
}
