import CpickTestSupport
import Foundation
import Testing

/// `integrations/nvim` (the Lua plugin) driven through the real Neovim: `nvim --headless`
/// for the completion function and the plugin's precedence over `integrations/vim`, a
/// tmux-driven `nvim --clean` for the floating terminal. Skipped with a message when
/// nvim (or tmux) is not installed.
@Suite("Neovim integration (Lua)", .serialized)
struct IntegrationNeovimTests {
  static let jose = IntegrationTests.jose

  /// Runs `nvim --headless --clean -u NONE --cmd 'set rtp^=integrations/nvim' [rtp]`
  /// in the package root with `cpick` (the binary under test) on `$PATH` and
  /// `CPICK_SOURCE` on the sample book; `lua` is run by `:luafile` and writes what
  /// it finds to the file `$OUT` with `vim.fn.writefile`. Returns that file's lines.
  static func headless(_ lua: String, runtimepath extra: [String] = []) throws -> [String] {
    let directory = try EndToEnd.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fm = FileManager.default
    let bin = directory.appendingPathComponent("bin")
    try fm.createDirectory(at: bin, withIntermediateDirectories: true)
    try fm.createDirectory(at: directory.appendingPathComponent("home"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(atPath: bin.appendingPathComponent("cpick").path, withDestinationPath: try EndToEnd.binary())
    let script = directory.appendingPathComponent("test.lua")
    try lua.write(to: script, atomically: true, encoding: .utf8)
    let out = directory.appendingPathComponent("out.txt")

    let q = EndToEnd.shellQuoted
    let rtp = (["integrations/nvim"] + extra).map { "--cmd \(q("set rtp^=" + $0))" }.joined(separator: " ")
    let command = """
      PATH=\(q(bin.path)):$PATH CPICK_SOURCE=\(q(EndToEnd.sampleBook)) HOME=\(q(directory.path + "/home")) \
      OUT=\(q(out.path)) XDG_STATE_HOME=\(q(directory.path + "/home")) XDG_CACHE_HOME=\(q(directory.path + "/home")); \
      export PATH CPICK_SOURCE HOME OUT XDG_STATE_HOME XDG_CACHE_HOME; \
      cd \(q(EndToEnd.packageRoot.path)) && \
      exec nvim --headless --clean -u NONE \(rtp) -c \(q("luafile " + script.path)) -c 'qa!'
      """
    let result = try CommandRunner.run("/bin/sh", ["-c", command], timeout: 30)
    guard let text = try? String(contentsOf: out, encoding: .utf8) else {
      throw EndToEndError(
        description: "nvim wrote no \(out.lastPathComponent) (status \(result.status)):\n\(result.stdoutText)\n\(result.stderrText)")
    }
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  @Test(
    "nvim --headless: require('cpick').complete gives cpick's own mailboxes for a query, menus, start column, <C-x><C-o>",
    .enabled(if: EndToEnd.which("nvim") != nil, "nvim is not installed"))
  func completion() throws {
    let folder = try TempFolder("nvim-hard-names")
    defer { folder.remove() }
    let hard = try folder.write("hard.vcf", Array(IntegrationTests.hardNames.utf8))
    let lines = try Self.headless(
      """
      local cpick = require("cpick")
      local out = {}
      -- findstart: after the last `,` (or `:`), blanks skipped
      vim.api.nvim_buf_set_lines(0, 0, -1, false, { "To: ada@example.org, thornton" })
      vim.api.nvim_win_set_cursor(0, { 1, 29 })
      table.insert(out, "start " .. cpick.complete(1, ""))
      vim.api.nvim_buf_set_lines(0, 0, -1, false, { "To: thorn" })
      vim.api.nvim_win_set_cursor(0, { 1, 9 })
      table.insert(out, "start " .. cpick.complete(1, ""))
      for _, base in ipairs({ "thornton", "vance" }) do
        for _, item in ipairs(cpick.complete(0, base)) do
          table.insert(out, base .. "|" .. item.word .. "|" .. item.menu)
        end
      end
      table.insert(out, "none " .. #cpick.complete(0, "zzqzzqzz"))
      -- the real omnifunc, as the mail filetype sets it
      vim.cmd("setfiletype mail")
      table.insert(out, "omnifunc " .. vim.bo.omnifunc)
      vim.api.nvim_buf_set_lines(0, 0, -1, false, { "To: ada@example.org, maggie" })
      vim.cmd("normal! A\\24\\15")
      table.insert(out, vim.api.nvim_get_current_line())
      -- names with specials, and a U+200B in a name and an address
      vim.env.CPICK_SOURCE = "\(hard)"
      for _, base in ipairs({ "lovelace", "say", "zwicky" }) do
        for _, item in ipairs(cpick.complete(0, base)) do table.insert(out, item.word) end
      end
      vim.fn.writefile(out, vim.env.OUT)
      """)

    // The words are exactly the mailboxes cpick itself prints (same RFC 5322 quoting).
    var expected = ["start 21", "start 4"]
    for base in ["thornton", "vance"] {
      let mailboxes = try CommandRunner.cpick(["query", base, "-p", "email", "-f", "mailbox", "-s", EndToEnd.sampleBook])
      try #require(mailboxes.status == 0 && !mailboxes.stdoutLines.isEmpty, "\(mailboxes.stderrText)")
      expected += mailboxes.stdoutLines.map { "\(base)|\($0)|" }
    }
    let got = lines.map { line -> String in
      // Menus are checked below; compare the words only.
      let parts = line.components(separatedBy: "|")
      return parts.count == 3 ? parts[0] + "|" + parts[1] + "|" : line
    }
    #expect(Array(got.prefix(expected.count)) == expected, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains("thornton|David Thornton <dave.thornton@example.com>|home · Thornton Carpentry"))
    #expect(lines.contains("vance|\"Dr. Eleanor Vance, PhD\" <eleanor.vance@example.org>|home · Saltmarsh Institute"), "\(lines)")
    #expect(
      Array(lines.dropFirst(expected.count)) == [
        "none 0",
        "omnifunc v:lua.require'cpick'.complete",
        "To: ada@example.org, Margaret Thornton <maggie.thornton@example.com>",
      ] + IntegrationTests.hardMailboxes, "\(lines.joined(separator: "\n"))")
  }

  @Test(
    "nvim --headless: with integrations/vim on 'runtimepath' too, the Lua plugin's command, mapping and omnifunc win",
    .enabled(if: EndToEnd.which("nvim") != nil, "nvim is not installed"))
  func precedence() throws {
    // integrations/vim first in 'runtimepath', then its plugin sourced again by hand.
    let lines = try Self.headless(
      """
      vim.cmd("runtime plugin/cpick.vim")
      local out = {}
      table.insert(out, vim.api.nvim_get_commands({}).CpickInsert.definition)
      table.insert(out, vim.fn.maparg("<C-x><C-a>", "i"))
      table.insert(out, vim.fn.maparg("<Plug>(cpick-insert)", "i"))
      vim.cmd("setfiletype mail")
      table.insert(out, vim.bo.omnifunc)
      vim.fn.writefile(out, vim.env.OUT)
      """, runtimepath: ["integrations/vim"])
    #expect(
      lines == [
        "cpick: insert a chosen mailbox (or property value) after the cursor",
        "<Plug>(cpick-insert)",
        "<Cmd>lua require('cpick')._mark()<CR><Esc><Cmd>lua require('cpick').insert({ insert = true })<CR>",
        "v:lua.require'cpick'.complete",
      ], "\(lines)")
  }

  @Test(
    "nvim in tmux: :CpickInsert and <C-x><C-a> open cpick in a floating terminal and insert the chosen mailbox",
    .enabled(if: IntegrationPane.has("nvim"), "nvim (or tmux) is not installed"))
  func floatingInsert() throws {
    let pane = try IntegrationPane("nvim --clean -n --cmd 'set rtp^=integrations/nvim' \"$T/out.txt\"")
    defer { pane.close() }
    try pane.waitForScreen(containing: "out.txt")
    try pane.type("iTo: ")
    try pane.press("Escape")
    try pane.type(":CpickInsert")
    try pane.press("Enter")
    // The picker is in a bordered floating window over the buffer.
    try IntegrationTests.choose(pane, "jose alv", row: "José Álvarez", cardText: "Socio fundador")
    try pane.waitForScreen(containing: "To: \(Self.jose)")
    // Insert mode, the mapping: the address lands at the cursor, typing goes on after it.
    try pane.type("a, ")
    try pane.press("C-x", "C-a")
    try pane.waitForScreen(containing: "╭", "67/67")
    try IntegrationTests.choose(pane, "ellie", row: "Ellie Thornton", cardText: "ellie.t@university.example")
    try pane.waitForScreen(containing: "To: \(Self.jose), Ellie Thornton <ellie.thornton@example.com>")
    try pane.type("!")
    try pane.press("Escape")
    // Cancelled: nothing inserted, the float is gone, Normal mode.
    try pane.type(":CpickInsert")
    try pane.press("Enter")
    try pane.waitForScreen(containing: "67/67")
    try pane.press("Escape")
    try pane.waitForScreen("without the picker") { !$0.contains("67/67") && !$0.contains("╭") }
    try pane.type(":w")
    try pane.press("Enter")
    let text = try pane.waitForFile(pane.file("out.txt")) { $0.hasSuffix("\n") }
    #expect(text == "To: \(Self.jose), Ellie Thornton <ellie.thornton@example.com>!\n")
  }
}
