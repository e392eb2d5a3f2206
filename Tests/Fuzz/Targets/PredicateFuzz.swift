// libFuzzer target: the predicate parser (`ContactPredicate(format:kind:)`), and each
// predicate that parses evaluated on a person and on a property object (MATCHES under
// its step budget: an error is fine, a hang is not). And the automaton an OR of
// CONTAINS terms becomes (`PredicateWords`) against each term's search: the input's
// first line is the words (separated by `|`), the rest the text.
@testable import ContactFormats

let person = JSONValue.object([
  ("identifier", .string("a")), ("displayName", .string("Ada Lovelace")), ("givenName", .string("Ada")),
  ("familyName", .string("Lovelace")), ("note", .string("first programmer")), ("hasImage", .bool(true)),
  ("groups", .array([.string("Family")])),
  ("emailAddresses", .array([.object([("label", .string("work")), ("value", .string("ada@example.org"))])])),
  ("postalAddresses", .array([.object([("label", .string("home")), ("value", .object([("city", .string("London"))]))])])),
])
let property = JSONValue.object([
  ("key", .string("emailAddresses")), ("label", .string("work")), ("value", .string("ada@example.org")),
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let format = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for (kind, value) in [(ContactPredicate.Kind.contact, person), (.property, property)] {
    guard let predicate = try? ContactPredicate(format: format, kind: kind) else { continue }
    _ = try? predicate.evaluate(value)
  }
  let lines = format.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  if lines.count == 2 {
    let words = lines[0].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let text = Array(lines[1])
    let each = words.contains { PredicateEvaluator.contains(text, Array($0)) }
    if PredicateWords(words).occurs(in: text) != each {
      fatalError("PredicateWords \(words) on \(lines[1]): \(!each), each word alone: \(each)")
    }
  }
  return 0
}
