import ContactStores
import CpickSupport
import Foundation
import Glibc
import VCard
import Localization

extension SyncHelper {
  /// An xCard reader for `XCardInput.install` that has the helper read the document
  /// (`cpick-sync xcard FILE`, through Foundation's XML parser, which `cpick-sync`
  /// links already) and reads the vCard 4.0 text it prints. `cpick` itself never
  /// links libxml2, so its start is not slowed by it; an xCard source costs one
  /// helper run (about 16 ms) instead.
  ///
  /// The document is handed over in a temp file (mode 0600, removed after the run,
  /// and by `TempFileRegistry` on a signal). When the helper cannot be found or run,
  /// or does not read the document, the result is no cards and a warning that says why.
  public func xCardReader() -> XCardInput.Reader {
    { bytes in readXCard(bytes) }
  }

  func readXCard(_ bytes: [UInt8]) -> VCardParseResult {
    func failure(_ message: String) -> VCardParseResult {
      VCardParseResult(cards: [], warnings: [VCardWarning(line: 1, message: message)])
    }
    guard let path = executable() else { return failure(L10n.deferred("an xCard (XML) document, read by cpick-sync, which is not found")) }
    let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let file = folder + "/cpick-xcard-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).xml"
    do throws(SystemError) {
      let descriptor = try TempFileRegistry.shared.create(file, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
      defer { _ = try? descriptor.close() }
      try descriptor.writeAll(bytes)
    } catch {
      unlink(file)
      TempFileRegistry.shared.forget(file)
      return failure(L10n.deferredFormat("an xCard (XML) document that cannot be handed to cpick-sync: %s", "\(error)"))
    }
    defer {
      unlink(file)
      TempFileRegistry.shared.forget(file)
    }
    guard let run = ChildProcess.run(path, ["xcard", file], environment: environment, timeout: 120) else {
      return failure(L10n.deferredFormat("an xCard (XML) document, and %s cannot be run", path))
    }
    guard run.exitCode == 0, run.inTime else {
      let said = String(decoding: run.output.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return failure(said.isEmpty ? L10n.deferred("cpick-sync did not read the xCard (XML) document") : said)
    }
    let (text, warnings) = XCardHelperOutput.decoded(run.output)
    var result = VCardReader.read(text)
    result.warnings = warnings + result.warnings
    return result
  }
}
