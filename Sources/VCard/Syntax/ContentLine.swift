import ContactKit
import CpickSupport
import Synchronization

/// A parameter of a content line (RFC 6350 §5, RFC 2426 §4, vCard 2.1 §2.1.2).
///
/// `name` is upper-cased for comparison; a vCard 2.1 bare parameter (`TEL;CELL:`)
/// has `name == nil` and its word in `values`. Values are as written, with RFC 6868
/// `^` escapes and surrounding quotes removed; `TYPE=a,b` gives two values.
public struct VCardParameter: Sendable, Hashable {
  /// The parameter name, upper-cased (`TYPE`); `nil` for a vCard 2.1 bare parameter.
  public var name: String?
  /// The values as written, unescaped (RFC 6868) and unquoted; `TYPE=a,b` gives two.
  public var values: [String]

  /// Creates a parameter.
  public init(name: String?, values: [String]) {
    self.name = name
    self.values = values
  }
}

/// One logical content line of a card: `[group.]NAME;params:value`
/// (RFC 6350 §3.3), after unfolding, with the line number where it began.
///
/// The syntax layer is lossless: `text` keeps the logical line exactly as it was
/// written (unfolded, undecoded), so a line nobody changed is written back as it came.
///
/// A line read by `VCardReader` keeps only where its bytes are in the input; its
/// `parameters`, `value` and `text` are made from them when asked for (each time:
/// keep the result rather than asking twice in a loop). Setting one of them stores
/// it; setting `parameters` first fixes `value` as it was decoded.
public struct ContentLine: Sendable {
  /// The group prefix as written (`item1` in `item1.EMAIL`), or `nil`.
  public var group: String?
  /// The property name, upper-cased (`EMAIL`, `X-ABLABEL`).
  public var name: String {
    get { storedName }
    set {
      storedName = newValue
      kind = PropertyKind(newValue)
    }
  }
  private var storedName: String
  /// What `name` is, for the reader and the mapping.
  private(set) var kind: PropertyKind
  /// 1-based number of the physical line where this content line starts.
  public var lineNumber: Int
  /// Where the line's bytes are in the input that was read — its physical lines,
  /// folds and line end included — or `nil` for a line not read from bytes.
  public var sourceRange: Range<Int>?

  /// What was set in code (or given to the public initializer); `nil` for a line
  /// as read. Copied on write.
  private var edits: Edits?
  var storedParameters: [VCardParameter]? { edits?.parameters }
  var storedValue: String? { edits?.value }
  var storedText: String? { edits?.text }

  /// The parts of a line set in code.
  private final class Edits: @unchecked Sendable {
    // Mutated only through `ContentLine.editable()`, when uniquely referenced.
    var parameters: [VCardParameter]?
    var value: String?
    var text: String?

    init(parameters: [VCardParameter]?, value: String?, text: String?) {
      self.parameters = parameters
      self.value = value
      self.text = text
    }
  }

  /// The edits of this line, copied first when shared.
  private mutating func editable() -> Edits {
    if let edits, isKnownUniquelyReferenced(&self.edits) { return edits }
    let copy = Edits(parameters: edits?.parameters, value: edits?.value, text: edits?.text)
    edits = copy
    return copy
  }
  /// Where the line is in the bytes it was read from, or `nil` for a line made in code.
  var raw: RawLine?

  /// The line's parameters in order (RFC 6350 §5); setting them keeps the value.
  public var parameters: [VCardParameter] {
    get { storedParameters ?? raw?.parameters() ?? [] }
    set {
      if storedValue == nil, let raw { editable().value = raw.value() }
      editable().parameters = newValue
    }
  }

  /// The value after transfer decoding and charset decoding, still with its vCard
  /// escapes (`\,` `\;` `\n`): quoted-printable decoded; base64 decoded for a text
  /// property (`PropertyKind.isText`: `FN;ENCODING=BASE64;CHARSET=UTF-8:…`, as some
  /// phones export names), left alone for data (`isBase64Data`).
  public var value: String {
    get { storedValue ?? raw?.value(textual: kind.isText) ?? "" }
    set { editable().value = newValue }
  }

