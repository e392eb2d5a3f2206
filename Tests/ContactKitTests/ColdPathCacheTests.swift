@testable import ContactKit
import Testing
import _FoundationICU
@testable import CpickSupport

/// The fast paths and caches of the cold path give what the slow paths give.
@Suite struct ColdPathCacheTests {
  static let texts = [
    "", " ", "\t", "Anna", " Anna", "Anna ", "\tAnna\n", "Anna\r\n", "\r\nAnna", "a", "ab c", "Zoë", " Zoë ",
    "\u{00A0}Anna", "Anna\u{00A0}", "Anna\u{2003}", "a\u{0301}", " \u{0301}a", "\u{0600}a", "\u{000B}x\u{000C}",
    "王小明", " 王小明 ", "#️⃣", "x #️⃣", "\u{85}y", "José", " José", "José ", "Ñ", "é\u{0301}", "Łukasz Ż",
    "王\u{3000}", "\u{3000}王", "ž\u{200B}", "ǅ", "ɏ ", "Ö\u{2028}",
    // Cyrillic, Greek, Arabic, Hangul at the ends, with blanks and marks around them.
    "Иванова", " Иванова", "Иванова ", "Жанна\u{0483}", " \u{0483}Ж", "Σοφία", "Σοφία\u{2003}", " Σ",
    "سارة", "سارة ", "\u{0651}س", "س\u{0651}", "김민준", " 김민준", "김민준\n", "\u{1100}김", "김\u{11A8}",
    "\u{1100}\u{1161}", " \u{AC00}", "\u{AC00} ", "\u{0600}ب", "ب\u{0600}",
  ]

  @Test("trimmingWhitespace's ASCII fast path trims as the slow path does")
  func trimming() {
    for text in Self.texts {
      #expect(text.trimmingWhitespace == text.trimmingWhitespaceSlowly, "\(text.debugDescription)")
    }
  }

