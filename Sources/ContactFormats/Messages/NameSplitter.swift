import ContactKit
import CpickSupport
import Foundation

/// The parts of a person's name, as `NameSplitter` reads them from one line of text.
public struct NameParts: Sendable, Hashable {
  /// Titles at the start (`Dr.`, `Mrs`, `Sir`, …); fills `Contact.namePrefix`.
  public var namePrefix = ""
  /// The given name; fills `Contact.givenName`.
  public var givenName = ""
  /// Words between given and family name (`Ada King Lovelace` → `King`); fills `Contact.middleName`.
  public var middleName = ""
  /// The family name, with a leading particle (`van Beethoven`); fills `Contact.familyName`.
  public var familyName = ""
  /// Suffixes at the end (`Jr.`, `III`, `PhD`, …); fills `Contact.nameSuffix`.
  public var nameSuffix = ""
  /// A name in double quotes inside (`Ada "Countess" Lovelace`); fills `Contact.nickname`.
  public var nickname = ""

  /// Creates name parts.
  public init(
    namePrefix: String = "", givenName: String = "", middleName: String = "", familyName: String = "",
    nameSuffix: String = "", nickname: String = ""
  ) {
    self.namePrefix = namePrefix
    self.givenName = givenName
    self.middleName = middleName
    self.familyName = familyName
    self.nameSuffix = nameSuffix
    self.nickname = nickname
  }

  /// Whether every part is empty.
  public var isEmpty: Bool {
    [namePrefix, givenName, middleName, familyName, nameSuffix, nickname].allSatisfy(\.isEmpty)
  }

  /// Sets `contact`'s name prefix, given, middle and family names, suffix and nickname
  /// to these parts.
  public func fill(_ contact: inout Contact) {
    contact.namePrefix = namePrefix
    contact.givenName = givenName
    contact.middleName = middleName
    contact.familyName = familyName
    contact.nameSuffix = nameSuffix
    contact.nickname = nickname
  }
}