  /// The parameters as written when they hold a `(` (Android's custom type
  /// `X-CUSTOM(…)`); nil otherwise, or for a line made in code.
  var parametersTextWithParenthesis: String? { storedParameters == nil ? raw?.parametersTextWithParenthesis() : nil }

  /// Whether the value is base64 data — a photo, a logo, a key, a vendor's picture
  /// with `ENCODING=BASE64` (2.1) or `ENCODING=b` (3.0) — kept in `value` as its
  /// base64 text. A text property written in base64 is not: its `value` is the text.
  public var isBase64Data: Bool { transferEncoding == "BASE64" && !kind.isText }

  /// The logical line as written: unfolded, not decoded.
  public var text: String {
    get { storedText ?? raw?.text() ?? "" }
    set { editable().text = newValue }
  }

  /// Creates a content line.
  public init(
    group: String?, name: String, parameters: [VCardParameter], value: String, text: String,
    lineNumber: Int, sourceRange: Range<Int>? = nil
  ) {
    self.group = group
    self.storedName = name
    self.kind = PropertyKind(name)
    self.edits = Edits(parameters: parameters, value: value, text: text)
    self.lineNumber = lineNumber
    self.sourceRange = sourceRange
  }

  /// A line read from bytes.
  init(group: String?, name: String, kind: PropertyKind, raw: RawLine, lineNumber: Int, sourceRange: Range<Int>) {
    self.group = group
    self.storedName = name
    self.kind = kind
    self.raw = raw
    self.lineNumber = lineNumber
    self.sourceRange = sourceRange
  }

  /// The raw line when parameters are as read and simple (no transfer encoding, no
  /// charset, no quotes, no `^`, ASCII): the fast paths work on its bytes.
  private var plainRaw: RawLine? {
    guard storedParameters == nil, let raw, raw.plainParameters else { return nil }
    return raw
  }

  /// All values of the parameters called `name` (case-insensitive), plus, for
  /// `TYPE`, the vCard 2.1 bare parameters.
  public func parameterValues(_ name: String) -> [String] {
    let wanted = name.uppercased()
    if let raw = plainRaw { return raw.parameterValues(wanted) }
    var out: [String] = []
    for parameter in parameters {
      if parameter.name == wanted || (parameter.name == nil && wanted == "TYPE") {
        out.append(contentsOf: parameter.values)
      }
    }
    return out
  }

  /// The `TYPE` values, lower-cased, split on commas (`TYPE=work,voice`, `TYPE=work;TYPE=voice`,
  /// 2.1 `;WORK;VOICE`), without transfer encodings and charsets written as bare words.
  public var types: [String] {
    if let raw = plainRaw { return raw.types() }
    var out: [String] = []
    for parameter in parameters where parameter.name == "TYPE" || parameter.name == nil {
      for value in parameter.values {
        for word in value.split(separator: ",") {
          let type = String(word).trimmingBlanks().lowercased()
          if type.isEmpty || (parameter.name == nil && VCardParameter.bareEncodings.contains(type)) { continue }
          out.append(type)
        }
      }
    }
    return out
  }

  /// The transfer encoding, upper-cased: `QUOTED-PRINTABLE`, `BASE64` (also for
  /// 3.0's `ENCODING=b`), `8BIT`, or `nil`; from `ENCODING=` or a 2.1 bare word.
  public var transferEncoding: String? {
    if storedParameters == nil, let raw, raw.simpleParameters { return nil }
    return VCardParameter.transferEncoding(in: parameters)
  }

  /// Whether the value is marked preferred: `TYPE=pref`, `PREF=n` (RFC 6350 §5.3).
  public var isPreferred: Bool {
    preference(types: types) != nil
  }

