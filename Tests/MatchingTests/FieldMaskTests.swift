import ContactKit
@testable import Matching
import CpickTestSupport
import Testing

/// Searches that pass over fields by their `FieldMasks` (every index of 8,192 contacts
/// or more) must give exactly what reading every field gives.
@Suite("Field masks")
struct FieldMaskTests {
  /// The queries of cpick-bench's script, as typed key by key, and a few with operators.
  static let typedQueries: [String] = {
    let script = [
      "maria", "ada lovelace", "jose martinez", "smith john", "wang", "wxm", "zhang wei", "lukasz", "siobhan",
      "kozlova", "0170", "0170 555", "555 01", "+49", "gmail", "example.com", "brightwater", "mikkel", "tanaka",
      "al-zahrani", "o'brien", "lindqvist", "müller", "王", "søren", "example3.com", "ada.turing",
    ]
    var queries: [String] = []
    for query in script {
      var prefix = ""
      for character in query {
        prefix.append(character)
        queries.append(prefix)
      }
    }
    return queries + [
      "!a", "^ad", "da$", "'ad'", "email:^ada", "tel:0", "org:acme", "a | z", "x", "q", "-", ".", "@", "é",
      "email:", "!email:", "group:x", "ad !lo", "^a$",
    ]
  }()

  @Test("should give the same matches, in the same order, with and without field masks")
  func sameResults() {
    let index = ContactIndex(syntheticContacts(3_000, seed: 9))
    var nonEmpty = 0
    for query in Self.typedQueries {
      for options in [SearchOptions(), SearchOptions(exact: true), SearchOptions(literal: true)] {
        let prepared = SearchQuery(query, options: options)
        guard !prepared.isEmpty else { continue }
        let plain = index.scanAll(prepared, total: index.count, within: nil, usingFieldMasks: false)
        let masked = index.scanAll(prepared, total: index.count, within: nil, usingFieldMasks: true)
        #expect(masked == plain, "\(String(reflecting: query)) \(options)")
        if !plain.isEmpty { nonEmpty += 1 }
      }
    }
    // The comparison is of real results, not of empty lists.
    #expect(nonEmpty > 150)
  }

  @Test("should give the same matches reading the text fields alone as reading every field")
  func textFieldsAlone() {
    let index = ContactIndex(syntheticContacts(3_000, seed: 11))
    var textOnly = 0
    var everyField = 0
    for query in Self.typedQueries {
      for options in [SearchOptions(), SearchOptions(exact: true)] {
        let prepared = SearchQuery(query, options: options)
        guard !prepared.isEmpty else { continue }
        let plain = index.scanAll(prepared, total: index.count, within: nil, usingFieldMasks: false)
        let full = index.scanAll(
          prepared, total: index.count, within: nil, usingFieldMasks: true, usingTextFields: false)
        let text = index.scanAll(prepared, total: index.count, within: nil, usingFieldMasks: true)
        #expect(full == plain, "\(String(reflecting: query)) \(options)")
        #expect(text == plain, "\(String(reflecting: query)) \(options)")
        if TextFields.suffice(for: prepared) { textOnly += 1 } else { everyField += 1 }
      }
    }
    // Both ways are taken: words, and digits, `group:` and `tel:`.
    #expect(textOnly > 300)
    #expect(everyField > 40)
  }

  @Test("should copy the text fields of each contact in order, without its phones and groups")
  func textFieldsShape() {
    var ada = TestContacts.person("Ada", "Lovelace", emails: ["ada.l@x-1.example"], fn: "Ada Lovelace")
    ada.phoneNumbers = [LabeledValue(identifier: "p", label: "mobile", value: "+44 20 7946 0018")]
    ada.groups = ["Zoology"]
    ada.organizationName = "Analytical Engines"
    ada.middleName = "King"
    ada.nickname = "Enchantress"
    var grace = TestContacts.person("Grace", "Hopper", emails: [], fn: "Grace Hopper")
    grace.phoneNumbers = [LabeledValue(identifier: "q", label: "work", value: "555 0101")]
    let index = ContactIndex([ada, grace, TestContacts.person("小明", "王", emails: ["wxm@example.cn"], fn: "王小明")])
    let masks = index.fieldMasks()
    let text = masks.text
    func fields(_ bytes: [UInt8], _ starts: [Int32], _ range: Range<Int>) -> [[UInt8]] {
      range.map { Array(bytes[Int(starts[$0])..<Int(starts[$0 + 1])]) }
    }
    let allBytes = Array(index.bytes)
    let allStarts = Array(index.fieldStarts)
    for c in 0..<index.count {
      let all = Int(index.contactStarts[c])..<Int(index.contactStarts[c + 1])
      let kept = all.filter {
        index.fieldKinds[$0] != FieldKind.phone.rawValue && index.fieldKinds[$0] != FieldKind.group.rawValue
      }
      let mine = Int(text.contactStarts[c])..<Int(text.contactStarts[c + 1])
      #expect(mine.count == kept.count)
      #expect(fields(text.bytes, text.fieldStarts, mine) == kept.map { fields(allBytes, allStarts, $0..<$0 + 1)[0] })
      #expect(mine.map { text.fieldKinds[$0] } == kept.map { index.fieldKinds[$0] })
      #expect(mine.map { text.masks[$0] } == kept.map { masks.masks[$0] })
      #expect(mine.map { text.firstBytes[$0] } == kept.map { masks.firstBytes[$0] })
      #expect(kept.count < all.count || c == 2)
    }
    // No phone digits and no group in the copy; the bytes end in the padding.
    let copied = String(decoding: text.bytes, as: UTF8.self)
    #expect(!copied.contains("7946") && !copied.contains("0101") && !copied.contains("zoology"))
    #expect(copied.contains("ada.l@x-1.example") && copied.contains("analytical engines"))
    #expect(copied.contains("king") && copied.contains("enchantress"))
    #expect(copied.contains("wang"))
    #expect(text.bytes.suffix(ByteMatcher.padding).allSatisfy { $0 == 0 })
    #expect(Int(text.fieldStarts.last!) == text.bytes.count - ByteMatcher.padding)
  }