  @Test("trimming by scalars (no walk by characters) trims as the slow path does, on random mixes of marks and blanks")
  func trimmingByScalars() {
    // Scalars that start, continue or end characters, whitespace of each kind among them.
    let pieces: [String] = [
      "a", "Ж", "王", " ", "\u{00A0}", "\u{3000}", "\n", "\r", "\t", "\u{0301}", "\u{0308}", "\u{034F}", "\u{200D}",
      "\u{200C}", "\u{0903}", "\u{0E33}", "\u{0600}", "\u{1F44D}", "\u{1F3FD}", "\u{20DD}", "\u{FF9E}", "\u{E0041}",
      "\u{1100}", "\u{1161}", "\u{11A8}", "\u{0085}", "\u{2028}", "\u{1F1E6}",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<4_000 {
      let count = Int.random(in: 1...6, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      #expect(text.trimmingWhitespace == text.trimmingWhitespaceSlowly, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    // A megabyte of marks is one character: nothing to trim, found without walking it.
    let marks = String(repeating: "\u{0301}\u{0308}", count: 250_000)
    #expect(!marks.lastCharacterMayBeWhitespace)
    #expect(marks.trimmingWhitespace.utf8.count == marks.utf8.count)
    #expect((" " + marks).lastCharacterMayBeWhitespace)
  }

  @Test("ICU's marks are the standard library's, for every code point ICU's Unicode has")
  func marksByICU() {
    var compared = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      // Code points the toolchain's ICU does not know yet (a later Unicode in the
      // standard library) are not marks to it.
      guard swift_u_charType(UChar32(value)) != Int8(U_UNASSIGNED.rawValue) else { continue }
      let category = scalar.properties.generalCategory
      #expect(scalar.isMark(spacing: true) == [.nonspacingMark, .spacingMark, .enclosingMark].contains(category), "\(value)")
      #expect(scalar.isMark(spacing: false) == [.nonspacingMark, .enclosingMark].contains(category), "\(value)")
      compared += 1
    }
    #expect(compared > 280_000)
  }

  @Test("a name of marks alone is blank, found once when FN is set; the name shown is then composed")
  func blankNameOnce() {
    var contact = Contact(identifier: "1", source: "s")
    contact.familyName = "Doe"
    contact.givenName = "John"
    contact.formattedName = String(repeating: "\u{0301}\u{0308}\u{034F}", count: 100_000)
    #expect(contact.formattedNameIsBlank)
    #expect(contact.displayName == "John Doe")
    contact.formattedName = "  Johnny D.\n"
    #expect(!contact.formattedNameIsBlank)
    #expect(contact.displayName == "Johnny D.")
    contact.formattedName.append("\u{200B}")  // U+200B is a character of its own, not white space
    #expect(contact.displayName == "Johnny D.\n\u{200B}")
    contact.formattedName = "\u{200B}\u{FEFF} "
    #expect(contact.displayName == "John Doe")
  }

  @Test("a contact's copy is independent of the original (copy on write)")
  func copyOnWrite() {
    var a = Contact(identifier: "1", source: "s")
    a.givenName = "Anna"
    a.phoneNumbers.append(LabeledValue(identifier: "p", label: nil, value: "1"))
    var b = a
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    b.givenName = "Bea"
    b.phoneNumbers.append(LabeledValue(identifier: "q", label: nil, value: "2"))
    #expect(a.givenName == "Anna" && a.phoneNumbers.count == 1)
    #expect(b.givenName == "Bea" && b.phoneNumbers.count == 2)
    #expect(a != b)
    var c = Contact(identifier: "1", source: "s")
    c.givenName = "Anna"
    c.phoneNumbers = a.phoneNumbers
    #expect(a == c)  // equal by value, not by box
    #expect(a.hashValue == c.hashValue)
  }

  @Test("sort keys through the shared cache are those computed anew", arguments: [false, true])
  func sharedSortKeys(surname: Bool) {
    let parts = [
      "Anna", "Öberg", "Łukasz", "王", "曾", "김", "이민준", "佐藤", "さとう", "Иванова", "शर्मा", "Σοφία", "42 Club",
      "Ñúñez", "单于", "🙂",
    ]
    for _ in 0..<2 {  // the second time from the cache
      for part in parts {
        #expect(
          ContactFormatter.SortKeys.sharedKey(part, surname: surname)
            == ContactFormatter.SortKeys.computeKey(part, surname: surname), "\(part)")
      }
    }
    // The keys of whole contacts: two `SortKeys` (the second one meets every part in
    // the shared cache) agree with each other.
    var first = ContactFormatter.SortKeys(order: .family)
    var second = ContactFormatter.SortKeys(order: .family)
    for part in parts {
      var contact = Contact(identifier: part, source: "t")
      contact.familyName = part
      contact.givenName = part
      #expect(first.key(for: contact) == second.key(for: contact))
    }
  }
}

/// `SortKeys` keys ASCII name parts without its caches: the keys are `computeKey`'s.
@Suite struct ASCIISortKeyTests {
  @Test("ASCII parts, as given or family names, in both orders, key as computeKey does", arguments: [false, true])
  func asciiParts(familyFirst: Bool) {
    let parts = ["Anna", "McDONALD", "o'Brien", "van der Berg", "42 Club", "x", "ZZ-top", "A.B.", "Lee", "~tilde"]
    var keys = ContactFormatter.SortKeys(order: familyFirst ? .family : .given)
    for family in parts {
      for given in ["Bo", "ÉLODIE", "王"] {
        var contact = Contact(identifier: family, source: "t")
        contact.familyName = family
        contact.givenName = given
        let familyKey = ContactFormatter.SortKeys.computeKey(family, surname: true)
        let givenKey = ContactFormatter.SortKeys.computeKey(given, surname: false)
        #expect(familyKey == family.lowercased())
        let joined = familyFirst ? familyKey + " " + givenKey : givenKey + " " + familyKey
        #expect(keys.key(for: contact) == ContactFormatter.sortable(joined), "\(family) \(given)")
      }
    }
  }
}

/// The ICU warm-up finds the scripts of a file and changes no result.
@Suite struct TransliterationWarmUpTests {
  @Test("the scripts of a file's first bytes are found")
  func scripts() {
    func mask(_ text: String) -> UInt32 { TransliterationWarmUp.scriptsUsed(in: Array(text.utf8)) }
    #expect(mask("BEGIN:VCARD\r\nFN:Anna\r\n") == 0)
    #expect(mask("FN:Rocío Núñez") == 0)
    // Han of `HanReadings`' table needs no rules; Han beyond it (U+20000 𠀀) does.
    #expect(mask("FN:王小明") == 0)
    #expect(mask("FN:𠀀") == 1 << 0)
    #expect(mask("FN:김민준\nFN:Жанна") == (1 << 1 | 1 << 3))
    #expect(mask("N:佐藤;さくら") == 1 << 2)
    #expect(mask("Σοφία شرما स्नेहा") == (1 << 4 | 1 << 5 | 1 << 6))
    // A sequence cut at the end is left out, not read past.
    #expect(mask(String(decoding: Array("김".utf8).dropLast(), as: UTF8.self)) == 0)
    #expect(TransliterationWarmUp.scriptsUsed(in: Array("𠀀".utf8).dropLast()) == 0)
  }