  /// The value's preference, 1 (most preferred) to 100: 4.0's `PREF=n` (RFC 6350
  /// §5.3; one above 100 read as 100, one below 1 or not a number as none), 3.0's
  /// `TYPE=pref` and 2.1's bare `PREF` as 1; `nil` when the line gives none.
  public var preference: Int? {
    preference(types: types)
  }

  /// `preference` with the line's `types` already at hand.
  func preference(types: [String]) -> Int? {
    let top = LabeledValue<String>.preferenceRange.lowerBound
    if types.contains("pref") { return top }
    if let raw = plainRaw, !raw.hasParameter("PREF") { return nil }
    guard let written = parameterValues("PREF").first else { return nil }
    // Not a number, or below 1 (`PREF=abc`, `PREF=0`, `PREF=-1`): no preference, so
    // that it does not come before a real `PREF=1`.
    guard let rank = Int(written.trimmingBlanks()), rank >= top else { return nil }
    return min(rank, LabeledValue<String>.preferenceRange.upperBound)
  }

  /// The `ALTID` (RFC 6350 §5.4: lines with the same one are alternative
  /// representations of one value, in other languages or scripts), or `nil`.
  var altID: String? {
    if storedParameters == nil, let raw, !raw.mayHaveAltID { return nil }
    return parameterValues("ALTID").first
  }

  /// Whether the line may be base64-encoded: `false` for a line read with simple
  /// parameters (no encoding named).
  var mayBeBase64: Bool {
    !(storedParameters == nil && raw?.simpleParameters == true)
  }

  /// Whether `value` is empty, found without decoding it when it can be: a raw
  /// value that is not quoted-printable and names no charset is empty only when
  /// it has no bytes.
  var valueIsEmpty: Bool {
    if storedValue == nil, let raw {
      if raw.colon + 1 == raw.end { return true }
      if raw.simpleParameters { return false }
      let parameters = raw.parameters()
      if VCardParameter.transferEncoding(in: parameters) != "QUOTED-PRINTABLE"
        && !parameters.contains(where: { $0.name == "CHARSET" })
      {
        return false
      }
    }
    return value.isEmpty
  }

  /// Calls `body` with the UTF-8 bytes of `text`, without making a String when the
  /// line was read from bytes.
  func withTextBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if storedText == nil, let raw {
      return raw.withBuffer { body(UnsafeBufferPointer(rebasing: $0[raw.start..<raw.end])) }
    }
    var text = text
    return text.withUTF8 { body($0) }
  }

  /// Whether the value, blanks around it removed, is the ASCII word `upper` in any
  /// case (`VCARD` for `BEGIN`/`END`), checked on the bytes when it can be.
  func valueIs(_ upper: StaticString) -> Bool {
    if storedValue == nil, let raw, raw.simpleParameters {
      return raw.withBuffer { buffer in
        var start = raw.colon + 1
        var end = raw.end
        while start < end && (buffer[start] == 0x20 || buffer[start] == 0x09) { start += 1 }
        while end > start && (buffer[end - 1] == 0x20 || buffer[end - 1] == 0x09) { end -= 1 }
        guard end - start == upper.utf8CodeUnitCount else { return false }
        let pattern = upper.utf8Start
        for offset in 0..<(end - start) {
          var byte = buffer[start + offset]
          if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
          if byte != pattern[offset] { return false }
        }
        return true
      }
    }
    return value.trimmingBlanks().uppercased() == upper.description
  }
}

extension ContentLine: Hashable {
  public static func == (a: ContentLine, b: ContentLine) -> Bool {
    a.group == b.group && a.name == b.name && a.lineNumber == b.lineNumber && a.sourceRange == b.sourceRange
      && a.parameters == b.parameters && a.value == b.value && a.text == b.text
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(group)
    hasher.combine(name)
    hasher.combine(lineNumber)
    hasher.combine(sourceRange)
    hasher.combine(value)
  }
}

