// libFuzzer target: another program's book (an abook book, a mutt alias file, an LDIF
// file, a CSV export: `ReadOnlyFormat`) read part by part — in parts of one byte and
// of 97 — against the same book read whole: the same contacts, their first lines and
// the same warnings, or a trap (any bytes; what is no such book is read as a CSV
// export named `.csv`, whose reader takes any text).
import ContactKit
@testable import ContactStores

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let format = ReadOnlyFormat(bytes, name: "fuzz") ?? ReadOnlyFormat(bytes, name: "fuzz.csv") else { return 0 }
  let whole = format.read(bytes, source: "fuzz")
  for partSize in [1, 97] {
    var contacts: [Contact] = []
    var warnings: [String] = []
    format.read(bytes, source: "fuzz", inPartsOf: partSize) { part, partWarnings in
      contacts += part
      warnings += partWarnings
    }
    precondition(contacts == whole.contacts, "\(format): parts of \(partSize) bytes give other contacts")
    precondition(
      contacts.map { $0.sourceRecord?.firstLine } == whole.contacts.map { $0.sourceRecord?.firstLine },
      "\(format): parts of \(partSize) bytes give other lines")
    precondition(warnings == whole.warnings, "\(format): parts of \(partSize) bytes give other warnings")
  }
  return 0
}
