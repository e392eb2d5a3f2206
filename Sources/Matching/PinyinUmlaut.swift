/// The pinyin `ü` as Chinese typists and passports write it: an input method types it
/// `v` (`lv` for 吕 `lǚ`, `nv` for 女 `nǚ`), a passport `yu` (`LYU`); ICU's
/// `Latin-ASCII` makes it `u`, so that 吕 and 卢 (`lú`) read alike. After `l` and `n`
/// only (`ju`, `qu`, `xu`, `yu` are `ü` by rule and typed `u`).
enum PinyinUmlaut {
  /// The characters of U+3400–U+9FFF that ICU's `Han-Latin` reads with `ü` (`lü`,
  /// `lüe`, `nü`, `nüe` in some tone): 108 of them, made from ICU once
  /// (`PinyinUmlautTests` checks each against it).
  static let characters: Set<Unicode.Scalar> = Set("㑼㔀㔧㗉㛎㠥㨼㭚㲶㵖㻲㾔䂮䌎䔞䕡䖈䖋䖡䘐䚼䛚䤣䥨䨋䶊侣侶儢勴吕呂圙垏女寽屡屢履嵂律恧慮挔捋捛掠擽旅朒梠榈櫖櫚氀氯沑滤濾焒爈率略畧疟瘧硸祣稆稤穞穭箻籹絽綠緑縷繂绿缕膂膐膟膢葎藘虐虑衂衄褛褸郘釹鋁鋝鋢鑢钕铝锊閭闾馿驢驴鷜".unicodeScalars)

  /// The other spellings of `syllables` (the readings of `text`'s characters, one
  /// each) where a character of `characters` is read: its `u` as `v`, and as `yu`;
  /// nil when there is none, or the readings do not follow the characters one to one.
  static func spellings(_ text: String, syllables: [Substring]) -> (typed: [String], passport: [String])? {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count == syllables.count, scalars.contains(where: characters.contains) else { return nil }
    var typed: [String] = []
    var passport: [String] = []
    for (scalar, syllable) in zip(scalars, syllables) {
      guard characters.contains(scalar), syllable.count >= 2, syllable.dropFirst().first == "u",
        syllable.first == "l" || syllable.first == "n"
      else {
        typed.append(String(syllable))
        passport.append(String(syllable))
        continue
      }
      let initial = syllable.prefix(1)
      let rest = syllable.dropFirst(2)
      typed.append(initial + "v" + rest)
      passport.append(initial + "yu" + rest)
    }
    return (typed, passport)
  }
}