/// The bytes a `VCardReader` read, shared by the lines read from them.
final class VCardSource: Sendable {
  /// The normalized input.
  let input: [UInt8]
  /// The legacy charset the file declares for values without one.
  let fallbackCharset: String?
  /// `toldCharset()` once made.
  private let told = Locked<String??>(nil)
  /// `toldCharset()` once made, read without the lock (values of every card ask):
  /// 0 not yet, else its index in `madeCharsets` (1: none).
  private let madeTold = Atomic<UInt8>(0)
  /// The charsets `madeTold` stands for, by its value.
  private static let madeCharsets: [String?] = [nil, nil, "EUC-KR", "GB18030"] + LegacyCharsetVerdict.charsets
  /// False for the reading that tallies the values (`toldCharset()`), whose own
  /// values (read while its cards are put together) must not ask again.
  private let tellsCharset: Bool
  /// The source whose values tell this one's legacy charset (a file's first cards,
  /// `tallied`, for the parts of a file read part by part); nil: its own.
  private let toldBy: VCardSource?

  init(input: [UInt8], fallbackCharset: String?, tellsCharset: Bool = true, toldBy: VCardSource? = nil) {
    self.input = input
    self.fallbackCharset = fallbackCharset
    self.tellsCharset = tellsCharset
    self.toldBy = toldBy
  }

  /// The legacy charset the input's values of no declared charset tell together
  /// (`CharsetDecoder.toldCharset(of:)`: a script's, or the Korean or Chinese one),
  /// made the first time a value asks for it (one that is not UTF-8, or that EUC-KR and
  /// GB2312 read too): the values of the input's first cards (`tallied`) read again,
  /// on this thread; the one `toldBy` tells when there is one.
  func toldCharset() -> String? {
    guard tellsCharset else { return nil }
    if let toldBy { return toldBy.toldCharset() }
    let made = madeTold.load(ordering: .acquiring)
    if made != 0 { return Self.madeCharsets[Int(made)] }
    return told.withLock { known in
      if let known { return known }
      // A source of the first cards alone (the parts reader's `toldBy`) is read as it is.
      let range = input.withUnsafeBufferPointer(Self.tallied)
      let tallied = range.count == input.count ? input : Array(input[range])
      // An input all UTF-8 and without quoted-printable values has no legacy value.
      let found: String?
      if tallied.withUnsafeBufferPointer(UTF8Check.isValid) && !Self.mentionsQuotedPrintable(tallied) {
        found = nil
      } else {
        found = CharsetDecoder.toldCharset(of: VCardReader.cardsForCharsetTally(tallied))
      }
      known = .some(found)
      let index = found.flatMap { found in Self.madeCharsets.lastIndex { $0 == found } } ?? 1
      madeTold.store(UInt8(index), ordering: .releasing)
      return found
    }
  }

  /// The bytes of `input` whose values tell its legacy charset: all of it up to
  /// `talliedBytes`, else its first cards within them (cut at the last card boundary);
  /// the same whether a file is read whole or part by part (`VCardReader.read(blocks:…)`
  /// reads this much before its first part of a legacy file), so that both read it
  /// alike. Thousands of values: plenty to tell (a phone's export is all of them).
  static func tallied(_ input: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    guard input.count > talliedBytes else { return 0..<input.count }
    let prefix = UnsafeBufferPointer(rebasing: input[..<talliedBytes])
    return 0..<(VCardReader.lastCardBoundary(prefix) ?? talliedBytes)
  }

  /// The most bytes `tallied` looks at.
  static let talliedBytes = 4 << 20

