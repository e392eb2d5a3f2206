import Testing

@testable import CpickSupport
@testable import TerminalScreens

#if canImport(Glibc)
  import Glibc
#endif

/// The exit status on a signal, and giving the terminal back from another thread
/// (on a pseudo-terminal, so the modes and bytes can be read back).
@Suite("signals: exit status and terminal restoration")
struct SignalExitTests {
  @Test("the status is 128 + signal: 143, 129, 130, 131, never fzf's 1 (nothing matched) or 2")
  func statuses() {
    #expect(SignalExit.status(for: SIGTERM) == 143)
    #expect(SignalExit.status(for: SIGHUP) == 129)
    #expect(SignalExit.status(for: SIGINT) == 130)
    #expect(SignalExit.status(for: SIGQUIT) == 131)
    #expect(SignalExit.status(for: SIGUSR1) == 138)
    #expect(
      Set(SignalExit.signals).isSuperset(
        of: [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGIO]))
    // The real-time signals, from the C library's SIGRTMIN to SIGRTMAX (64 on Linux).
    #expect(SignalExit.realTimeSignals.count >= 8 && SignalExit.realTimeSignals.last == 64)
    #expect(SignalExit.signals.count == Set(SignalExit.signals).count)
    // Never the faults nor SIGPIPE (ignored), SIGKILL or SIGSTOP (cannot be caught).
    #expect(Set(SignalExit.signals).isDisjoint(with: [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGPIPE, SIGKILL, SIGSTOP]))
    for signal in SignalExit.signals { #expect(![0, 1, 2].contains(SignalExit.status(for: signal))) }
  }

  /// A C library function the Glibc module does not export (the pty calls need
  /// `_XOPEN_SOURCE`), looked up with `dlsym(RTLD_DEFAULT, name)`.
  func libc<Function>(_ name: String, as type: Function.Type) throws -> Function {
    unsafeBitCast(try #require(dlsym(nil, name), "no \(name)"), to: type)
  }

  /// A pseudo-terminal pair: (main side, terminal side).
  func openPair() throws -> (main: Int32, terminal: Int32) {
    typealias OnDescriptor = @convention(c) (Int32) -> Int32
    let main = try libc("posix_openpt", as: OnDescriptor.self)(O_RDWR | O_NOCTTY)
    try #require(main >= 0)
    try #require(libc("grantpt", as: OnDescriptor.self)(main) == 0)
    try #require(libc("unlockpt", as: OnDescriptor.self)(main) == 0)
    // `ptsname_r`, not `ptsname`: the latter's one static buffer is shared by the tests
    // running beside (another suite's pair, opened at the same moment, was given here
    // once, and this test's bytes went to it).
    let ptsname = try libc("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
    var buffer = [CChar](repeating: 0, count: 128)
    try #require(ptsname(main, &buffer, buffer.count) == 0)
    let name = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    let terminal = open(name, O_RDWR | O_NOCTTY)
    if terminal < 0 { close(main) }
    try #require(terminal >= 0)
    return (main, terminal)
  }

  /// What the terminal side has written, read from the main side: waits up to 3 s for
  /// the first bytes (the kernel hands pty output over on a worker thread, which a
  /// busy machine — the end-to-end tests running beside — can delay), then takes what
  /// follows within 200 ms.
  func written(_ main: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
      var poller = pollfd(fd: main, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, bytes.isEmpty ? 3_000 : 200) > 0 else { return bytes }
      var buffer = [UInt8](repeating: 0, count: 1024)
      let count = buffer.withUnsafeMutableBytes { read(main, $0.baseAddress, $0.count) }
      guard count > 0 else { return bytes }
      bytes += buffer[0..<count]
    }
  }

  func isCanonical(_ fd: Int32) -> Bool {
    var modes = termios()
    guard tcgetattr(fd, &modes) == 0 else { return false }
    return modes.c_lflag & tcflag_t(ICANON) != 0 && modes.c_lflag & tcflag_t(ECHO) != 0
  }

  @Test("restoreAndClose writes the leave bytes, sets the modes back, and drops later screen writes")
  func restore() async throws {
    let (main, terminal) = try openPair()
    defer {
      close(main)
      close(terminal)
    }
    var shell = termios()
    try #require(tcgetattr(terminal, &shell) == 0)
    shell.c_lflag |= tcflag_t(ICANON | ECHO)
    shell.c_oflag &= ~tcflag_t(OPOST)  // the bytes arrive as written
    try #require(tcsetattr(terminal, TCSANOW, &shell) == 0)
    let restoration = TerminalRestoration()
    restoration.register(fd: terminal, modes: shell, leave: Array("\u{1B}[?1049l".utf8))
    var raw = shell
    cfmakeraw(&raw)
    try #require(tcsetattr(terminal, TCSANOW, &raw) == 0)
    #expect(!isCanonical(terminal))
    #expect(restoration.write { _ = Glibc.write(terminal, "frame", 5) })
    #expect(written(main) == Array("frame".utf8))

    // From another thread, as SignalExit's thread does.
    let done = Task.detached { restoration.restoreAndClose() }
    #expect(await done.value)
    #expect(isCanonical(terminal))
    #expect(written(main) == Array("\u{1B}[?1049l".utf8))
    #expect(!restoration.isRegistered)
    // The main thread's next frame is dropped, and its own end() does not run.
    var drew = false
    #expect(!restoration.write { drew = true })
    #expect(!drew)
    var ended = false
    restoration.unregister { ended = true }
    #expect(!ended)
    #expect(!restoration.restoreAndClose())  // a second signal: nothing left to do
  }

  @Test("after the screen's own end (unregister), a signal restores nothing")
  func endedFirst() throws {
    let (main, terminal) = try openPair()
    defer {
      close(main)
      close(terminal)
    }
    var modes = termios()
    try #require(tcgetattr(terminal, &modes) == 0)
    let restoration = TerminalRestoration()
    restoration.register(fd: terminal, modes: modes, leave: Array("leave".utf8))
    var ended = false
    restoration.unregister { ended = true }
    #expect(ended)
    #expect(!restoration.isRegistered)
    #expect(!restoration.restoreAndClose())
    #expect(written(main).isEmpty)
  }

  @Test("updateLeave replaces the bytes written on a signal (the inline rows move as frames are drawn)")
  func updatedLeave() throws {
    let (main, terminal) = try openPair()
    defer {
      close(main)
      close(terminal)
    }
    var modes = termios()
    try #require(tcgetattr(terminal, &modes) == 0)
    modes.c_oflag &= ~tcflag_t(OPOST)
    try #require(tcsetattr(terminal, TCSANOW, &modes) == 0)
    let restoration = TerminalRestoration()
    restoration.register(fd: terminal, modes: modes, leave: Array("old".utf8))
    restoration.updateLeave(Array("\u{1B}[5;1H\u{1B}[2K".utf8))
    #expect(restoration.restoreAndClose())
    #expect(written(main) == Array("\u{1B}[5;1H\u{1B}[2K".utf8))
  }
}
