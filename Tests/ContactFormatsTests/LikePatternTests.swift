@testable import ContactFormats
import Testing

/// `LIKE`'s patterns without inner wildcards (`*lit*`, `lit*`, `*lit`, `lit`) are matched
/// as what they are; every pattern matches as a plain recursive reading of `*`, `?`, `\`.
@Suite struct LikePatternTests {
  /// The reading of a pattern, recursively: the reference the matcher is held to.
  static func reference(_ text: ArraySlice<Character>, _ pattern: ArraySlice<Character>) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    switch first {
    case "*":
      var rest = text
      while true {
        if reference(rest, pattern.dropFirst()) { return true }
        if rest.isEmpty { return false }
        rest = rest.dropFirst()
      }
    case "?": return !text.isEmpty && reference(text.dropFirst(), pattern.dropFirst())
    case "\\" where pattern.count > 1:
      return text.first == pattern.dropFirst().first && reference(text.dropFirst(), pattern.dropFirst(2))
    default: return text.first == first && reference(text.dropFirst(), pattern.dropFirst())
    }
  }

  @Test("the forms of a pattern are told by its wildcards")
  func forms() {
    func form(_ pattern: String) -> String {
      switch LikePattern(Array(pattern)).form {
      case .exactly(let word): "= \(String(word))"
      case .prefix(let word): "^ \(String(word))"
      case .suffix(let word): "$ \(String(word))"
      case .infix(let word): "~ \(String(word))"
      case .general: "general"
      }
    }
    #expect(form("anna") == "= anna")
    #expect(form("an*") == "^ an")
    #expect(form("*na") == "$ na")
    #expect(form("*nn*") == "~ nn")
    #expect(form(#"*a\*b*"#) == "~ a*b")
    #expect(form("a*b") == "general")
    #expect(form("*a?") == "general")
    #expect(form("") == "= ")
    #expect(form("*") == "$ ")
  }

  @Test("LIKE matches as the reference on random patterns and texts")
  func randomPatterns() {
    let letters: [Character] = ["a", "b", "é", "*", "?", "\\"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
      let pattern = (0..<Int.random(in: 0...5, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
      #expect(
        PredicateEvaluator.like(text, pattern: LikePattern(pattern)) == Self.reference(text[...], pattern[...]),
        "\(String(pattern)) on \(String(text))")
    }
  }
}
