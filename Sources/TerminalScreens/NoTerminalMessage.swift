import Localization
import TerminalKit

extension TerminalError {
  /// The message of a `/dev/tty` that cannot be opened (`reason`: the C library's
  /// text for `errno`), with what works without a terminal.
  static func cannotOpenTTY(_ reason: String) -> String {
    L10n.format("cannot open /dev/tty: %s (the picker and forms need a terminal; cpick query and cpick list do not)", reason)
  }
}
