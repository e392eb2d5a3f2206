import Foundation

let status = CPick.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
fflush(nil)
exit(status.rawValue)
