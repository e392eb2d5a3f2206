/// A parameter of a content line (RFC 6350 §5, RFC 2426 §4, vCard 2.1 §2.1.2).
///
/// `name` is upper-cased for comparison; a vCard 2.1 bare parameter (`TEL;CELL:`)
/// has `name == nil` and its word in `values`. Values are as written, with RFC 6868
/// `^` escapes and surrounding quotes removed; `TYPE=a,b` gives two values.
public struct VCardParameter: Sendable, Hashable {
  public var name: String?
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
public struct ContentLine: Sendable, Hashable {
  /// The group prefix as written (`item1` in `item1.EMAIL`), or `nil`.
  public var group: String?
  /// The property name, upper-cased (`EMAIL`, `X-ABLABEL`).
  public var name: String
  public var parameters: [VCardParameter]
  /// The value after transfer decoding (quoted-printable, base64 left alone) and
  /// charset decoding, still with its vCard escapes (`\,` `\;` `\n`).
  public var value: String
  /// The logical line as written: unfolded, not decoded.
  public var text: String
  /// 1-based number of the physical line where this content line starts.
  public var lineNumber: Int
  /// Where the line's bytes are in the input that was read — its physical lines,
  /// folds and line end included — or `nil` for a line not read from bytes.
  public var sourceRange: Range<Int>?

  /// Creates a content line.
  public init(
    group: String?, name: String, parameters: [VCardParameter], value: String, text: String,
    lineNumber: Int, sourceRange: Range<Int>? = nil
  ) {
    self.group = group
    self.name = name
    self.parameters = parameters
    self.value = value
    self.text = text
    self.lineNumber = lineNumber
    self.sourceRange = sourceRange
  }

  /// All values of the parameters called `name` (case-insensitive), plus, for
  /// `TYPE`, the vCard 2.1 bare parameters.
  public func parameterValues(_ name: String) -> [String] {
    let wanted = name.uppercased()
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
    var out: [String] = []
    for parameter in parameters where parameter.name == "TYPE" || parameter.name == nil {
      for value in parameter.values {
        for word in value.split(separator: ",") {
          let type = String(word).trimmingCharacters(in: " \t").lowercased()
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
    VCardParameter.transferEncoding(in: parameters)
  }

  /// Whether the value is marked preferred: `TYPE=pref`, `PREF=n` (RFC 6350 §5.3).
  public var isPreferred: Bool {
    types.contains("pref") || !parameterValues("PREF").isEmpty
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
        encoding = parameter.values.first?.trimmingCharacters(in: " \t").uppercased()
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
  func trimmingCharacters(in set: String) -> String {
    var scalars = Substring(self)
    while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
    while let last = scalars.last, set.contains(last) { scalars.removeLast() }
    return String(scalars)
  }
}
