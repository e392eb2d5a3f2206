import Localization

/// The rows of a CSV text (RFC 4180): cells separated by a delimiter (a comma, or the
/// semicolon or tab some spreadsheets write), records by CR LF or LF (or CR alone);
/// a cell in double quotes may hold delimiters, line breaks and doubled quotes (`""`
/// for one `"`).
///
/// Lenient as Excel and Google Sheets are: a quote inside an unquoted cell is kept as
/// text; text after a quoted cell's closing quote is kept after its text (with a
/// warning); a quoted cell still open at the end of the text ends with the line it
/// opened on, and the lines after are read as records again (with a warning, on the
/// line it opened).
package enum CSVTable {
  /// One record: its cells, and the line (1-based) it begins on.
  package struct Row: Sendable, Equatable {
    /// The physical line the record begins on.
    package var line: Int
    /// The cells, in order; an empty record has one empty cell.
    package var cells: [String]
  }

  /// The delimiter of a CSV text: of comma, semicolon and tab, the one found most often
  /// outside quotes on the first line (a comma when none is).
  ///
  /// - Complexity: O(n) in the length of the first line.
  package static func delimiter(of text: String) -> Unicode.Scalar {
    if let told = toldDelimiter(of: text) { return told }
    var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
    var quoted = false
    for scalar in text.unicodeScalars {
      if scalar == "\"" { quoted.toggle() }
      if !quoted, scalar == "\n" || scalar == "\r" { break }
      if !quoted, counts[scalar] != nil { counts[scalar, default: 0] += 1 }
    }
    var best: Unicode.Scalar = ","
    for candidate: Unicode.Scalar in [";", "\t"] where counts[candidate, default: 0] > counts[best, default: 0] {
      best = candidate
    }
    return best
  }

  /// The delimiter a first line `sep=;` names (Excel's, any case; one character that
  /// is not a letter or digit), or nil. That line is no record.
  static func toldDelimiter(of text: String) -> Unicode.Scalar? {
    var scalars = text.unicodeScalars.drop { $0 == "\u{FEFF}" }.prefix(6).makeIterator()
    for expected in "sep=".unicodeScalars {
      guard let scalar = scalars.next(), scalar.properties.lowercaseMapping == String(expected) else { return nil }
    }
    guard let told = scalars.next(), told.isASCII, !told.properties.isAlphabetic, !("0"..."9").contains(told),
      told != "\n", told != "\r", told != "\""
    else { return nil }
    if let after = scalars.next(), after != "\n", after != "\r" { return nil }
    return told
  }

  /// The records of `text`, blank lines left out, and a warning for each quoting
  /// problem (see the type's summary).
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func rows(_ text: String, delimiter: Unicode.Scalar = ",") -> (rows: [Row], warnings: [LineWarning]) {
    var rows: [Row] = []
    var warnings: [LineWarning] = []
    forEachRow(text, delimiter: delimiter, row: { rows.append($0) }, warning: { warnings.append($0) })
    return (rows, warnings)
  }

  /// The records of `text` as `rows(_:delimiter:)` gives them, each given to `row` as
  /// soon as it ends; each quoting problem is given to `warning` as it is found (before
  /// the record it is in), so that a large file's records need not be held at once.
  ///
  /// Read by UTF-8 bytes: the delimiter (ASCII: `delimiter(of:)` gives one), quotes and
  /// line breaks are ASCII, never part of another character's bytes.
  ///
  /// - Complexity: O(n) in the length of `text`.
  ///
  /// A record's cells past `maximumCells` are left out as they are read (a header of
  /// four million one-letter columns held them all: 32 MB took 1.2 GB), with
  /// `tooManyCells` as the record's warning.
  package static func forEachRow(
    _ text: String, delimiter: Unicode.Scalar = ",", maximumCells: Int = .max, tooManyCells: String = "",
    row: (Row) -> Void, warning: (LineWarning) -> Void
  ) {
    precondition(delimiter.isASCII, "a CSV delimiter is ASCII")
    let delimiter = UInt8(delimiter.value)
    let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
    var cells: [String] = []
    var cell: [UInt8] = []
    var line = 1
    var rowLine = 1
    var quoteLine = 0
    var quoted = false  // inside a quoted cell
    var afterQuote = false  // the closing quote of this cell was seen
    var pendingQuote = false  // a quote inside a quoted cell: closing, or the first of `""`
    var previousCR = false

    var leftOut = false  // cells of this record past `maximumCells`
    func endCell() {
      if cells.count < maximumCells {
        cells.append(String(decoding: cell, as: UTF8.self))
      } else if !leftOut {
        leftOut = true
        warning(LineWarning(line: rowLine, message: tooManyCells))
      }
      cell.removeAll(keepingCapacity: true)
      afterQuote = false
    }
    func endRow() {
      endCell()
      if !(cells.count == 1 && cells[0].isEmpty) { row(Row(line: rowLine, cells: cells)) }
      cells = []
      leftOut = false
    }

    var text = text
    text.withUTF8 { bytes in
      var start = 0
      var quoteStart = 0
      while true {
        // Set when a quoted cell that spanned lines is "closed" by a quote with text
        // after it: the opening quote of a later row's cell, the cell never closed.
        var reopened = false
        var index = start
        scan: while index < bytes.count {
          defer { index += 1 }
          let byte = bytes[index]
          let crlf = previousCR && byte == lf
          previousCR = byte == cr
          if pendingQuote {
            pendingQuote = false
            if byte == quote {
              cell.append(quote)
              continue
            }
            quoted = false
            afterQuote = true
          }
          if quoted {
            if byte == quote {
              pendingQuote = true
            } else {
              cell.append(byte)
              if byte == lf && !crlf || byte == cr { line += 1 }
            }
            continue
          }
          switch byte {
          case lf where crlf:
            continue
          case cr, lf:
            endRow()
            line += 1
            rowLine = line
          case delimiter:
            endCell()
          case quote where cell.isEmpty && !afterQuote:
            quoted = true
            quoteLine = line
            quoteStart = index + 1
          default:
            if afterQuote && line > quoteLine {
              reopened = true
              break scan
            }
            if afterQuote {
              warning(LineWarning(line: line, message: L10n.deferred("text after a quoted cell's closing quote; kept in the cell")))
              afterQuote = false
            }
            cell.append(byte)
          }
        }
        // A quoted cell still open at the end, or closed only by a later row's opening
        // quote: it ends with the line it opened on, and the lines after it are records
        // again (case 09: a damaged record takes no other's data). What followed the
        // open quote up to where it is found holds no quote but doubled ones, so each
        // byte is read again once at most.
        guard reopened || (quoted && !pendingQuote) else { break }
        afterQuote = false
        var lineEnd = quoteStart
        while lineEnd < bytes.count && bytes[lineEnd] != cr && bytes[lineEnd] != lf { lineEnd += 1 }
        warning(
          LineWarning(
            line: quoteLine,
            message: L10n.deferred("a quoted cell opened here is not closed; it ends with its line, and the lines after it are read as records")))
        // What follows the quote holds doubled quotes alone: each `""` is one `"`.
        cell.removeAll(keepingCapacity: true)
        index = quoteStart
        while index < lineEnd {
          cell.append(bytes[index])
          index += bytes[index] == quote && index + 1 < lineEnd && bytes[index + 1] == quote ? 2 : 1
        }
        quoted = false
        endRow()
        start = lineEnd
        if start < bytes.count && bytes[start] == cr { start += 1 }
        if start < bytes.count && bytes[start] == lf { start += 1 }
        line = quoteLine + 1
        rowLine = line
        previousCR = false
      }
    }
    endRow()
  }
}