  @Test("once the process's scanning budget is spent, files are not scanned")
  func budget() {
    let thai: UInt32 = 1 << 8
    let saved = TransliterationWarmUp.budget.exchange(0, ordering: .relaxed)
    defer { TransliterationWarmUp.budget.store(saved, ordering: .relaxed) }
    let before = TransliterationWarmUp.started.load(ordering: .relaxed)
    TransliterationWarmUp.start(scanning: Array("FN:สมชาย".utf8))
    #expect(TransliterationWarmUp.started.load(ordering: .relaxed) & thai == before & thai)
    #expect(TransliterationWarmUp.budget.load(ordering: .relaxed) == 0)
  }

  @Test("keys made while a warm-up runs are those made without one")
  func sameKeys() {
    let names = ["王小明", "김민준", "Жанна", "Σοφία", "Łukasz", "佐藤"]
    let before = names.map { ContactFormatter.SortKeys.computeKey($0, surname: true) }
    TransliterationWarmUp.start(scanning: Array(names.joined(separator: " ").utf8))
    let during = names.map { ContactFormatter.SortKeys.computeKey($0, surname: true) }
    TransliterationWarmUp.waitIfRunning()
    #expect(before == during)
  }
}

/// `ByteKey` compares and hashes by UTF-8 bytes.
@Suite struct ByteKeyTests {
  @Test("equal bytes are equal keys with equal hashes; other bytes are other keys")
  func bytes() {
    let composed = "Jos\u{E9}"
    let decomposed = "Jose\u{301}"
    #expect(composed == decomposed)  // String: canonically equivalent
    #expect(ByteKey(composed) != ByteKey(decomposed))  // keys: other bytes
    #expect(ByteKey(composed) == ByteKey(String(decoding: Array(composed.utf8), as: UTF8.self)))
    #expect(ByteKey(composed).hashValue == ByteKey(String(decoding: Array(composed.utf8), as: UTF8.self)).hashValue)
    #expect(ByteKey("") == ByteKey(""))
    #expect(ByteKey("a") != ByteKey("ab"))
    var keys: [ByteKey: Int] = [:]
    for (index, text) in ["王", "王小明", "Anna", "", composed, decomposed].enumerated() { keys[ByteKey(text)] = index }
    #expect(keys.count == 6)
    #expect(keys[ByteKey("王小明")] == 1 && keys[ByteKey(decomposed)] == 5)
  }
}