/// Splits a display name (from a mail header, a form, a script) into name parts.
///
/// Rules, in order:
/// - White space is collapsed; quotes around the whole name (`'Ada Lovelace'`) are
///   dropped; a name in double quotes inside (`Ada "Countess" Lovelace`) is the nickname.
/// - **Han, Kana or Hangul** (王小明, 佐藤花子, 김민준): family name first. With a space
///   or a comma, the first part is the family name. Without, the longest surname of a
///   table of common Chinese (incl. two-character ones: 欧阳, 司马, 诸葛, 上官 …),
///   Japanese (佐藤, 鈴木, 佐々木 …) and Korean (김, 이, 박, 남궁 …) surnames that the name
///   starts with; failing that, for a name with kana, the leading kanji; for four or
///   more kanji, the first two (Japanese); else the first character.
/// - A part in parentheses at the end (`张伟 (Zhang Wei)`, `Ada Lovelace (Acme)`) is
///   left out: the name in another script, or a remark.
/// - **A comma**: `Lovelace, Ada` is family, then given (and middle) names. When
///   what follows the comma is only suffixes (`King, Jr.`), they are the suffix instead.
/// - Titles at the start (`Dr.`, `Prof.`, `Mr`, `Mrs`, `Ms`, `Mx`, `Sir`, `Dame`, …,
///   and after one the parts of a German doctorate: `Prof. Dr. med.`) are the prefix; `Jr.`, `Sr.`, `II`–`V`, `PhD`, `MD`, `Esq.` … at the end the suffix
///   (only when a name remains).
/// - One word is a given name.
/// - A first word that is a Vietnamese family name with its diacritics (`Nguyễn Văn An`)
///   is the family name, the last word the given name, those between the middle name.
/// - A first word in capitals followed by others that are not (`LOVELACE Ada`, as
///   French and administrative mail writes it) is the family name.
/// - Otherwise the first word is the given name, the last the family name, and any
///   words between are the **middle name** (`Ada King Lovelace` → middle `King`) —
///   except that a lower-case particle (`van`, `von`, `de`, `da`, `di`, `du`, `del`,
///   `della`, `der`, `den`, `la`, `le`, `dos`, `das`, `ten`, `ter`, `bin`, `ibn`, `al`)
///   after the first word starts the family name (`Ludwig van Beethoven` → family
///   `van Beethoven`).
public enum NameSplitter {
  /// The name parts of `name`.
  public static func split(_ name: String) -> NameParts {
    var text = name.collapsingWhitespace
    text = stripEnclosingQuotes(text)
    var parts = NameParts()
    // A nickname in double quotes inside the name (whose bytes hold `"` or the lead
    // byte of `“`, looked for first: most names have neither).
    if text.utf8.contains(where: { $0 == 0x22 || $0 == 0xE2 }), let open = text.firstIndex(where: { $0 == "\"" || $0 == "“" }),
      let close = text[text.index(after: open)...].firstIndex(where: { $0 == "\"" || $0 == "”" })
    {
      let nickname = text[text.index(after: open)..<close].trimmingSpaces
      let rest = (String(text[..<open]) + " " + String(text[text.index(after: close)...]))
        .split(separator: " ").joined(separator: " ")
      if !nickname.isEmpty && !rest.isEmpty {
        parts.nickname = nickname
        text = rest
      }
    }
    // A part in parentheses at the end (`张伟 (Zhang Wei)`, `Ada Lovelace (Acme)`, full-width
    // ones too): the name in another script, or a remark — no part of the name when one
    // is before it.
    if text.last == ")" || text.last == "）", let open = text.lastIndex(where: { $0 == "(" || $0 == "（" }) {
      let before = text[..<open].trimmingSpaces
      if !before.isEmpty { text = before }
    }
    guard !text.isEmpty else { return parts }
    if ContactFormatter.isCJK(text) {
      splitCJK(text, into: &parts)
      return parts
    }
    // `Family, Given Middle` or `Given Family, Suffix`.
    if text.utf8.contains(0x2C), let comma = text.firstIndex(of: ",") {
      let before = text[..<comma].trimmingSpaces
      let afterParts = text[text.index(after: comma)...].split(separator: ",").map {
        $0.trimmingSpaces
      }.filter { !$0.isEmpty }
      let after = afterParts.first ?? ""
      if after.isEmpty || afterParts.allSatisfy({ $0.split(separator: " ").allSatisfy { isSuffix(String($0)) } }) {
        var parsed = splitWords(before)
        let suffixes = afterParts.joined(separator: ", ")
        parsed.nameSuffix = [parsed.nameSuffix, suffixes].filter { !$0.isEmpty }.joined(separator: ", ")
        parsed.nickname = parts.nickname
        return parsed
      }
      var words = after.split(separator: " ").map(String.init)
      while words.count > 1, isPrefix(words[0]) {
        parts.namePrefix = [parts.namePrefix, words.removeFirst()].filter { !$0.isEmpty }.joined(separator: " ")
      }
      parts.familyName = before
      parts.givenName = words.first ?? ""
      parts.middleName = words.dropFirst().joined(separator: " ")
      let extra = afterParts.dropFirst()
      if !extra.isEmpty { parts.nameSuffix = extra.joined(separator: ", ") }
      return parts
    }
    var parsed = splitWords(text)
    parsed.nickname = parts.nickname
    return parsed
  }

