import CpickSupport
import Foundation
import Synchronization

/// The parsed predicate.
indirect enum PredicateNode: Sendable {
  case constant(Bool)
  case not(PredicateNode)
  /// Every term holds (evaluated in order until one does not).
  case and([PredicateNode])
  /// Some term holds (evaluated in order until one does).
  case or([PredicateNode])
  /// Some value of a key path is (contains) one of a set of texts: the comparisons of
  /// an `OR` that say so, taken together.
  case oneOf(PredicateValueSet)
  /// A bare boolean key path (`hasImage`).
  case keyPath(PredicateKeyPath)
  case comparison(PredicateComparison)
}

enum PredicateQuantifier: Sendable {
  case anyOf, allOf, noneOf
}

enum PredicateOperator: String, Sendable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case contains = "CONTAINS"
  case beginsWith = "BEGINSWITH"
  case endsWith = "ENDSWITH"
  case like = "LIKE"
  case matches = "MATCHES"
  case `in` = "IN"

  /// The operators written with punctuation, and their spellings.
  static let symbols: [String: PredicateOperator] = [
    "==": .equal, "=": .equal, "!=": .notEqual, "<>": .notEqual, "<": .less, "<=": .lessOrEqual,
    "=<": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual, "=>": .greaterOrEqual,
  ]

  /// The operators written as words (case-insensitive).
  static let words: [String: PredicateOperator] = [
    "CONTAINS": .contains, "BEGINSWITH": .beginsWith, "ENDSWITH": .endsWith, "LIKE": .like,
    "MATCHES": .matches, "IN": .in,
  ]

  /// Operators that only take text.
  var isTextOnly: Bool { [.contains, .beginsWith, .endsWith, .like, .matches].contains(self) }
  var isOrdering: Bool { [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(self) }
}

/// `[c]`, `[d]`, `[cd]`.
struct PredicateOptions: Sendable, Equatable {
  var caseInsensitive = false
  var diacriticInsensitive = false

  /// The text as compared under these options.
  func fold(_ text: String) -> String {
    var options: String.CompareOptions = []
    if caseInsensitive { options.insert(.caseInsensitive) }
    if diacriticInsensitive { options.insert(.diacriticInsensitive) }
    return options.isEmpty ? text : text.folding(options: options, locale: nil)
  }
}

enum PredicateLiteral: Sendable {
  case text(String)
  case number(Int)
  case bool(Bool)
  case null
  case list([PredicateLiteral])
}

enum PredicateOperand: Sendable {
  case keyPath(PredicateKeyPath)
  case literal(PredicateLiteral)
}

/// A comparison's text literal, as written, folded by its modifiers, and as characters.
struct PreparedLiteral: Sendable {
  let text: String
  let folded: String
  let characters: [Character]
  /// The folded text read as a `LIKE` pattern, for a `LIKE` comparison.
  let likePattern: LikePattern?

  init(_ text: String, options: PredicateOptions, like: Bool = false) {
    self.text = text
    folded = options.caseInsensitive || options.diacriticInsensitive ? options.fold(text) : text
    characters = Array(folded)
    likePattern = like ? LikePattern(characters) : nil
  }
}

/// A compiled `MATCHES` pattern: anchored at both ends, as ICU's `matches()`.
/// NSRegularExpression is immutable and safe to share between threads.
///
/// A match runs under a step budget (`PredicateRegexBudget`), so that a pattern that
/// backtracks without end, such as `(.*)*x` or `(.+)+@`, ends with an error instead of
/// taking minutes (NSRegularExpression has no time limit; ICU calls the progress block
/// once every 10,000 steps of its matcher, which counts steps, not seconds, so the
/// limit is the same on a fast and on a loaded machine).
final class PredicateRegex: @unchecked Sendable {
  let expression: NSRegularExpression
  /// The pattern as written (for the message when it runs out of steps).
  let pattern: String
  /// Whether the pattern repeats a group (`(…)*`, `(…)+`, `(…){n,}`, `(…)?`): each
  /// repetition takes room on ICU's backtracking stack.
  let repeatsGroup: Bool
  /// The progress calls spent on all the values matched so far (only values that took
  /// one count), and the steps their lengths allow (`PredicateRegexBudget.commandTicks`).
  private let spent = Locked((ticks: 0, allowance: 0))
  /// Set once `spent` is over the command's budget: every later match fails at once.
  private let exhausted = Atomic<Bool>(false)

  init(pattern: String, options: PredicateOptions) throws {
    var flags: NSRegularExpression.Options = []
    if options.caseInsensitive { flags.insert(.caseInsensitive) }
    self.pattern = pattern
    repeatsGroup = Self.repeatsGroup(pattern)
    // Case is the regex engine's business (folding the pattern would turn `\D` into
    // `\d`); diacritics are folded away in the pattern and in the text alike.
    let pattern = PredicateOptions(diacriticInsensitive: options.diacriticInsensitive).fold(pattern)
    expression = try NSRegularExpression(pattern: "\\A(?:\(pattern))\\z", options: flags)
  }

