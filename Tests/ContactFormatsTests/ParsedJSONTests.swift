import Foundation
import Testing

@testable import ContactFormats

/// The JSON parser of the jCard and JSON-lines readers (`ParsedJSON`) against what `JSONSerialization` — the
/// parser it replaced — says of the same documents.
@Suite("The JSON parser of the jCard and JSON-lines readers")
struct ParsedJSONTests {
  func parse(_ text: String) -> ParsedJSON? {
    let bytes = Array(text.utf8)
    return ParsedJSON.parse(bytes, 0..<bytes.count)
  }

  @Test(
    "valid and broken documents are told apart as JSONSerialization tells them",
    arguments: [
      "[]", "{}", " [1, 2.5, -0.5e3, true, false, null] ", #"{"a": [{"b": "c"}], "d": ""}"#, #"["\"\\\/\b\f\n\r\t\u00e9"]"#,
      "[1,]", "[01]", "[1 2]", #"{"a" 1}"#, #"{"a": 1,}"#, #"["unterminated]"#, "[\"a\u{01}b\"]", "[tru]", "[-]", "[1.]",
      "[1e]", #"["\x"]"#, "[", "]", "[] x", #"{1: 2}"#,
    ])
  func validity(text: String) {
    let foundation = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
    #expect((parse(text) != nil) == foundation, "\(text)")
  }

  @Test("strings decode their escapes, surrogate pairs included; a lone surrogate is U+FFFD")
  func strings() throws {
    let value = try #require(parse(#"["a\"b\\c\nd", "\u00e9\u4e2d", "\ud83d\ude00", "\ud800x", "plain é"]"#)?.array)
    #expect(value.map(\.string) == ["a\"b\\c\nd", "é中", "😀", "\u{FFFD}x", "plain é"])
  }

  @Test("numbers and null as text are what JSONSerialization's objects write, as the jCard reader read them before")
  func texts() throws {
    let document = "[42, -7, 1.5, 1e3, 0.25, -0.5e-2, 12345678901234, null]"
    let value = try #require(parse(document)?.array)
    let foundation = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [Any])
    let before = foundation.map { ($0 as? NSNumber)?.stringValue ?? String(describing: $0) }
    #expect(value.map(\.text) == before)
    #expect(value.map(\.text).prefix(3) == ["42", "-7", "1.5"])
  }

  @Test("booleans as text are true and false (JSONSerialization's NSNumber wrote 1 and 0)")
  func booleans() throws {
    #expect(try #require(parse("[true, false]")?.array).map(\.text) == ["true", "false"])
  }

  @Test("an object's key written twice gives the last value")
  func duplicateKeys() throws {
    let members = try #require(parse(#"{"type": "home", "type": "work"}"#)?.members)
    #expect(members["type"]?.string == "work")
  }

  @Test("a member found in place is the last of its key; objects only of arrays all objects; integers as NSNumber.intValue")
  func lookups() throws {
    let object = try #require(parse(#"{"value": "a", "label": "work", "value": "b"}"#))
    #expect(object.member("value")?.string == "b")
    #expect(object.member("label")?.string == "work")
    #expect(object.member("identifier") == nil)
    #expect(try #require(parse(#"["x"]"#)).member("x") == nil)
    #expect(try #require(parse(#"[{"a": 1}, {}]"#)).objects?.count == 2)
    #expect(try #require(parse(#"[{"a": 1}, "b"]"#)).objects == nil)
    #expect(try #require(parse(#"{"a": 1}"#)).objects == nil)
    let numbers = try #require(parse("[3, -2, 1.9, -1.9, 2e1, true, false, 1e300, \"4\", null]")?.array)
    let foundation = try #require(
      try JSONSerialization.jsonObject(with: Data("[3, -2, 1.9, -1.9, 2e1, true, false]".utf8)) as? [NSNumber])
    #expect(numbers.prefix(7).map(\.integer) == foundation.map(\.intValue))
    #expect(numbers.map(\.integer) == [3, -2, 1, -1, 20, 1, 0, nil, nil, nil])
  }

  @Test("nesting deeper than the limit is refused, not a crash; shallower nesting is read")
  func depth() {
    let limit = ParsedJSON.depthLimit
    #expect(parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) != nil)
    #expect(parse(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)) == nil)
  }
}
