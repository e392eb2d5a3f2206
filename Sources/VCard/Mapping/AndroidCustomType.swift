import Foundation

/// The custom label some Android phones write as a parameter of their own:
/// `TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=E5=85=AC=E5=8F=B8):…` (the
/// label 公司 in quoted-printable UTF-8) or `EMAIL;X-CUSTOM(Club):…` — the label is the
/// last item between the parentheses, encoded as the items before it say (case kind
/// 44: a custom label kept as the user wrote it). Read from the parameters as written:
/// split at `;` and `=` they are no parameter a vCard reader knows.
enum AndroidCustomType {
  /// The label of `line`'s `X-CUSTOM(…)` parameter, or nil when it has none (or an empty one).
  static func label(of line: borrowing ContentLine) -> String? {
    guard let header = line.parametersTextWithParenthesis,
      let open = header.range(of: "X-CUSTOM(", options: .caseInsensitive)
    else { return nil }
    let inside = header[open.upperBound...].prefix { $0 != ")" }
    let items = inside.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingBlanks() }
    guard let written = items.last, !written.isEmpty else { return nil }
    var encoding: String? = nil
    var charset: String? = nil
    for item in items.dropLast() {
      let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingBlanks().uppercased() }
      guard pair.count == 2 else { continue }
      if pair[0] == "ENCODING" { encoding = pair[1] }
      if pair[0] == "CHARSET" { charset = pair[1] }
    }
    let bytes = Array(written.utf8)
    let label = bytes.withUnsafeBufferPointer {
      ValueDecoder.decode($0, encoding: encoding, charset: charset, fallbackCharset: nil)
    }.trimmingBlanks()
    return label.isEmpty ? nil : label
  }
}
