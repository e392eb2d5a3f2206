import Glibc

/// The three standard file descriptors, made sure of at start.
public enum StandardStreams {
  /// Opens `/dev/null` on each of standard input, output and error that was closed
  /// when the process started (`cpick <&-`, a daemon's child). Otherwise the next
  /// file or pipe cpick opens takes the lowest free descriptor — 0 — and is then
  /// taken for standard input: a signal pipe read as an address book waits for ever,
  /// and output meant for stdout would land in a file being saved. Call first thing.
  public static func openMissing() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      // Opened on the lowest free descriptor, which is this one (those below are open).
      if opened >= 0 && opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}
