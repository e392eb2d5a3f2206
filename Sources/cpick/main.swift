import Foundation

StandardOutput.ignoreBrokenPipe()
let status = CPick.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
StandardOutput.flush()
exit(status.rawValue)
