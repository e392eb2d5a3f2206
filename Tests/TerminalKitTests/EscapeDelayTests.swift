import Testing

@testable import TerminalKit

@Suite struct EscapeDelayTests {
  @Test("ESCDELAY: a number of milliseconds is taken; unset, empty or not a number gives 25 ms", arguments: [
    (nil, 25), ("", 25), ("abc", 25), ("-5", 25), ("0", 0), ("1", 1), ("200", 200), (" 40 ", 40), ("99999999", 10_000),
  ] as [(String?, Int)])
  func parsed(value: String?, expected: Int) {
    #expect(EscapeDelay.milliseconds(value) == expected)
  }
}
