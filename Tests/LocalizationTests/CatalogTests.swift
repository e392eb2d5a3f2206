import CpickTestSupport
import Foundation
import TerminalKit
import Testing

@testable import Localization

/// The catalogs in the repository, for the tests.
let catalogFolder = TestPaths.packageRoot.appendingPathComponent("Sources/Localization/po").path

@Suite("The translations")
struct CatalogTests {
  @Test("every text the sources show is translated in every language", arguments: MessageLanguage.translated)
  func everyTextTranslated(language: MessageLanguage) throws {
    let messages = try SourceMessages.all()
    #expect(messages.count > 100)
    let catalog = L10n.load(language, directory: catalogFolder)
    let missing = messages.keys.filter { catalog.messages.translations[$0] == nil }.sorted()
    #expect(missing.isEmpty, "\(language.code).po lacks \(missing.count): \(missing.prefix(20))")
  }

  @Test("a translation keeps the placeholders of its text", arguments: MessageLanguage.translated)
  func placeholdersKept(language: MessageLanguage) throws {
    let catalog = L10n.load(language, directory: catalogFolder)
    for (english, translated) in catalog.messages.translations {
      let values = ["‹1›", "‹2›", "‹3›"]
      let expected = Set(values.filter { L10n.substitute(english, values).contains($0) })
      let got = Set(values.filter { L10n.substitute(translated, values).contains($0) })
      #expect(expected == got, "\(language.code): \(english) → \(translated)")
    }
  }

  @Test("the form's field checks fit beside their field on 80 columns", arguments: MessageLanguage.translated)
  func fieldChecksFit(language: MessageLanguage) throws {
    // 80 columns less the form's value column (18), the margin (1) and "✗ " (2).
    let width = 59
    let checks = try SourceMessages.all().filter { ["ContactValidator.swift", "PhotoRow.swift"].contains($0.value) }.keys
    #expect(checks.count > 30)
    let catalog = L10n.load(language, directory: catalogFolder)
    for english in checks {
      let shown = L10n.substitute(catalog.messages.translations[english] ?? english, ["x", "31", "2023"])
      #expect(TerminalText.width(shown) <= width, "\(language.code): \(shown)")
    }
  }

  @Test("no catalog has a text the sources no longer use", arguments: MessageLanguage.translated)
  func noStaleTexts(language: MessageLanguage) throws {
    let messages = try SourceMessages.all()
    let catalog = L10n.load(language, directory: catalogFolder)
    let stale = catalog.messages.translations.keys.filter { messages[$0] == nil }.sorted()
    #expect(stale.isEmpty, "\(language.code).po: \(stale.prefix(20))")
  }
}

@Suite("Reading a .po file")
struct MessageCatalogTests {
  @Test("the user's catalogs are looked for, and said to be installed, in $XDG_DATA_HOME/cpick/po, else ~/.local/share/cpick/po")
  func userDataFolder() {
    #expect(L10n.userDataFolder { ["XDG_DATA_HOME": "/x/data", "HOME": "/h"][$0] } == "/x/data")
    #expect(L10n.userDataFolder { ["XDG_DATA_HOME": "", "HOME": "/h"][$0] } == "/h/.local/share")
    #expect(L10n.userDataFolder { ["HOME": "/h"][$0] } == "/h/.local/share")
    #expect(L10n.catalogDirectories().contains(L10n.userDataFolder() + "/cpick/po"))
  }

  @Test("entries, continued strings, escapes, fuzzy and empty ones")
  func reading() {
    let catalog = MessageCatalog(
      po: """
        # a comment
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "esc cancel"
        msgstr "Esc 取消"

        msgid "a \\"quoted\\" "
        "text"
        msgstr "ein \\"zitierter\\" "
        "Text"

        #, fuzzy
        msgid "guess"
        msgstr "Vermutung"

        msgid "untranslated"
        msgstr ""

        msgctxt "card"
        msgid "back"
        msgstr "zurück"
        """)
    #expect(
      catalog.translations == [
        "esc cancel": "Esc 取消", "a \"quoted\" text": "ein \"zitierter\" Text", "card\u{4}back": "zurück",
      ])
  }

  @Test("placeholders in order, numbered, and %%")
  func substitution() {
    #expect(L10n.substitute("%s of %d", ["3", "7"]) == "3 of 7")
    #expect(L10n.substitute("%2$s von %1$s", ["a", "b"]) == "b von a")
    #expect(L10n.substitute("100%% %s", ["x"]) == "100% x")
    // A % that begins no placeholder is text; a missing value is empty; non-ASCII kept.
    #expect(L10n.substitute("50% off, %5 left, %x: %s", ["é"]) == "50% off, %5 left, %x: é")
    #expect(L10n.substitute("%s → %s → %3$s", ["ä"]) == "ä →  → ")
    #expect(L10n.substitute("%d%%", ["7"]) == "7%")
    // The same as reading the pattern into pieces (`translating`'s reading).
    for pattern in ["%s of %d", "%2$s von %1$s", "100%% %s", "%@: %s", "trailing %", "%%%s%%"] {
      let values = ["a", "b", "c"]
      let byPieces = L10n.pieces(of: pattern).map { piece -> String in
        switch piece {
        case .literal(let text): text
        case .value(let index): index < values.count ? values[index] : ""
        }
      }.joined()
      #expect(L10n.substitute(pattern, values) == byPieces, "\(pattern)")
    }
  }
}