  /// Whether `input` holds `QUOTED-PRINTABLE`, in any case.
  static func mentionsQuotedPrintable(_ input: [UInt8]) -> Bool {
    let word = Array("QUOTED-PRINTABLE".utf8)
    return input.withUnsafeBufferPointer { buffer in
      var index = 0
      while index + word.count <= buffer.count {
        if buffer[index] | 0x20 == UInt8(ascii: "q") {
          var matched = 1
          while matched < word.count, buffer[index + matched] & 0xDF == word[matched] & 0xDF { matched += 1 }
          if matched == word.count { return true }
        }
        index += 1
      }
      return false
    }
  }
}

/// Where a content line is: its unfolded text `start..<end` in the source's input,
/// or in `joined` (its own unfolded copy) for a folded line; the parameters
/// `parametersStart..<colon` (from the `;` after the name), the value after `colon`.
struct RawLine: Sendable {
  let source: VCardSource
  let joined: [UInt8]?
  private let start32: UInt32
  private let end32: UInt32
  private let parametersStart32: UInt32
  private let colon32: UInt32
  var start: Int { Int(start32) }
  var end: Int { Int(end32) }
  var parametersStart: Int { Int(parametersStart32) }
  var colon: Int { Int(colon32) }
  /// No parameter that could name a transfer encoding or a charset, and no quotes.
  let simpleParameters: Bool
  /// Simple, and also ASCII without `^`: names and values are the bytes as written.
  let plainParameters: Bool
  /// Whether the parameters may hold an `ALTID` (`false`: they surely do not).
  let mayHaveAltID: Bool

  /// Offsets are kept in 32 bits: inputs up to 4 GiB.
  init(
    source: VCardSource, joined: [UInt8]?, start: Int, end: Int, parametersStart: Int, colon: Int,
    simpleParameters: Bool, plainParameters: Bool, mayHaveAltID: Bool
  ) {
    self.source = source
    self.joined = joined
    self.start32 = UInt32(start)
    self.end32 = UInt32(end)
    self.parametersStart32 = UInt32(parametersStart)
    self.colon32 = UInt32(colon)
    self.simpleParameters = simpleParameters
    self.plainParameters = plainParameters
    self.mayHaveAltID = mayHaveAltID
  }

