import ContactStores
import Foundation
import TerminalScreens

StandardOutput.ignoreBrokenPipe()
// SIGTERM, SIGHUP, SIGINT: temp files removed, terminal restored, exit 128 + signal.
// Before any screen is opened, so that ncurses installs no handlers of its own.
SignalExit.install { TempFileRegistry.shared.removeAllAndClose() }
let status = CPick.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
StandardOutput.flush()
exit(status.rawValue)