  /// `Prefix Given Middle Family Suffix` without a comma.
  static func splitWords(_ text: String) -> NameParts {
    var parts = NameParts()
    var words = text.split(separator: " ").map(String.init)
    var prefixes: [String] = []
    while words.count > 1, isPrefix(words[0]) || !prefixes.isEmpty && isDegreePart(words[0]) {
      prefixes.append(words.removeFirst())
    }
    var suffixes: [String] = []
    while words.count > 1, let last = words.last, isSuffix(last) { suffixes.insert(words.removeLast(), at: 0) }
    parts.namePrefix = prefixes.joined(separator: " ")
    parts.nameSuffix = suffixes.joined(separator: " ")
    guard let first = words.first else { return parts }
    if words.count == 1 {
      parts.givenName = first
      return parts
    }
    // A Vietnamese name, family name first (`Nguyễn Văn An`): given name last.
    if first.utf8.contains(where: { $0 >= 0x80 }),
      vietnameseSurnames.contains(first.precomposedStringWithCanonicalMapping.lowercased())
    {
      parts.familyName = first
      parts.givenName = words[words.count - 1]
      parts.middleName = words[1..<(words.count - 1)].joined(separator: " ")
      return parts
    }
    if isCapitalized(first) && !words.dropFirst().allSatisfy(isCapitalized) {
      parts.familyName = first
      parts.givenName = words[1]
      parts.middleName = words.dropFirst(2).joined(separator: " ")
      return parts
    }
    let familyStart = (1..<(words.count - 1)).first { index in
      particles.contains(words[index]) && words[index] == words[index].lowercased()
    } ?? (words.count - 1)
    parts.givenName = first
    parts.middleName = words[1..<familyStart].joined(separator: " ")
    parts.familyName = words[familyStart...].joined(separator: " ")
    return parts
  }

  // MARK: CJK

  static func splitCJK(_ text: String, into parts: inout NameParts) {
    let separators: Set<Character> = [" ", ",", "，", "、", "・", "·", "　"]
    let words = text.split(whereSeparator: { separators.contains($0) }).map(String.init)
    if words.count >= 2 {
      parts.familyName = words[0]
      parts.givenName = words.dropFirst().joined()
      return
    }
    let family = cjkFamilyName(text)
    parts.familyName = family
    parts.givenName = String(text.dropFirst(family.count))
  }

  /// The family name a CJK name written without a space starts with (see the type's
  /// rules); the whole name when it is one character.
  public static func cjkFamilyName(_ name: String) -> String {
    guard name.count > 1 else { return name }
    for length in stride(from: min(3, name.count - 1), through: 1, by: -1) {
      let prefix = String(name.prefix(length))
      if surnames.contains(prefix) { return prefix }
    }
    let scalars = name.unicodeScalars
    let hasKana = scalars.contains { (0x3040...0x30FF).contains($0.value) }
    if hasKana {
      let han = name.prefix { $0.unicodeScalars.allSatisfy { isHan($0) } }
      if !han.isEmpty && han.count < name.count { return String(han) }
    }
    if name.count >= 4 && name.allSatisfy({ $0.unicodeScalars.allSatisfy(isHan) }) { return String(name.prefix(2)) }
    return String(name.prefix(1))
  }

