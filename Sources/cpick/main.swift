import ContactStores
import CpickSupport
import Foundation
import ServerBooks
import VCard
import TerminalScreens

// A closed stdin, stdout or stderr would be taken by the next file cpick opens.
StandardStreams.openMissing()
StandardOutput.ignoreBrokenPipe()
// SIGTERM, SIGHUP, SIGINT: temp files removed, terminal restored, a helper still
// running (cpick-sync) stopped, exit 128 + signal. Before any screen is opened, so that
// ncurses installs no handlers of its own.
SignalExit.install {
  TempFileRegistry.shared.removeAllAndClose()
  TerminalRestoration.shared.restoreAndClose()
  ChildProcess.stopAll()
}
// xCard sources are read by the helper, so that cpick never loads libxml2 (XCardInput).
XCardInput.install(SyncHelper(environment: ProcessInfo.processInfo.environment).xCardReader())
let completion = CPick.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
StandardOutput.flush()
// A file still being written on another thread (the picker's list file, stored in the
// background while it was shown) is not finished by `exit`: its temp file goes, as on
// a signal, rather than stay in the index folder.
TempFileRegistry.shared.removeAllAndClose()
// Edits saved here but not on their server: said once the terminal is given back.
for line in UnsentEdits.lines { CPick.printError("cpick: " + line) }
if let message = StandardOutput.failureMessage {
  // A full disk or `> /dev/full`: the answer is lost; or cut short by cpick
  // (`StandardOutput.abandon`).
  CPick.printError(message)
  exit(ExitCode.error.rawValue)
}
// Ends here, what was read still held: freeing 100,000 contacts and their index takes
// longer than printing the answer, and the process ends anyway.
withExtendedLifetime(completion.retained) { exit(completion.status.rawValue) }
