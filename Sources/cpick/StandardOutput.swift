import Localization

#if canImport(Glibc)
  import Glibc
#endif

/// stdout for the answer: buffered, written with `write(2)`, robust in a pipe.
///
/// A reader that goes away (`cpick list | head -1`) is not an error: SIGPIPE is
/// ignored, the first failed write (EPIPE) closes the output quietly, later text is
/// dropped, and the exit status stays what the command decided. Any other failed
/// write (a full disk, `> /dev/full`, an I/O error) loses the answer: the output is
/// closed the same way, `failure` keeps the error, and `main` says so on stderr and
/// exits 2. In `lineBuffered`
/// mode (`query`) every line is written as soon as it is complete, so a mail client
/// or editor reading the pipe gets results as they come.
@MainActor
enum StandardOutput {
  private static var buffer: [UInt8] = []
  private static var closed = false
  /// The `errno` of a failed write other than EPIPE (the answer was lost), if any.
  private(set) static var failure: Int32?
  /// Why cpick itself cut the answer short (`abandon(_:)`), if it did.
  private(set) static var abandoned: String?
  /// Write each line at once (set for `query`).
  static var lineBuffered = false

  /// Whether written text still goes somewhere: false once the reader has gone or a
  /// write failed.
  static var isOpen: Bool { !closed }

  /// Ignores SIGPIPE for the process (the corresponding C function is `signal(2)`).
  static func ignoreBrokenPipe() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Appends `text` followed by `terminator`.
  static func write(_ text: String, terminator: String = "\n") {
    guard !closed else { return }
    buffer.append(contentsOf: text.utf8)
    buffer.append(contentsOf: terminator.utf8)
    if lineBuffered || buffer.count >= 1 << 16 { flush() }
  }

  /// Appends raw bytes (whole cards in their own charset).
  static func write(bytes: [UInt8]) {
    guard !closed else { return }
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes what is buffered; stops quietly when the reader has gone.
  static func flush() {
    var offset = 0
    while offset < buffer.count && !closed {
      let written = buffer[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      if written < 0 {
        let error = errno
        if error == EINTR { continue }
        closed = true
        // EPIPE: the reader is gone, nothing is lost that anyone wanted.
        if error != EPIPE { failure = error }
      } else {
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Stops the answer here: what is buffered is written, nothing after it (the text
  /// of what could not be read is never printed as if it were the answer); `main`
  /// says `reason` on stderr and exits 2.
  static func abandon(_ reason: String) {
    flush()
    closed = true
    if abandoned == nil { abandoned = reason }
  }

  /// Why the answer could not be written, when `failure` says it could not, or why it
  /// was abandoned.
  static var failureMessage: String? {
    failure.map { "cpick: " + L10n.format("cannot write to standard output: %s", String(cString: strerror($0))) }
      ?? abandoned.map { "cpick: " + $0 }
  }
}
