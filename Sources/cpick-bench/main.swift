// cpick-bench: how long loading, the first frame and each keystroke take on a real
// address book. Numbers, not assertions: run it, put the numbers in the README.
//
//   swift run -c release cpick-bench BOOK.vcf|VDIR [QUERY…]
//
// Each keystroke is measured as the picker does it: the key is applied to the
// state (search, refining the previous matches) and a 40×120 frame is rendered.
import ContactKit
import ContactPicker
import ContactStores
import Foundation
import TerminalKit
import VCard
import Matching

func milliseconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func format(_ value: Double) -> String { String(format: "%8.2f ms", value) }

let arguments = Array(CommandLine.arguments.dropFirst())
guard let path = arguments.first else {
  FileHandle.standardError.write(Data("usage: cpick-bench BOOK.vcf|VDIR [QUERY…]\n".utf8))
  exit(2)
}
let queries = arguments.count > 1 ? Array(arguments.dropFirst()) : ["ada lovelace", "maria", "0170 555", "wang", "gmail"]

if let data = FileManager.default.contents(atPath: path) {
  let bytes = [UInt8](data)
  var parsed = VCardReader.read([])
  let parseTime = milliseconds { parsed = VCardReader.read(bytes) }
  var mapped: [Contact] = []
  let mapTime = milliseconds {
    mapped = parsed.cards.map { ContactDecoder.contact(from: $0, source: path) }
  }
  print("  of which syntax:     \(format(parseTime)) (\(parsed.cards.count) cards)")
  print("  of which mapping:    \(format(mapTime)) (\(mapped.count) contacts)")
}

var load = ContactLoad()
let loadTime = milliseconds {
  load = (try? SourceResolver.store(for: path).load()) ?? ContactLoad()
}
do {
  var keys = ContactFormatter.SortKeys(order: .family)
  var sortKeys: [String] = []
  let keyTime = milliseconds { sortKeys = load.contacts.map { keys.key(for: $0) } }
  let sortTime = milliseconds { sortKeys.sort() }
  let nameTime = milliseconds { _ = load.contacts.map(\.displayName) }
  let widthTime = milliseconds { _ = load.contacts.reduce(0) { $0 + TerminalText.width($1.displayName) } }
  let indexTime = milliseconds { _ = ContactIndex(load.contacts) }
  print("  sort keys \(format(keyTime)), sort \(format(sortTime)), names \(format(nameTime)), widths \(format(widthTime)), index \(format(indexTime))")
}
var list: ContactList!
let listTime = milliseconds { list = ContactList(load.contacts) }
print("contacts:              \(load.contacts.count) (\(load.warnings.count) warnings)")
print("read + parse + map:    \(format(loadTime))")
print("sort + index:          \(format(listTime))")

var state = PeoplePickerState(list: list)
state.pageSize = 39
var frame = Frame(rows: 0, columns: 0)
let firstFrame = milliseconds { frame = PeoplePickerView.render(state, rows: 40, columns: 120, color: true) }
print("first frame:           \(format(firstFrame))")

for query in queries {
  var state = PeoplePickerState(list: list)
  state.pageSize = 39
  var times: [Double] = []
  for character in query {
    times.append(
      milliseconds {
        _ = state.handle(.character(character))
        frame = PeoplePickerView.render(state, rows: 40, columns: 120, color: true)
      })
  }
  var clear: [Double] = []
  for _ in query {
    clear.append(
      milliseconds {
        _ = state.handle(.backspace)
        frame = PeoplePickerView.render(state, rows: 40, columns: 120, color: true)
      })
  }
  let typed = times.map { String(format: "%.2f", $0) }.joined(separator: " ")
  print(
    "typing \(String(reflecting: query)): max \(format(times.max() ?? 0)) per key [\(typed)]; "
      + "backspace max \(format(clear.max() ?? 0)); matches \(PeoplePickerState(list: list, query: query).matchCount)")
}
_ = frame
