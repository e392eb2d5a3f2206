/// The part of a content line before its value, as written: `item1.TEL;type=CELL;type=pref`.
///
/// An edit of a line's parameters (a new label, a date's `VALUE`) changes only the
/// parameters it is about; the others keep their text, their names' case, their order
/// and their quoting, as RFC 6350 §3.3 lets a writer choose them (Apple writes
/// `type=HOME;type=pref`, a phone `TEL;HOME;VOICE`, Google `TYPE=INTERNET,HOME`).
struct LineHead: Equatable {
  /// The group as written (`item1`), or `nil`.
  var group: String?
  /// The property name as written (`tel`, `X-ABLabel`).
  var name: String
  /// The parameters in the order written.
  var parameters: [Parameter]

  /// One parameter as written, without its `;`.
  struct Parameter: Equatable {
    /// The name as written (`type`); `nil` for a vCard 2.1 bare word (`TEL;CELL:`).
    var name: String?
    /// The values as written, quotes and RFC 6868 escapes kept; split at the commas
    /// outside quotes.
    var values: [String]

    /// `NAME=v1,v2`, or the bare word.
    var text: String { name.map { $0 + "=" + values.joined(separator: ",") } ?? values.joined(separator: ",") }

    /// Whether this parameter is named one of `names` (upper case), in any case.
    func isNamed(_ names: Set<String>) -> Bool { name.map { names.contains($0.trimmingBlanks().uppercased()) } ?? false }

    /// Whether this parameter gives `TYPE` words: named `TYPE` in any case, or bare.
    var givesTypes: Bool { name.map { $0.trimmingBlanks().uppercased() == "TYPE" } ?? true }

    /// The words of value `raw`: unquoted, split at commas (a quoted `"HOME,VOICE"`
    /// holds two), blanks trimmed.
    static func words(_ raw: String) -> [String] {
      var text = Substring(raw.trimmingBlanks())
      if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
      return text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingBlanks() }
    }
  }

  /// The head of logical line `text` (`CardEditor.head(of:)`'s part before the value).
  init(_ text: String) {
    let pieces = Self.split(Substring(text), at: ";")
    var fullName = Substring(pieces[0])
    if let dot = fullName.lastIndex(of: ".") {
      group = String(fullName[..<dot])
      fullName = fullName[fullName.index(after: dot)...]
    } else {
      group = nil
    }
    name = String(fullName)
    parameters = pieces.dropFirst().map { piece in
      guard let equals = piece.firstIndex(of: "=") else { return Parameter(name: nil, values: [piece]) }
      return Parameter(name: String(piece[..<equals]), values: Self.split(piece[piece.index(after: equals)...], at: ","))
    }
  }

  /// `text` split at each `separator` outside double quotes (Apple's `\"` inside a
  /// quoted value does not end it: `ContentLineParser.isEscapedQuote`).
  private static func split(_ text: Substring, at separator: Unicode.Scalar) -> [String] {
    var pieces: [String] = []
    var current = ""
    var quoted = false
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      if quoted && scalar == "\\" && pending == "\"" {
        current.unicodeScalars.append(scalar)
        current.unicodeScalars.append("\"")
        pending = scalars.next()
        continue
      }
      if scalar == "\"" { quoted.toggle() }
      if scalar == separator && !quoted {
        pieces.append(current)
        current = ""
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
    pieces.append(current)
    return pieces
  }

  /// `group.NAME;p1;p2` as written, without the colon.
  var text: String {
    var out = group.map { $0 + "." } ?? ""
    out += name
    for parameter in parameters { out += ";" + parameter.text }
    return out
  }

  /// The parameters decoded as the reader decodes them (`ContentLineParser`), for a
  /// line the serializer writes anew (its value's charset or transfer encoding changes).
  var decodedParameters: [VCardParameter] {
    let text = Array(parameters.map { ";" + $0.text }.joined().utf8)
    return text.withUnsafeBufferPointer { ContentLineParser.parseParameters($0) }
  }

  /// The name the line's `TYPE` parameters are written with (`type`, `TYPE`; `nil` for
  /// bare words, as 2.1 writes them), or `fallback` when it has none.
  func typeParameterName(or fallback: String?) -> String? {
    guard let first = parameters.first(where: \.givesTypes) else { return fallback }
    return first.name
  }

  /// Removes the parameters named `names` (upper case), in any case.
  mutating func removeParameters(named names: Set<String>) {
    parameters.removeAll { $0.isNamed(names) }
  }

  /// Gives the first parameter named as each of `replacing` is (upper case; in any
  /// case here) that one's values, as `version` writes them; a name the line does not
  /// have is not added. Whether any parameter changed.
  mutating func setValues(of replacing: [VCardParameter], version: VCardSerializer.Version) -> Bool {
    var changed = false
    for replacement in replacing {
      guard let name = replacement.name, let index = parameters.firstIndex(where: { $0.isNamed([name]) }) else { continue }
      let values = parameter(replacement, version: version).values
      guard parameters[index].values != values else { continue }
      parameters[index].values = values
      changed = true
    }
    return changed
  }

  /// Appends `added` as `version` writes them (`parameter(_:version:)`).
  mutating func append(_ added: [VCardParameter], version: VCardSerializer.Version) {
    parameters += added.map { parameter($0, version: version) }
  }

  /// `parameter` as `version` writes it, a `TYPE` one with the name this line writes
  /// its types with (`type=pref` on Apple's lines).
  func parameter(_ parameter: VCardParameter, version: VCardSerializer.Version) -> Parameter {
    let values = parameter.values.map { VCardSerializer.parameterValue($0, version: version) }
    guard parameter.name == "TYPE" || parameter.name == nil else { return Parameter(name: parameter.name, values: values) }
    return Parameter(name: typeParameterName(or: parameter.name), values: values)
  }
}
