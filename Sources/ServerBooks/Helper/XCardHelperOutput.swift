import VCard

/// What `cpick-sync xcard FILE` writes on standard output when it reads cards: their
/// vCard 4.0 text, then — when reading said something (a value over its limit left
/// out, the place where a document that is not well-formed breaks) — a NUL, which no
/// vCard text from XML holds, and one `line<TAB>message` line per warning. `cpick`
/// (`SyncHelper.readXCard`) reads both.
public enum XCardHelperOutput {
  /// The warnings' part of the output: empty for none.
  public static func encoded(_ warnings: [VCardWarning]) -> [UInt8] {
    guard !warnings.isEmpty else { return [] }
    var out: [UInt8] = [0]
    for warning in warnings {
      let message = warning.message.map { $0 == "\n" || $0 == "\t" ? " " : $0 }
      out += Array("\(warning.line)\t\(String(message))\n".utf8)
    }
    return out
  }

  /// The vCard text and the warnings of an output.
  public static func decoded(_ output: [UInt8]) -> (text: [UInt8], warnings: [VCardWarning]) {
    guard let nul = output.firstIndex(of: 0) else { return (output, []) }
    let warnings = output[(nul + 1)...].split(separator: 0x0A).compactMap { line -> VCardWarning? in
      let text = String(decoding: line, as: UTF8.self)
      guard let tab = text.firstIndex(of: "\t"), let number = Int(text[..<tab]) else { return nil }
      return VCardWarning(line: number, message: String(text[text.index(after: tab)...]))
    }
    return (Array(output[..<nul]), warnings)
  }
}
