// cpick-bench: how long loading, the first frame and each keystroke take on a real
// address book. Numbers, not assertions: run it, put the numbers in the README
// (`compare.sh` beside this file runs it together with fzf, fzy, abook and khard).
//
//   swift build -c release --static-swift-stdlib --no-color-diagnostics --product cpick-bench
//   .build/release/cpick-bench [--summary] [--cache FILE] BOOK.vcf|VDIR [QUERY…]
//
// Each keystroke is measured as the picker does it: the key is applied to the
// state (search, refining the previous matches) and a 40×120 frame is rendered; in a
// list of 20,000 contacts or more the search is deferred as the picker defers it to
// its worker, and the echo (the frame with the key) is timed apart.
// Every query of the script is typed key by key and then erased with backspaces;
// p50 and p99 are over all those keystrokes (typed and erased) together.
//
// Reported besides: time from the start of the process to the first frame (load,
// sort, index, render: the list the user sees with every contact in it), and peak
// resident memory (VmHWM of /proc/self/status). `--cache FILE` loads through the
// on-disk index at FILE (`ContactListLoader`): the first run fills it (cold), the
// next ones read it (warm); without it every run reads and indexes the book.
// `--summary` prints one line of `key=value` pairs at the end for scripts.
import AddressBook
import ContactKit
import ContactPicker
import ContactStores
import CpickSupport
import Foundation
import Matching
import TerminalKit
import VCard

let processStart = DispatchTime.now().uptimeNanoseconds

func milliseconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func format(_ value: Double) -> String { String(format: "%8.2f ms", value) }

/// Nearest-rank percentile of `values` (0 < p ≤ 100).
func percentile(_ values: [Double], _ p: Double) -> Double {
  guard !values.isEmpty else { return 0 }
  let sorted = values.sorted()
  let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
  return sorted[min(max(rank, 1), sorted.count) - 1]
}

/// Peak resident set size in MB, from VmHWM in /proc/self/status (Linux); nil elsewhere.
func peakResidentMB() -> Double? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first
    return kilobytes.map { $0 / 1024 }
  }
  return nil
}

/// The scripted queries: what people type to find someone — names, partial names,
/// accents left out, pinyin, initials, Cyrillic by its Latin form, phone digits,
/// email local parts and domains, organizations, two terms in any order.
let script = [
  "maria", "ada lovelace", "jose martinez", "smith john", "wang", "wxm", "zhang wei",
  "lukasz", "siobhan", "kozlova", "0170", "0170 555", "555 01", "+49", "gmail",
  "example.com", "brightwater", "mikkel", "tanaka", "al-zahrani",
]

var arguments = Array(CommandLine.arguments.dropFirst())
var summary = false
var cachePath: String? = nil
while let first = arguments.first, first.hasPrefix("--") {
  arguments.removeFirst()
  if first == "--summary" { summary = true }
  if first == "--cache", !arguments.isEmpty { cachePath = arguments.removeFirst() }
}
guard let path = arguments.first else {
  try? FileHandle.standardError.write(contentsOf: Data("usage: cpick-bench [--summary] [--cache FILE] BOOK.vcf|VDIR [QUERY…]\n".utf8))
  exit(2)
}
let queries = arguments.count > 1 ? Array(arguments.dropFirst()) : script

// What the user waits for: load (through the index when there is one), sort +
// index, first frame — in that order, timed from the process start.
var book: ContactBook!
// With the index, the picker shows the list stored there while the files behind it are
// checked: when that comes first, its frame is what the user sees first.
let previewFrame = Locked<Double?>(nil)
let loadTime = milliseconds {
  do {
    book = try ContactListLoader(sources: [path], cachePath: cachePath).load(preview: { stored in
      var state = PeoplePickerState(list: stored)
      state.pageSize = 39
      _ = PeoplePickerView.render(state, rows: 40, columns: 120, color: true)
      let now = Double(DispatchTime.now().uptimeNanoseconds - processStart) / 1_000_000
      previewFrame.withLock { $0 = now }
    })
  } catch {
    try? FileHandle.standardError.write(contentsOf: Data("cpick-bench: \(error)\n".utf8))
    exit(1)
  }
}
let list: ContactList = book.list
var state = PeoplePickerState(list: list)
state.pageSize = 39
var frame = Frame(rows: 0, columns: 0)
let firstFrame = milliseconds { frame = PeoplePickerView.render(state, rows: 40, columns: 120, color: true) }
let startToCheckedFrame = Double(DispatchTime.now().uptimeNanoseconds - processStart) / 1_000_000
let startToFirstFrame = previewFrame.withLock { $0 } ?? startToCheckedFrame

print("contacts:              \(list.contacts.count) (\(book.warnings.count) warnings)")
print("load, sort + index:    \(format(loadTime)) (index: \(cachePath ?? "none"))")
print("first frame (render):  \(format(firstFrame))")
print("start to first frame:  \(format(startToFirstFrame))")
print("start to checked list: \(format(startToCheckedFrame)) (the files behind the index examined)")