  static func isHan(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3005, 0x3006, 0x3007, 0x303B, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true
    default: return false
    }
  }

  /// Common surnames: Chinese compound and common single ones (simplified and
  /// traditional), Japanese, Korean (Hangul).
  static let surnames: Set<String> = {
    let chineseCompound = "欧阳 歐陽 司马 司馬 诸葛 諸葛 上官 东方 東方 皇甫 尉迟 尉遲 公孙 公孫 慕容 令狐 夏侯 长孙 長孫 宇文 司徒 轩辕 軒轅 端木 独孤 獨孤 南宫 南宮 西门 西門 闻人 聞人 澹台 澹臺 公羊 赫连 赫連 呼延 钟离 鍾離 万俟 太史 申屠 左丘 第五 拓跋"
    let japanese = """
      佐藤 鈴木 高橋 田中 伊藤 渡辺 渡邊 渡部 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 斎藤 斉藤 清水 山崎 \
      池田 橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 遠藤 青木 坂本 福田 太田 西村 藤井 金子 \
      岡本 藤原 中野 三浦 原田 中川 松田 竹内 小野 田村 中山 和田 石田 森田 上田 柴田 酒井 工藤 横山 宮崎 宮本 内田 高木 \
      安藤 島田 谷口 大野 高田 丸山 今井 河野 藤本 村田 武田 上野 杉山 増田 小山 大塚 平野 菅原 久保 松井 千葉 岩崎 桜井 \
      木下 野口 松尾 菊地 野村 新井 渡邉 大西 北村 五十嵐 小松 吉川 山内 西田 菊池 樋口 福島 秋山 永井 中西 夏目 芥川
      """
    let chinese = """
      王 李 张 張 刘 劉 陈 陳 杨 楊 黄 黃 赵 趙 吴 吳 周 徐 孙 孫 马 馬 朱 胡 郭 何 高 林 罗 羅 郑 鄭 梁 谢 謝 宋 唐 许 許 \
      韩 韓 冯 馮 邓 鄧 曹 彭 曾 肖 田 董 袁 潘 于 蒋 蔣 蔡 余 杜 叶 葉 程 苏 蘇 魏 吕 呂 丁 任 沈 姚 卢 盧 姜 崔 钟 鍾 谭 譚 \
      陆 陸 汪 范 金 石 廖 贾 賈 夏 韦 韋 付 方 白 邹 鄒 孟 熊 秦 邱 江 尹 薛 闫 閻 段 雷 侯 龙 龍 史 陶 黎 贺 賀 顾 顧 毛 郝 \
      龚 龔 邵 万 萬 钱 錢 严 嚴 覃 武 戴 莫 孔 向 汤 湯 常 温 溫 康 施 文 牛 樊 葛 邢 安 齐 齊 易 乔 喬 伍 庞 龐 颜 顏 倪 庄 莊 \
      聂 聶 章 鲁 魯 岳 翟 殷 詹 申 欧 歐 耿 关 關 兰 蘭 焦 俞 左 柳 甘 祝 包 宁 寧 尚 符 舒 阮 柯 纪 紀 梅 童 凌 毕 畢 单 單 \
      季 裴 霍 涂 成 苗 谷 盛 曲 翁 冉 骆 駱 蓝 藍 路 游 辛 靳 管 柴 蒙 鲍 鮑 华 華 喻 祁 蒲 房 滕 屈 饶 饒 解 牟 艾 尤 阳 陽 \
      时 時 穆 农 農 司 卓 古 吉 缪 繆 简 簡 车 車 项 項 连 連 芦 蘆 麦 麥 褚 娄 婁 窦 竇 戚 岑 景 党 黨 宫 宮 费 費 卜 冷 晏 \
      席 卫 衛 米 柏 宗 瞿 桂 全 佟 应 應 臧 闵 閔 苟 邬 鄔 边 邊 卞 姬 师 師 和 仇 栾 欒 隋 商 刁 沙 荣 榮 巫 寇 桑 郎 甄 丛 叢 \
      仲 虞 敖 巩 鞏 明 佘 池 查 麻 苑 迟 遲 邝 鄺 官 封 谈 談 匡 鞠 惠 荆 荊 乐 樂 冀 郁 胥 南 班 储 儲 原 栗 燕 楚 鄢 劳 勞 \
      谌 諶 奚 皮 粟 冼 蔺 藺 楼 樓 盘 盤 满 滿 闻 聞 位 厉 厲 伊 仝 区 區 郜 海 阚 闞 花 权 權 强 強 帅 帥 屠 豆 朴 盖 蓋 练 練 \
      廉 禹 井 祖 漆 巴 丰 豐 支 卿 国 國 狄 平 计 計 索 宣 晋 晉 相 初 门 門 云 雲 容 敬 来 來 扈 晁 芮 都 普 阙 闕 浦 戈 伏 \
      鹿 薄 邸 雍 辜 羊 阿 乌 烏 母 裘 亓 修 邰 赫 杭 况 況 那 宿 鲜 鮮 印 逯 隆 茹 诸 諸 战 戰 慕 危 玉 银 銀 亢 嵇 公 哈 湛 宾 賓 \
      戎 勾 茅 利 於 呼 居 揭 干 但 尉 冶 斯 元 束 檀 衣 信 展 阴 陰 昝 智 幸 奉 植 衡 富 尧 堯 闭 閉 由
      """
    let korean = """
      김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 류 유 전 홍 고 문 양 손 배 백 허 남 심 노 하 곽 성 차 주 우 구 \
      민 진 나 지 엄 채 원 천 방 공 현 함 변 염 여 추 도 소 석 선 설 마 길 연 위 표 명 기 반 왕 금 옥 육 인 맹 제 모 탁 \
      국 어 은 편 용 예 경 봉 사 부 가 복 태 목 형 피 두 감 음 빈 동 온 호 범 좌 남궁 황보 제갈 사공 선우 서문 독고 동방
      """
    var set = Set<String>()
    for list in [chineseCompound, japanese, chinese, korean] {
      for word in list.split(whereSeparator: { $0.isWhitespace || $0 == "\\" }) { set.insert(String(word)) }
    }
    return set
  }()

  // MARK: Words

  static let particles: Set<String> = [
    "van", "von", "de", "da", "di", "du", "del", "della", "der", "den", "la", "le", "dos", "das", "do", "ten", "ter",
    "bin", "ibn", "al", "zu", "y",
  ]

  static let prefixes: Set<String> = [
    "dr", "prof", "mr", "mrs", "ms", "mx", "miss", "sir", "dame", "rev", "frau", "herr", "mme", "mlle", "dott", "dott.ssa",
    "dipl.-ing",
  ]

  static let suffixes: Set<String> = [
    "jr", "sr", "ii", "iii", "iv", "v", "phd", "ph.d", "md", "m.d", "esq", "dds", "mba", "msc", "bsc", "obe", "mbe", "cbe",
    "kc", "qc",
  ]

  /// The words a German doctorate adds after `Dr.` (`Dr. med.`, `Dr. rer. nat.`,
  /// `Dr. h.c.`), with their dot: part of the prefix after a title, never a name's first
  /// word alone (`Nat King Cole`).
  static let degreeParts: Set<String> = [
    "med.", "dent.", "vet.", "jur.", "phil.", "rer.", "nat.", "pol.", "oec.", "soc.", "theol.", "h.c.", "habil.",
    "mult.", "sc.", "techn.",
  ]

  static func isDegreePart(_ word: String) -> Bool { degreeParts.contains(word.lowercased()) }

  /// Common Vietnamese family names as written with their diacritics (lower case,
  /// compared so, `NGUYỄN` too), which a name
  /// written in Vietnamese order begins with (`Nguyễn Văn An`: family `Nguyễn`, given
  /// `An`); without them (`Nguyen`), the name may be in either order and is read as
  /// any other.
  static let vietnameseSurnames: Set<String> = [
    "nguyễn", "trần", "lê", "phạm", "hoàng", "huỳnh", "vũ", "võ", "đặng", "bùi", "đỗ", "hồ", "ngô", "dương", "lý",
    "đào", "đinh", "trương", "lâm", "trịnh", "lưu", "tạ", "tô", "đoàn", "lương", "phùng", "quách", "tăng", "thái",
  ]

  static func isPrefix(_ word: String) -> Bool {
    let lower = word.lowercased()
    return prefixes.contains(lower) || prefixes.contains(String(lower.dropLast())) && lower.hasSuffix(".")
  }

  static func isSuffix(_ word: String) -> Bool {
    var lower = word.lowercased()
    if lower.hasSuffix(".") { lower.removeLast() }
    guard suffixes.contains(lower) else { return false }
    // A one-letter "V" is only a suffix when written in capitals.
    return lower != "v" || word == "V"
  }

  /// A word of two or more letters, all upper case.
  static func isCapitalized(_ word: String) -> Bool {
    if word.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII, told by its bytes: no lower-case letter, two upper-case ones or more.
      var capitals = 0
      for byte in word.utf8 {
        if byte >= 0x61 && byte <= 0x7A { return false }
        if byte >= 0x41 && byte <= 0x5A { capitals += 1 }
      }
      return capitals >= 2
    }
    let letters = word.filter(\.isLetter)
    return letters.count >= 2 && letters == letters.uppercased() && letters != letters.lowercased()
  }

  static func stripEnclosingQuotes(_ text: String) -> String {
    // Every opening quote begins with one of these bytes (`“` and `‘` with 0xE2).
    guard let first = text.utf8.first, first == 0x27 || first == 0x22 || first == 0xE2 else { return text }
    let pairs: [(Character, Character)] = [("'", "'"), ("\"", "\""), ("“", "”"), ("‘", "’")]
    for (open, close) in pairs where text.first == open && text.last == close && text.count >= 2 {
      return String(text.dropFirst().dropLast()).trimmingSpaces
    }
    return text
  }
}
