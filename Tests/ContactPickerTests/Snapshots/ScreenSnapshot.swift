import Foundation
import Testing
import TerminalKit

/// Whole-screen snapshots: a `Frame` written as text and compared with a file kept
/// beside this source, in `__Snapshots__/NAME.txt`.
///
/// The file is found from `#filePath` (never the working directory) and is not a
/// resource of the test target (Package.swift excludes the folder). A missing file
/// fails the test with the command that records it; with
/// `CPICK_RECORD_SNAPSHOTS=1` in the environment every snapshot is written instead
/// of compared (and the test fails, so a recording run is never taken for a pass).
///
/// The file holds every row of the frame (trailing blanks trimmed, continuation
/// cells of wide characters skipped, as `Frame.text(row:)` gives them), then where
/// the cursor is, then the styled cells as runs of columns per row.
enum ScreenSnapshot {
  /// The environment variable that makes `assert` write snapshots instead of comparing.
  static let recordVariable = "CPICK_RECORD_SNAPSHOTS"

  /// The folder of the snapshot files: `__Snapshots__` beside the file calling.
  static func folder(filePath: String) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
  }

  /// Whether this run records rather than compares.
  static var isRecording: Bool {
    let value = ProcessInfo.processInfo.environment[recordVariable] ?? ""
    return !value.isEmpty && value != "0"
  }

  /// The text a snapshot file holds for `frame`.
  static func render(_ frame: Frame) -> String {
    var lines: [String] = []
    for row in 0..<frame.rows { lines.append(frame.text(row: row)) }
    lines.append("──── \(frame.rows)×\(frame.columns) · cursor ────")
    if let cursor = frame.cursor {
      lines.append("row \(cursor.row), column \(cursor.column)")
    } else {
      lines.append("hidden")
    }
    lines.append("──── styles (row: columns style) ────")
    for row in 0..<frame.rows {
      let runs = styleRuns(frame, row: row)
      guard !runs.isEmpty else { continue }
      lines.append("\(row): " + runs.joined(separator: " · "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The runs of equally styled, not plain cells of `row`: `"3-17 reverse+bold"`.
  static func styleRuns(_ frame: Frame, row: Int) -> [String] {
    var runs: [String] = []
    var column = 0
    while column < frame.columns {
      let style = frame[row, column].style
      var end = column + 1
      while end < frame.columns, frame[row, end].style == style { end += 1 }
      if style != .plain {
        let span = end - column == 1 ? "\(column)" : "\(column)-\(end - 1)"
        runs.append("\(span) \(describe(style))")
      }
      column = end
    }
    return runs
  }

  /// `style` in words: `bold+dim+reverse+underline+fg:red+bg:blue`, in that order.
  static func describe(_ style: Style) -> String {
    var parts: [String] = []
    if style.bold { parts.append("bold") }
    if style.dim { parts.append("dim") }
    if style.reverse { parts.append("reverse") }
    if style.underline { parts.append("underline") }
    if let foreground = style.foreground { parts.append("fg:\(foreground)") }
    if let background = style.background { parts.append("bg:\(background)") }
    return parts.joined(separator: "+")
  }

  /// Compares `frame` with the snapshot `name`, or records it when `isRecording`.
  ///
  /// Fails when the file is missing (telling how to record it) or differs (showing
  /// the first differing line and both texts).
  static func assert(
    _ frame: Frame?, named name: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let frame else {
      Issue.record("no frame to snapshot for \(name)", sourceLocation: sourceLocation)
      return
    }
    let actual = render(frame)
    let folder = folder(filePath: filePath)
    let file = folder.appendingPathComponent("\(name).txt")
    if isRecording {
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: file, options: .atomic)
        Issue.record(
          "recorded snapshot \(name) (\(recordVariable) is set): run again without it to compare",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("could not record snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
      Issue.record(
        """
        no snapshot \(file.path); record it with
          \(recordVariable)=1 swift test --filter Snapshot
        and look at the file before committing it. The screen now:
        \(actual)
        """, sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    let line = { (lines: [Substring]) in first < lines.count ? String(lines[first]) : "(none)" }
    Issue.record(
      """
      snapshot \(name) differs at line \(first + 1):
        expected: \(line(expectedLines))
        actual:   \(line(actualLines))
      If the change is intended, re-record with \(recordVariable)=1 swift test --filter Snapshot
      and review the diff of \(file.path). The screen now:
      \(actual)
      """, sourceLocation: sourceLocation)
  }
}

/// Runs a controller on a 40 × 120 `MemoryScreen` with scripted keys and returns
/// the frame on screen when the controller next asks for input after the last key:
/// the state the keys led to, even when it is a screen nested inside (the card
/// opened from the list, the form opened from a card), which the end of the script
/// would otherwise close.
@MainActor
func snapshotFrame(
  _ keys: [KeyEvent], rows: Int = 40, columns: Int = 120, run: (MemoryScreen) -> Void
) -> Frame? {
  let screen = MemoryScreen(rows: rows, columns: columns, keys: keys)
  let capture = FrameCapture()
  screen.append(script: [.run { [unowned screen] in capture.frame = screen.lastFrame }])
  run(screen)
  return capture.frame
}

/// Where `snapshotFrame` keeps the frame it takes.
@MainActor
final class FrameCapture {
  var frame: Frame?
}