@Suite("The language of messages")
struct MessageLanguageTests {
  @Test("CPICK_LANGUAGE before LC_ALL before LC_MESSAGES before LANG; empty ones skipped")
  func precedence() {
    func language(_ values: [String: String]) -> String { MessageLanguage.fromEnvironment { values[$0] }.code }
    #expect(language(["CPICK_LANGUAGE": "en", "LC_ALL": "de_DE.UTF-8"]) == "en")
    #expect(language(["CPICK_LANGUAGE": "zh_TW", "LANG": "en_US.UTF-8"]) == "zh_TW")
    #expect(language(["CPICK_LANGUAGE": "", "LANG": "ko_KR.UTF-8"]) == "ko")
    #expect(language(["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "fr_FR.UTF-8"]) == "de")
    #expect(language(["LC_ALL": "", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "fr_FR.UTF-8"]) == "ja")
    #expect(language(["LANG": "fr_FR.UTF-8"]) == "fr")
    #expect(language(["LC_ALL": "C", "LANG": "fr_FR.UTF-8"]) == "en")
    #expect(language([:]) == "en")
  }

  @Test("Chinese by region and script; unknown languages are English")
  func names() {
    #expect(MessageLanguage(localeName: "zh_CN.UTF-8").code == "zh_CN")
    #expect(MessageLanguage(localeName: "zh_SG").code == "zh_CN")
    #expect(MessageLanguage(localeName: "zh_TW.UTF-8").code == "zh_TW")
    #expect(MessageLanguage(localeName: "zh_HK.Big5").code == "zh_TW")
    #expect(MessageLanguage(localeName: "zh-Hant-TW").code == "zh_TW")
    #expect(MessageLanguage(localeName: "ko_KR.UTF-8").code == "ko")
    #expect(MessageLanguage(localeName: "es_MX.UTF-8@euro").code == "es")
    #expect(MessageLanguage(localeName: "POSIX").code == "en")
    #expect(MessageLanguage(localeName: "sv_SE.UTF-8").code == "en")
  }

  @Test("a language's texts come from its catalog; English and missing texts are the English")
  func lookup() {
    L10n.with(MessageLanguage(code: "de"), directory: catalogFolder) {
      #expect(L10n.text("esc cancel") != "esc cancel")
      #expect(L10n.text("no such text") == "no such text")
    }
    L10n.with(.english) { #expect(L10n.text("esc cancel") == "esc cancel") }
  }
}

@Suite("Texts kept in English, shown in the language")
struct StoredTextTests {
  @Test("a kept text, one with values, a value that is a text, a file:line in front, an unknown one")
  func translating() {
    let kept = "/tmp/a b.vcf:12: " + L10n.deferredFormat("jCard item %d: %s", 3, L10n.deferred("a property is malformed; skipped"))
    #expect(kept == "/tmp/a b.vcf:12: jCard item 3: a property is malformed; skipped")
    L10n.with(MessageLanguage(code: "de"), directory: catalogFolder) {
      let catalog = L10n.current.messages.translations
      let item = L10n.substitute(catalog["jCard item %d: %s"]!, ["3", catalog["a property is malformed; skipped"]!])
      #expect(L10n.translating(kept) == "/tmp/a b.vcf:12: " + item)
      #expect(L10n.translating("text outside BEGIN:VCARD … END:VCARD; ignored") == catalog["text outside BEGIN:VCARD … END:VCARD; ignored"])
      #expect(L10n.translating("/x.vcf:3: something cpick never says") == "/x.vcf:3: something cpick never says")
    }
    L10n.with(.english) { #expect(L10n.translating(kept) == kept) }
  }
}

@Suite("Dates in the language")
struct LocalizedDateTests {
  @Test("a birthday as each language writes it; English keeps ISO 8601 (nil: the caller's)")
  func dates() {
    func text(_ code: String, _ year: Int?, _ month: Int, _ day: Int) -> String? {
      L10n.with(MessageLanguage(code: code), directory: catalogFolder) {
        LocalizedDate.text(year: year, month: month, day: day)
      }
    }
    #expect(text("zh_CN", 1815, 12, 10) == "1815年12月10日")
    #expect(text("ja", 1815, 12, 10) == "1815年12月10日")
    #expect(text("ko", 1815, 12, 10) == "1815년 12월 10일")
    #expect(text("de", 1815, 12, 10) == "10. Dez. 1815")
    #expect(text("fr", 1815, 12, 10) == "10 déc. 1815")
    #expect(text("es", nil, 2, 29) == "29 feb")
    #expect(text("en", 1815, 12, 10) == nil)
    #expect(text("de", 2001, 2, 30) == nil)
  }
}
