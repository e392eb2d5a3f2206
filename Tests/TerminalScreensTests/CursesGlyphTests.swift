@preconcurrency import CNcursesw
import Testing
import TerminalKit

@testable import TerminalScreens

#if canImport(Glibc)
  import Glibc
#endif

/// What ncurses is given for a cluster: every character of an Indic cluster, one cell
/// per spacing character (a user trial showed `प्रिया शर्मा` as `पय शर`: only the first
/// character of each cluster was drawn).
@Suite("Curses glyphs")
struct CursesGlyphTests {
  /// Runs `body` with this thread's character type UTF-8, as `CursesScreen` sets it up
  /// (the C library's `wcwidth` is -1 for every non-ASCII character in the C locale).
  func inUTF8<T>(_ body: () throws -> T) rethrows -> T {
    let utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
    let previous = uselocale(utf8)
    defer {
      uselocale(previous)
      if let utf8 { freelocale(utf8) }
    }
    return try body()
  }

  /// The characters of `glyph` without the terminators, and the columns of each part.
  func cells(_ glyph: CursesGlyph) -> ([[UInt32]], [Int]) {
    (glyph.parts.map { $0.characters.dropLast().map { UInt32(bitPattern: $0) } }, glyph.parts.map(\.width))
  }

  @Test("A Devanagari cluster is one cell per spacing character, the virama with its consonant")
  func devanagari() {
    inUTF8 {
      let (characters, widths) = cells(CursesGlyph("प्रि", width: 3))
      #expect(characters == [[0x92A, 0x94D], [0x930], [0x93F]])
      #expect(widths == [1, 1, 1])
    }
  }

  @Test("Every character of Indic, Thai and accented names reaches ncurses, in their columns")
  func wholeNames() {
    inUTF8 {
      for name in ["प्रिया शर्मा", "नीलगिरि टेक्सटाइल्स", "সৌমিত্র নীলগিরি", "தமிழ் செல்வி", "กำ", "Zoe\u{308}"] {
        for cluster in name {
          let width = TerminalText.width(cluster)
          let (characters, widths) = cells(CursesGlyph(String(cluster), width: width))
          #expect(characters.joined().map { $0 } == cluster.unicodeScalars.map(\.value), "\(cluster) in \(name)")
          #expect(widths.reduce(0, +) == width, "\(cluster) in \(name)")
        }
      }
    }
  }

  @Test("A character alone is as wide as the C library says (the terminal and ncurses place it so), but a lone regional indicator")
  func widthsAsTheCLibrary() {
    inUTF8 {
      var differ: [String] = []
      for value in UInt32(0x20)...0x3FFFF {
        guard let scalar = Unicode.Scalar(value), !(0x1F1E6...0x1F1FF).contains(value) else { continue }
        let columns = Int(cWidth(wchar_t(bitPattern: value)))
        // Unprintable for the C library (unassigned in its tables, controls): drawn as �.
        guard columns >= 0, TerminalText.width(Character(scalar)) != columns else { continue }
        differ.append(String(value, radix: 16))
      }
      // U+1171E, an Ahom medial that the C library's older tables take for a mark.
      #expect(differ.filter { $0 != "1171e" } == [])
    }
  }

  @Test("A joiner outside emoji is left out; emoji the terminal joins keep their columns")
  func joinersAndEmoji() {
    inUTF8 {
      #expect(cells(CursesGlyph("क्\u{200D}ष", width: 2)).0 == [[0x915, 0x94D], [0x937]])
      // ncurses cannot hold a ZWJ sequence in one cell: its base keeps the columns.
      #expect(cells(CursesGlyph("👨‍👩‍👧‍👦", width: 2)) == ([[0x1F468]], [2]))
      #expect(cells(CursesGlyph("\u{2764}\u{FE0F}", width: 2)) == ([[0x2764]], [1]))
      #expect(cells(CursesGlyph("🇳🇿", width: 2)) == ([[0x1F1F3], [0x1F1FF]], [1, 1]))
      // A tag sequence (🏴 and the tags of gbsct, then CANCEL TAG) does not fit one
      // cell: the base alone, never the tags that fit.
      let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
      #expect(cells(CursesGlyph(scotland, width: 2)).0 == [[0x1F3F4]])
      // Cut at the screen's edge: the base alone.
      #expect(cells(CursesGlyph("प्रि", width: 1)) == ([[0x92A]], [1]))
    }
  }
}