  @Test("should score as a plain evaluation of every field does", arguments: ["m", "ma", "e", "ex", "exam", "0", "ada l"])
  func scoresMatchPlainEvaluation(query: String) {
    let index = ContactIndex(syntheticContacts(1_500, seed: 3))
    let prepared = SearchQuery(query, options: .init())
    let masked = index.scanAll(prepared, total: index.count, within: nil, usingFieldMasks: true)
    let expected = RefinementTests.referenceScores(index, query, options: .init())
    #expect(!expected.isEmpty)
    #expect(Dictionary(uniqueKeysWithValues: masked.map { ($0.index, $0.score) }) == expected)
  }

  @Test("should refine with field masks as a fresh plain search does, in an index large enough to use them")
  func refiningLargeIndex() {
    let people = syntheticContacts(ContactIndex.fieldMasksThreshold + 500, seed: 4)
    let index = ContactIndex(people)
    for query in ["maria", "ada lovelace", "example.com", "smith john", "0170 5", "al-zahrani", "wxm"] {
      var previousQuery = ""
      var previous: [ContactMatch] = []
      var prefix = ""
      for character in query {
        prefix.append(character)
        let prepared = SearchQuery(prefix, options: .init())
        let plain = index.scanAll(prepared, total: index.count, within: nil, usingFieldMasks: false)
        // `search` uses the masks by itself here.
        let found =
          previousQuery.isEmpty
          ? index.search(prefix) : index.search(prefix, options: .init(), refining: previousQuery, within: previous)
        #expect(found == plain, "\(String(reflecting: previousQuery)) → \(String(reflecting: prefix))")
        previousQuery = prefix
        previous = found
      }
    }
    // Real answers: Ada Lovelace by her names first.
    let ada = index.search("ada lovelace")
    #expect(!ada.isEmpty)
    #expect(ada.first.map { people[$0.index].displayName.hasPrefix("Ada") } == true)
  }

  @Test("should hold a field's characters, its letters after a separator, and its first byte")
  func maskOfAField() {
    let index = ContactIndex([TestContacts.person("Ada", "Lovelace", emails: ["ada.l@x-1.example"], fn: "Ada Lovelace")])
    let masks = index.fieldMasks()
    let kinds = Array(index.fieldKinds)
    let fields = (0..<kinds.count).map { f in
      Array(index.bytes[Int(index.fieldStarts[f])..<Int(index.fieldStarts[f + 1])])
    }
    let displayName = fields.firstIndex(of: Array("ada lovelace".utf8))
    let email = fields.firstIndex(of: Array("ada.l@x-1.example".utf8))
    #expect(displayName != nil && email != nil)
    guard let displayName, let email else { return }
    let name = masks.masks[displayName]
    #expect(name & FieldMasks.presenceBits == ByteMatcher.mask("ada lovelace".utf8))
    #expect(name >> FieldMasks.wordStartShift == 1 << UInt64(UInt8(ascii: "l") - 97))
    #expect(masks.firstBytes[displayName] == UInt8(ascii: "a"))
    // `l` after `.`, `x` after `@`, `e` after `.`; the digit after `-` has no word-start bit.
    let startLetters = Set(
      (0..<26).filter { masks.masks[email] & (1 << (FieldMasks.wordStartShift + UInt64($0))) != 0 }.map {
        Character(UnicodeScalar(UInt8(97 + $0)))
      })
    #expect(startLetters == ["l", "x", "e"])
    #expect(masks.masks[email] & ByteMatcher.bit(UInt8(ascii: "1")) != 0)
    #expect(masks.masks[email] & ByteMatcher.bit(UInt8(ascii: "z")) == 0)
  }

  @Test("should hold per contact the byte pairs and word-start letters of its text fields, not of its phones or groups")
  func contactPairs() {
    var ada = TestContacts.person("Ada", "Lovelace", emails: ["ada.l@x-1.example"], fn: "Ada Lovelace")
    ada.phoneNumbers = [LabeledValue(identifier: "p", label: "mobile", value: "+44 20 7946 0018")]
    ada.groups = ["Zoology"]
    let index = ContactIndex([ada])
    let masks = index.fieldMasks()
    let pairs = masks.contacts.pairs
    func has(_ word: String) -> Bool {
      let wanted = ContactBigrams.pairs(of: Array(word.utf8))
      return pairs[0] & wanted.0 == wanted.0 && pairs[1] & wanted.1 == wanted.1
        && pairs[2] & wanted.2 == wanted.2 && pairs[3] & wanted.3 == wanted.3
    }
    for word in ["ada", "lovelace", "a l", "l@x", "-1.e", "example"] { #expect(has(word), "\(word)") }
    // Pairs of the phone digits and of the group are not there (a one-hash filter may
    // hold a pair by chance; these do not collide).
    #expect(!has("79") || !has("94") || !has("46"))
    #expect(!has("zoo"))
    let letters = Set((0..<26).filter { masks.contacts.wordStarts[0] & (1 << UInt32($0)) != 0 }.map {
      Character(UnicodeScalar(UInt8(97 + $0)))
    })
    // Word starts of the names and the email (`ada`, `lovelace`, `l`, `x`, `example`).
    #expect(letters == ["a", "l", "x", "e"])
  }
}
