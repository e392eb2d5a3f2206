import Foundation

/// Comparison and printing of values decoded by `JSONSerialization` (the expected
/// values of `expectations.jsonl`, and `cpick`'s JSON output).
public enum ExpectedJSON {
  /// Structural equality: strings exactly, numbers by value, lists element by element.
  public static func equal(_ got: Any, _ expected: Any) -> Bool {
    if let a = got as? String, let b = expected as? String { return a == b }
    if let a = got as? Int, let b = expected as? NSNumber { return a == b.intValue && Double(a) == b.doubleValue }
    if let a = got as? NSNumber, let b = expected as? NSNumber, !(got is String) { return a == b }
    if let a = got as? [Any], let b = expected as? [Any] {
      return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
    }
    return false
  }

  /// A compact, JSON-like rendering for failure messages.
  public static func describe(_ value: Any) -> String {
    if let text = value as? String {
      let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        .replacingOccurrences(of: "\t", with: "\\t")
      return "\"\(escaped)\""
    }
    if let list = value as? [Any] { return "[" + list.map(describe).joined(separator: ", ") + "]" }
    if let object = value as? [String: Any] {
      return "{" + object.sorted { $0.key < $1.key }.map { "\($0.key): \(describe($0.value))" }
        .joined(separator: ", ") + "}"
    }
    return "\(value)"
  }
}
