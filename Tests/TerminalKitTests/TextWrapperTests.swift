import Testing

@testable import TerminalKit

@Suite("Wrapping text to a width")
struct TextWrapperTests {
  @Test("at spaces, a word wider than the line cut")
  func spaces() {
    #expect(TextWrapper.wrap("not saved: the file is read-only", width: 12) == ["not saved:", "the file is", "read-only"])
    #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
  }

  @Test("Chinese and Japanese between any two wide characters, never before 。 or after （")
  func ideographs() {
    let lines = TextWrapper.wrap("未保存：文件是只读的（没有写权限位）；未写入。", width: 20)
    #expect(lines == ["未保存：文件是只读的", "（没有写权限位）；未", "写入。"])
    #expect(lines.allSatisfy { TerminalText.width($0) <= 20 })
    // A name in Latin letters inside Japanese stays whole.
    #expect(TextWrapper.wrap("別のプログラムが John Doe を変更しました", width: 24) == ["別のプログラムが John", "Doe を変更しました"])
  }

  @Test("Hindi at its spaces: a letter with its vowel sign takes two columns but is inside a word")
  func devanagari() {
    let note = "और यह पंक्ति लपेटी जानी चाहिए ताकि कोई अक्षर बीच में न कटे।"
    for width in 12...40 {
      let lines = TextWrapper.wrap(note, width: width)
      // Every line is whole words: joined with spaces, the note again.
      #expect(lines.joined(separator: " ") == note, "width \(width): \(lines)")
      #expect(lines.allSatisfy { TerminalText.width($0) <= width }, "width \(width): \(lines)")
    }
  }

  @Test("Korean at its spaces")
  func korean() {
    #expect(TextWrapper.wrap("저장 안 됨: 파일이 읽기 전용입니다", width: 20) == ["저장 안 됨: 파일이", "읽기 전용입니다"])
  }
}