  @inline(__always)
  func withBuffer<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let joined { return joined.withUnsafeBufferPointer(body) }
    return source.input.withUnsafeBufferPointer(body)
  }

  func text() -> String {
    withBuffer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
  }

  /// The parameters as written (from the `;` after the name to the colon), or nil
  /// when they have no `(`: what `AndroidCustomType` reads, looked for on the bytes.
  func parametersTextWithParenthesis() -> String? {
    guard parametersStart < colon else { return nil }
    return withBuffer { buffer in
      let header = UnsafeBufferPointer(rebasing: buffer[parametersStart..<colon])
      guard header.contains(UInt8(ascii: "(")) else { return nil }
      return String(decoding: header, as: UTF8.self)
    }
  }

  func parameters() -> [VCardParameter] {
    guard parametersStart < colon else { return [] }
    return withBuffer {
      ContentLineParser.parseParameters(
        UnsafeBufferPointer(rebasing: $0[parametersStart..<colon]), fallbackCharset: source.fallbackCharset)
    }
  }

  /// The value's bytes as the undeclared charset reads them: quoted-printable decoded,
  /// for a line that names no `CHARSET` (or names UTF-8 over bytes that are not, which
  /// are read as undeclared: `ValueDecoder.decode`) and is not base64; nil for any
  /// other line.
  func undeclaredBytes() -> [UInt8]? {
    withBuffer { buffer in
      let raw = Array(buffer[(colon + 1)..<end])
      if simpleParameters { return raw }
      let parameters = parameters()
      let charset = parameters.last { $0.name == "CHARSET" }?.values.first?.uppercased()
      guard charset == nil || charset == "UTF-8" || charset == "UTF8" else { return nil }
      let bytes: [UInt8]
      switch VCardParameter.transferEncoding(in: parameters) {
      case nil: bytes = raw
      case "QUOTED-PRINTABLE": bytes = ValueDecoder.decodeQuotedPrintable(raw)
      default: return nil
      }
      guard charset == nil || String(validating: bytes, as: UTF8.self) == nil else { return nil }
      return bytes
    }
  }

  /// The value, transfer- and charset-decoded. A `textual` line's base64
  /// (`FN;ENCODING=BASE64;CHARSET=UTF-8:…`) is decoded too; other lines keep theirs
  /// (a photo's data).
  func value(textual: Bool = false) -> String {
    withBuffer { buffer in
      let raw = UnsafeBufferPointer(rebasing: buffer[(colon + 1)..<end])
      let told = source.toldCharset
      if simpleParameters {
        return ValueDecoder.decode(
          raw, encoding: nil, charset: nil, fallbackCharset: source.fallbackCharset, told: told)
      }
      let parameters = parameters()
      if textual, let text = ValueDecoder.base64Text(raw, parameters: parameters, fallbackCharset: source.fallbackCharset) {
        return text
      }
      return ValueDecoder.decode(raw, parameters: parameters, fallbackCharset: source.fallbackCharset, told: told)
    }
  }

  /// Calls `body` with each parameter of plain parameters: its name bytes
  /// `nameStart..<nameEnd` (empty for a bare word) and its value bytes
  /// `valueStart..<valueEnd` (the whole word for a bare one).
  @inline(__always)
  private func forEachParameter(
    _ buffer: UnsafeBufferPointer<UInt8>,
    _ body: (_ nameStart: Int, _ nameEnd: Int, _ valueStart: Int, _ valueEnd: Int) -> Void
  ) {
    let colon = self.colon
    var fieldStart = parametersStart + 1
    while fieldStart <= colon {
      var fieldEnd = fieldStart
      while fieldEnd < colon && buffer[fieldEnd] != UInt8(ascii: ";") { fieldEnd += 1 }
      var s = fieldStart
      var e = fieldEnd
      while s < e && (buffer[s] == 0x20 || buffer[s] == 0x09) { s += 1 }
      while e > s && (buffer[e - 1] == 0x20 || buffer[e - 1] == 0x09) { e -= 1 }
      if s < e {
        var equals = s
        while equals < e && buffer[equals] != UInt8(ascii: "=") { equals += 1 }
        if equals == e {
          body(s, s, s, e)
        } else {
          var nameEnd = equals
          while nameEnd > s && (buffer[nameEnd - 1] == 0x20 || buffer[nameEnd - 1] == 0x09) { nameEnd -= 1 }
          body(s, nameEnd, equals + 1, e)
        }
      }
      fieldStart = fieldEnd + 1
    }
  }

  @inline(__always)
  private static func equalsUppercased(
    _ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ upper: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard upper.count == end - start else { return false }
    for offset in 0..<upper.count {
      var byte = buffer[start + offset]
      if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
      if byte != upper[offset] { return false }
    }
    return true
  }

  /// `ContentLine.parameterValues` for plain parameters; `wanted` upper-cased.
  func parameterValues(_ wanted: String) -> [String] {
    var wanted = wanted
    return wanted.withUTF8 { upper in
      withBuffer { buffer in
        var out: [String] = []
        let isType = upper.elementsEqual("TYPE".utf8)
        forEachParameter(buffer) { nameStart, nameEnd, valueStart, valueEnd in
          let bare = nameStart == nameEnd
          guard bare ? isType : Self.equalsUppercased(buffer, nameStart, nameEnd, upper) else { return }
          if bare && valueStart == nameStart {
            // A bare word is one value, commas and all.
            out.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[valueStart..<valueEnd]), as: UTF8.self))
            return
          }
          var itemStart = valueStart
          var index = valueStart
          while index <= valueEnd {
            if index == valueEnd || buffer[index] == UInt8(ascii: ",") {
              out.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[itemStart..<index]), as: UTF8.self))
              itemStart = index + 1
            }
            index += 1
          }
        }
        return out
      }
    }
  }

  /// Whether a parameter is called `upper` (plain parameters).
  func hasParameter(_ upper: StaticString) -> Bool {
    let pattern = UnsafeBufferPointer(start: upper.utf8Start, count: upper.utf8CodeUnitCount)
    return withBuffer { buffer in
      var found = false
      forEachParameter(buffer) { nameStart, nameEnd, _, _ in
        if !found && nameStart < nameEnd && Self.equalsUppercased(buffer, nameStart, nameEnd, pattern) { found = true }
      }
      return found
    }
  }

  /// `ContentLine.types` for plain parameters.
  func types() -> [String] {
    let typeName = UnsafeBufferPointer(start: StaticString("TYPE").utf8Start, count: 4)
    return withBuffer { buffer in
      var out: [String] = []
      forEachParameter(buffer) { nameStart, nameEnd, valueStart, valueEnd in
        let bare = nameStart == nameEnd
        guard bare || Self.equalsUppercased(buffer, nameStart, nameEnd, typeName) else { return }
        var itemStart = valueStart
        var index = valueStart
        while index <= valueEnd {
          defer { index += 1 }
          guard index == valueEnd || buffer[index] == UInt8(ascii: ",") else { continue }
          var s = itemStart
          var e = index
          itemStart = index + 1
          while s < e && (buffer[s] == 0x20 || buffer[s] == 0x09) { s += 1 }
          while e > s && (buffer[e - 1] == 0x20 || buffer[e - 1] == 0x09) { e -= 1 }
          guard s < e else { continue }
          // Plain parameters name no encoding but 2.1's one-letter `B`.
          if bare && e - s == 1 && buffer[s] | 0x20 == UInt8(ascii: "b") { continue }
          if out.isEmpty { out.reserveCapacity(4) }
          out.append(
            String(unsafeUninitializedCapacity: e - s) { target in
              for offset in 0..<(e - s) {
                let byte = buffer[s + offset]
                target[offset] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
              }
              return e - s
            })
        }
      }
      return out
    }
  }
}

