import Foundation
import Testing

/// `--height 40%` below 30 lines of shell output, then the window resized: the area
/// laid out again at the bottom, at 40 % of the new height, with no stale copy of
/// its rows, and nothing of it left after Esc (the user trial in tmux).
@Suite(
  "Inline picker resized", .serialized,
  .enabled(if: EndToEnd.tmuxIsAvailable, "tmux is not installed; the picker tests need it"))
struct InlineResizeTests {
  /// `seq 1 30`, then the picker at 40 %, then its exit status on the screen (where
  /// the next prompt would be) and a `done` file.
  static let command = """
    sh -c 'seq 1 30; cpick -s Tests/Fixtures/sample-addressbook.vcf --height 40%; \
    echo "exit=$?"; echo done >"$T/done"; exec sleep 60'
    """

  /// The screen's rows (`capture-pane` gives one line per row).
  func rows(_ screen: String) -> [String] {
    var lines = screen.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The row of the footer (the key hints), 0-based; `nil` when it is not shown.
  func footerRow(_ lines: [String]) -> Int? {
    lines.firstIndex { $0.hasPrefix("enter choose") }
  }

  /// Waits until the picker has drawn for a `width` × `height` terminal: its footer
  /// (cut to the width) on the last row, its query row 40 % of the height above it.
  func waitForFrame(_ pane: IntegrationPane, width: Int, height: Int) throws {
    let areaRows = height * 40 / 100
    try pane.waitForScreen("redrawn for \(width)x\(height)") { screen in
      let lines = rows(screen)
      return lines.count == height && footerRow(lines) == height - 1 && lines[height - areaRows].hasPrefix(">")
        && lines[height - 1].count <= width && lines[height - areaRows].hasSuffix("/67")
    }
  }

  /// Starts the command in a 120 × 40 pane and waits for the first frame: 16 rows
  /// (40 % of 40) ending on the last row, right below `30`.
  func start() throws -> IntegrationPane {
    let pane = try IntegrationPane(Self.command, width: 120, height: 40)
    let screen = try pane.waitForScreen(containing: "67/67", "esc cancel")
    let lines = rows(screen)
    #expect(lines.count == 40)
    #expect(footerRow(lines) == 39)
    #expect(lines.firstIndex { $0.hasPrefix(">") } == 24)
    #expect(lines[23] == "30")
    return pane
  }

  @Test("shrunk to 120x20 then 50x20: query, 9/67 and the matches in the bottom 8 rows, below the shell's lines")
  func shrink() throws {
    let pane = try start()
    defer { pane.close() }

    try pane.resize(width: 120, height: 20)
    let shrunk = try pane.waitForScreen("redrawn in 8 rows at the bottom of 20") { screen in
      let lines = rows(screen)
      return lines.count == 20 && footerRow(lines) == 19 && lines[12].hasPrefix(">") && lines[12].hasSuffix("67/67")
    }
    #expect(rows(shrunk)[11] == "30")

    try pane.resize(width: 50, height: 20)
    try waitForFrame(pane, width: 50, height: 20)
    try pane.type("wa")
    let screen = try pane.waitForScreen(containing: "> wa", "9/67", "Grace Whitfield")
    let lines = rows(screen)
    #expect(lines.count == 20)
    #expect(lines.allSatisfy { $0.count <= 50 })
    // 40 % of 20 rows: the area is rows 12...19, the query on its first row.
    let query = try #require(lines.firstIndex { $0.hasPrefix("> wa") })
    #expect(query == 12, "screen:\n\(screen)")
    #expect(lines[query].hasSuffix("9/67"))
    #expect(footerRow(lines) == 19, "screen:\n\(screen)")
    for match in ["wangfang@example.com", "Grace Whitfield", "gosia.kowalczyk@"] {
      let row = try #require(lines.firstIndex { $0.contains(match) }, "\(match) not shown:\n\(screen)")
      #expect((13..<19).contains(row), "\(match) on row \(row):\n\(screen)")
    }
    // The shell's lines right above the area; no stale row of the picker anywhere.
    #expect(lines[11] == "30")
    #expect(lines.filter { $0.contains("/67") }.count == 1, "screen:\n\(screen)")
    #expect(!screen.contains("67/67"))
  }

  @Test("grown from 40 to 50 rows: one frame of 20 rows at the bottom, no stale footer or rows below it")
  func grow() throws {
    let pane = try start()
    defer { pane.close() }

    try pane.resize(width: 120, height: 50)
    let screen = try pane.waitForScreen("redrawn in 20 rows at the bottom of 50") { screen in
      let lines = rows(screen)
      return lines.count == 50 && footerRow(lines) == 49 && lines[30].hasPrefix(">")
    }
    let lines = rows(screen)
    #expect(lines.filter { $0.hasPrefix("enter choose") }.count == 1, "screen:\n\(screen)")
    #expect(lines.filter { $0.contains("67/67") }.count == 1, "screen:\n\(screen)")
    #expect(lines.filter { $0.contains("omar.khatib@example.com") }.count == 1, "screen:\n\(screen)")
    #expect(lines[29] == "30")

    try pane.type("wa")
    let typed = rows(try pane.waitForScreen(containing: "> wa", "9/67"))
    #expect(typed.filter { $0.hasPrefix("enter choose") }.count == 1)
    #expect(typed.filter { $0.contains("/67") }.count == 1)
    #expect(!typed.contains { $0.contains("67/67") })
  }

  @Test("Esc after resizes: exit 130, no picker row left, the shell's lines right above the prompt")
  func escapeAfterResizes() throws {
    let pane = try start()
    defer { pane.close() }

    // One resize right after the other (tmux tells the second one 250 ms later), then
    // a key once the picker has drawn for the last size.
    try pane.resize(width: 120, height: 20)
    try pane.resize(width: 50, height: 20)
    try waitForFrame(pane, width: 50, height: 20)
    try pane.type("w")
    try pane.waitForScreen(containing: "> w ")
    try pane.resize(width: 120, height: 50)
    try waitForFrame(pane, width: 120, height: 50)
    try pane.press("Escape")
    // The exit line on the screen (the `done` file can be there before tmux has drawn it).
    let screen = try pane.waitForScreen(containing: "exit=")
    let lines = rows(screen)
    let exit = try #require(lines.firstIndex { $0.hasPrefix("exit=") }, "screen:\n\(screen)")
    #expect(lines[exit] == "exit=130")
    #expect(exit > 0 && lines[exit - 1] == "30", "screen:\n\(screen)")
    #expect(lines[(exit + 1)...].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "screen:\n\(screen)")
    for leftover in ["/67", "esc cancel", "example.com", "> w"] {
      #expect(!screen.contains(leftover), "\(leftover) left:\n\(screen)")
    }
  }
}