  /// Whether `pattern` has a group followed by a quantifier, outside escapes and
  /// character classes.
  static func repeatsGroup(_ pattern: String) -> Bool {
    let scalars = Array(pattern.unicodeScalars)
    var index = 0
    var inClass = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\\" {
        index += 2
        continue
      }
      if scalar == "[" { inClass += 1 }
      if scalar == "]" && inClass > 0 { inClass -= 1 }
      if inClass == 0, scalar == ")", index + 1 < scalars.count, "*+?{".unicodeScalars.contains(scalars[index + 1]) {
        return true
      }
      index += 1
    }
    return false
  }

  /// Whether the whole of `text` matches.
  ///
  /// - Throws: `PredicateRegexBudget.Exceeded` when ICU's matcher takes more steps than
  ///   `PredicateRegexBudget.ticks(forLength:)` allows for a text of this length, or
  ///   once the pattern's matches together took more than the command may
  ///   (`PredicateRegexBudget.commandTicks`: a book of values each just under their
  ///   own budget would take minutes).
  func matches(_ text: String) throws(PredicateRegexBudget.Exceeded) -> Bool {
    let length = text.utf16.count
    guard !exhausted.load(ordering: .relaxed) else {
      throw PredicateRegexBudget.Exceeded(pattern: pattern, length: length, tooLong: false)
    }
    // ICU's matcher gives up on a long value when its backtracking stack (8 MB) is
    // full — a repeated group: `(a|aa)*b` on 170,000 letters, a pattern of eight groups
    // on 60,000 — and NSRegularExpression reports that as no match: a value that long
    // is not matched against such a pattern.
    guard !repeatsGroup || length <= PredicateRegexBudget.longestValue else {
      throw PredicateRegexBudget.Exceeded(pattern: pattern, length: length, tooLong: true)
    }
    let allowed = PredicateRegexBudget.ticks(forLength: length)
    var ticks = 0
    var found = false
    expression.enumerateMatches(
      in: text, options: [.reportProgress], range: NSRange(location: 0, length: length)
    ) { match, flags, stop in
      if match != nil {
        found = true
        stop.pointee = true
      } else if flags.contains(.progress) {
        ticks += 1
        if ticks > allowed { stop.pointee = true }
      }
    }
    if ticks > 0 {
      let over = spent.withLock { spent in
        spent.ticks += ticks
        spent.allowance += PredicateRegexBudget.stepsPerUnit * length / PredicateRegexBudget.stepsPerTick
        return spent.ticks > PredicateRegexBudget.commandTicks + spent.allowance
      }
      if over { exhausted.store(true, ordering: .relaxed) }
    }
    if !found, ticks > allowed { throw PredicateRegexBudget.Exceeded(pattern: pattern, length: length, tooLong: false) }
    return found
  }
}

/// How many steps a `MATCHES` may take on one value: a million, and 100 more per
/// UTF-16 unit of the text. A pattern without nested repetition takes one to a few
/// steps per unit (`[a-z]+x` on 100,000 letters: 100,000 steps, 0.05 s), so it never
/// comes near; `(.*)*x` on 40 letters would take billions and stops after about 0.1 s.
enum PredicateRegexBudget {
  /// Steps between two of ICU's progress calls (its `TIMER_INITIAL_VALUE`).
  static let stepsPerTick = 10_000
  /// The steps any value may take, whatever its length.
  static let baseSteps = 1_000_000
  /// The steps allowed per UTF-16 unit of the value.
  static let stepsPerUnit = 100

  /// The progress calls all the values of one command may take together, beyond 100
  /// steps per UTF-16 unit of the values that took any (30 million steps, one to three
  /// seconds): a pattern that backtracks on every value, each just under its own
  /// budget, ends with an error instead of taking minutes on a small book. A pattern
  /// without nested repetition never takes a progress call on a short value.
  static let commandTicks = 3_000

  /// The progress calls allowed for a value of `length` UTF-16 units.
  static func ticks(forLength length: Int) -> Int {
    (baseSteps + stepsPerUnit * length) / stepsPerTick
  }

  /// The longest value (in UTF-16 units) a pattern is matched against.
  static let longestValue = 50_000

  /// A match that ran out of steps, or a value longer than `longestValue`.
  struct Exceeded: Error {
    let pattern: String
    /// The value's length in UTF-16 units.
    let length: Int
    /// Whether the value was too long to be matched at all.
    let tooLong: Bool
  }
}

struct PredicateComparison: Sendable {
  /// An explicit `ANY`/`SOME`, `ALL`, `NONE` on the left key path; nil when none is written.
  var quantifier: PredicateQuantifier?
  var lhs: PredicateOperand
  var op: PredicateOperator
  var options: PredicateOptions
  var rhs: PredicateOperand
  /// The `MATCHES` pattern when it is a literal, compiled once.
  var regex: PredicateRegex?
  /// The right-hand text literal folded by the modifiers and made characters, once for
  /// the command (it was folded again for each contact: one 100 KB `CONTAINS[cd]`
  /// literal took 15–28 s on 8,000 contacts).
  var literal: PreparedLiteral? = nil
  /// The 1-based column of the operator (where a `MATCHES` that runs out of steps is reported).
  var column = 1
}