extension VCardParameter {
  /// Words that, as vCard 2.1 bare parameters, give the transfer encoding rather than a type.
  static let bareEncodings: Set<String> = ["quoted-printable", "base64", "8bit", "7bit", "b"]

  /// The transfer encoding named by `parameters` (`ENCODING=`, or a bare 2.1 word),
  /// upper-cased, `B` given as `BASE64`.
  static func transferEncoding(in parameters: [VCardParameter]) -> String? {
    var encoding: String? = nil
    for parameter in parameters {
      switch parameter.name {
      case "ENCODING"?:
        encoding = parameter.values.first?.trimmingBlanks().uppercased()
      case nil:
        for value in parameter.values where bareEncodings.contains(value.lowercased()) && value.count > 1 {
          encoding = value.uppercased()
        }
      default: break
      }
    }
    return encoding == "B" ? "BASE64" : encoding
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs (characters, as
  /// `trimmingCharacters(in: " \t")`), itself when there are none.
  func trimmingBlanks() -> String {
    let utf8 = self.utf8
    guard let first = utf8.first else { return self }
    let last = utf8[utf8.index(before: utf8.endIndex)]
    if first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09 { return self }
    return trimmingCharacters(in: " \t")
  }
}

extension Substring {
  /// `String.trimmingBlanks` for a substring.
  func trimmingBlanks() -> String {
    String(self).trimmingBlanks()
  }
}

extension String {
  func trimmingCharacters(in set: String) -> String {
    // Fast path: nothing to trim (the first and last bytes are not in an ASCII set).
    if let first = utf8.first, let last = utf8.last, first >= 0x80 || !set.utf8.contains(first),
      last >= 0x80 || !set.utf8.contains(last)
    {
      return self
    }
    if isEmpty { return self }
    var scalars = Substring(self)
    while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
    while let last = scalars.last, set.contains(last) { scalars.removeLast() }
    return String(scalars)
  }
}
