import ContactKit
import CpickTestSupport
import Foundation
import Testing

@testable import Matching

/// Case 20's kind (a name found as its readers type it): a Chinese name with a pinyin
/// `ü` is found by `v`, as every Chinese input method types it, and by the passport's
/// `yu`, as by ICU's `u`.
@Suite struct PinyinUmlautTests {
  @Test("the characters read with ü are those ICU's Han-Latin reads so, every one of U+3400–U+9FFF")
  func charactersAsICUReadsThem() {
    let transform = StringTransform("Han-Latin")
    var read: Set<Unicode.Scalar> = []
    for value in UInt32(0x3400)...UInt32(0x9FFF) {
      guard let scalar = Unicode.Scalar(value),
        let reading = String(scalar).applyingTransform(transform, reverse: false)?.decomposedStringWithCanonicalMapping,
        reading.unicodeScalars.contains(where: { $0.value == 0x308 })
      else { continue }
      read.insert(scalar)
    }
    #expect(read.count == 108)
    #expect(read == PinyinUmlaut.characters)
  }

  @Test("吕 and 女 are found by v, yu and u; 卢 (lú) not by v")
  func search() {
    let people = [
      TestContacts.person("建国", "吕"), TestContacts.person("建国", "卢"), TestContacts.person("", "", fn: "女士"),
      TestContacts.person("", "", fn: "略"),
    ]
    let index = ContactIndex(people)
    let found = { (query: String) in names(index.search(query), in: people) }
    for (query, expected) in [
      ("lv jianguo", ["吕建国"]), ("lvjianguo", ["吕建国"]), ("lyu jianguo", ["吕建国"]), ("lyujianguo", ["吕建国"]),
      ("nvshi", ["女士"]), ("nyushi", ["女士"]), ("lve", ["略"]),
    ] {
      #expect(found(query) == Set(expected), "query \(query)")
    }
    #expect(found("lu jianguo") == ["吕建国", "卢建国"])
  }
}