// Where loading goes, for a single file (parsed again, outside the timings above).
if !summary, cachePath == nil, let data = FileManager.default.contents(atPath: path) {
  let load = ContactLoad(contacts: Array(list.contacts))
  let bytes = [UInt8](data)
  var parsed = VCardReader.read([])
  let parseTime = milliseconds { parsed = VCardReader.read(bytes) }
  var mapped: [Contact] = []
  let mapTime = milliseconds {
    mapped = parsed.cards.map { ContactDecoder.contact(from: $0, source: path) }
  }
  print("  of which syntax:     \(format(parseTime)) (\(parsed.cards.count) cards)")
  print("  of which mapping:    \(format(mapTime)) (\(mapped.count) contacts)")
  var keys = ContactFormatter.SortKeys(order: .family)
  var sortKeys: [String] = []
  let keyTime = milliseconds { sortKeys = load.contacts.map { keys.key(for: $0) } }
  let sortTime = milliseconds { sortKeys.sort() }
  let nameTime = milliseconds { _ = load.contacts.map(\.displayName) }
  let widthTime = milliseconds { _ = load.contacts.reduce(0) { $0 + TerminalText.width($1.displayName) } }
  let indexTime = milliseconds { _ = ContactIndex(load.contacts) }
  print("  sort keys \(format(keyTime)), sort \(format(sortTime)), names \(format(nameTime)), widths \(format(widthTime)), index \(format(indexTime))")
}

// A large list is searched the way the picker does it (`backgroundSearchThreshold`):
// the key is applied and the frame drawn at once with the previous rows (the echo),
// then the search runs and its rows are drawn. Both are timed; "keystroke" is the
// sum — the time until the rows for the key are on screen.
let defers = list.contacts.count >= PeoplePickerController.defaultBackgroundSearchThreshold
// The picker's search worker prepares the index while the list is read (field masks,
// 35–100 ms for a million contacts); a user reads the list before the first key.
if defers { list.index.prepareForSearch() }
var allKeys: [Double] = []
var echoes: [Double] = []
var worst: (query: String, prefix: String, time: Double) = ("", "", 0)
/// Applies `key`; returns the milliseconds to the echo and to the rows.
@MainActor func press(_ key: KeyEvent, _ state: inout PeoplePickerState) -> (echo: Double, rows: Double) {
  let echo = milliseconds {
    _ = state.handle(key)
    frame = PeoplePickerView.render(state, rows: 40, columns: 120, color: true)
  }
  guard let search = state.pendingSearch else { return (echo, echo) }
  let rows = milliseconds {
    _ = state.apply(search.run(on: list.index), for: search)
    frame = PeoplePickerView.render(state, rows: 40, columns: 120, color: true)
  }
  return (echo, echo + rows)
}
for query in queries {
  var state = PeoplePickerState(list: list)
  state.pageSize = 39
  state.defersSearch = defers
  var times: [Double] = []
  var typedSoFar = ""
  for character in query {
    typedSoFar.append(character)
    let (echo, time) = press(.character(character), &state)
    echoes.append(echo)
    times.append(time)
    if time > worst.time { worst = (query, typedSoFar, time) }
  }
  let matches = state.matchCount
  var clear: [Double] = []
  for _ in query {
    let (echo, time) = press(.backspace, &state)
    echoes.append(echo)
    clear.append(time)
    if time > worst.time { worst = (query, "⌫ " + typedSoFar, time) }
    typedSoFar.removeLast()
  }
  allKeys += times + clear
  if !summary {
    let typed = times.map { String(format: "%.2f", $0) }.joined(separator: " ")
    print(
      "typing \(String(reflecting: query)): max \(format(times.max() ?? 0)) per key [\(typed)]; "
        + "backspace max \(format(clear.max() ?? 0)); matches \(matches)")
  }
}
_ = frame

let p50 = percentile(allKeys, 50)
let p99 = percentile(allKeys, 99)
let echoP99 = percentile(echoes, 99)
let peak = peakResidentMB() ?? 0
print("keystrokes:            \(allKeys.count) over \(queries.count) queries (typed, then erased)")
print("keystroke p50:         \(format(p50))")
print("keystroke p99:         \(format(p99))")
print("echo p99:              \(format(echoP99)) (\(defers ? "rows follow from the search worker" : "rows drawn with the key"))")
print("keystroke max:         \(format(worst.time)) (\(String(reflecting: worst.prefix)) in \(String(reflecting: worst.query)))")
print(String(format: "peak memory (VmHWM):   %8.0f MB", peak))
if summary {
  print(
    String(
      format:
        "SUMMARY contacts=%d load_ms=%.1f first_frame_ms=%.1f checked_ms=%.1f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f echo_p99_ms=%.2f rss_mb=%.0f",
      list.contacts.count, loadTime, startToFirstFrame, startToCheckedFrame, p50, p99, worst.time, echoP99, peak))
}
