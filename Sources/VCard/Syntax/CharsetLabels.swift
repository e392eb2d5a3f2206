/// The charset `iconv(3)` is asked for when a card names `CHARSET=label`, as the WHATWG
/// Encoding Standard reads the labels mail and vCard writers use: its decoder for
/// `shift_jis` is Windows-31J (CP932: the NEC and IBM characters Japanese phones and
/// Windows write, `㈱`, `①`, `髙`), for `euc-kr` UHC (CP949: `똠`), for `big5`
/// Big5-HKSCS, for `gb2312` and `gbk` GB18030; and the labels `iconv` does not know
/// (`ks_c_5601-1987` of Korean Outlook, `x-sjis`, `x-x-big5`, `ISO-8859-8-I`,
/// `x-mac-roman`).
enum CharsetLabels {
  /// The `iconv` name for `label` (any case, blanks trimmed); `label` upper-cased when
  /// it is not one of these.
  static func decoderName(_ label: String) -> String {
    let name = label.trimmingBlanks().uppercased()
    return aliases[name] ?? name
  }

  /// Whether `label` names a double-byte East Asian charset (Shift_JIS, EUC-KR, GB,
  /// Big5, EUC-JP), whose characters take the ASCII letter after a Latin-1 byte.
  static func isDoubleByte(_ label: String) -> Bool {
    ["CP932", "CP949", "BIG5-HKSCS", "GB18030", "EUC-JP", "EUC-TW", "EUC-JP-MS"].contains(decoderName(label))
  }

  private static let aliases: [String: String] = {
    var table: [String: String] = [:]
    let groups: [(String, [String])] = [
      ("CP932", ["SHIFT_JIS", "SHIFT-JIS", "SJIS", "X-SJIS", "MS_KANJI", "CSSHIFTJIS", "WINDOWS-31J", "MS932"]),
      (
        "CP949",
        [
          "EUC-KR", "EUCKR", "KS_C_5601-1987", "KS_C_5601-1989", "KSC5601", "KSC_5601", "KOREAN", "WINDOWS-949",
          "X-WINDOWS-949", "CSEUCKR", "CSKSC56011987", "ISO-IR-149", "UHC", "MS949",
        ]
      ),
      ("BIG5-HKSCS", ["BIG5", "BIG-5", "X-X-BIG5", "CN-BIG5", "CSBIG5", "BIG5HKSCS"]),
      (
        "GB18030",
        [
          "GB2312", "GBK", "X-GBK", "CHINESE", "CSGB2312", "ISO-IR-58", "GB_2312-80", "CSISO58GB231280", "CP936", "MS936",
          "WINDOWS-936",
        ]
      ),
      ("ISO-8859-8", ["ISO-8859-8-I", "ISO-8859-8-E", "CSISO88598I", "CSISO88598E", "LOGICAL", "VISUAL", "ISO_8859-8"]),
      ("MACINTOSH", ["X-MAC-ROMAN", "MAC", "CSMACINTOSH", "MACROMAN"]),
      ("MAC-CYRILLIC", ["X-MAC-CYRILLIC", "X-MAC-UKRAINIAN"]),
      ("CP874", ["WINDOWS-874", "DOS-874", "ISO-8859-11", "TIS-620"]),
      ("WINDOWS-1252", ["ANSI", "CP1252", "X-CP1252", "ISO-8859-1", "ISO8859-1", "ISO_8859-1", "LATIN1", "L1"]),
    ]
    for (name, labels) in groups {
      for label in labels { table[label] = name }
    }
    return table
  }()
}
