import ServerBooks
import Testing
import VCard

/// What `cpick-sync xcard` hands `cpick`: the cards' vCard text, then its warnings.
@Suite("the xCard helper's output")
struct XCardHelperOutputTests {
  @Test("the warnings travel after the text, a NUL between, each with its line; none, nothing added")
  func roundTrip() {
    let text = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nEND:VCARD\r\n".utf8)
    let warnings = [
      VCardWarning(line: 5, message: "not well-formed xCard XML; skipped"),
      VCardWarning(line: 9, message: "xCard card 2: a\tb\nc"),
    ]
    let output = text + XCardHelperOutput.encoded(warnings)
    let decoded = XCardHelperOutput.decoded(output)
    #expect(decoded.text == text)
    #expect(decoded.warnings == [warnings[0], VCardWarning(line: 9, message: "xCard card 2: a b c")])
    #expect(XCardHelperOutput.encoded([]).isEmpty)
    #expect(XCardHelperOutput.decoded(text).text == text && XCardHelperOutput.decoded(text).warnings.isEmpty)
  }
}
