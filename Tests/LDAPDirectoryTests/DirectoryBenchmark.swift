import CpickTestSupport
import Foundation
import LDAPDirectory
import Testing

/// A measurement, not a test of behaviour: `searchAll` of a large generated directory and
/// query searches on it. Runs only with `CPICK_LDAP_BENCH=N` (N people, e.g. 100000), so
/// the large data stays out of the usual test run:
///
///     CPICK_LDAP_BENCH=100000 swift test --filter DirectoryBenchmark
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CPICK_LDAP_BENCH"] != nil))
struct DirectoryBenchmark {
  @Test func searchAllAndQueriesOnALargeDirectory() throws {
    let count = Int(ProcessInfo.processInfo.environment["CPICK_LDAP_BENCH"] ?? "") ?? 100_000
    var clock = Date()
    let server = try LDAPServer.slapd(seed: try LDAPServer.generatedPeople(count, seed: 42))
    defer { server.stop() }
    report("set-up (generate \(count), slapadd, start): \(seconds(since: clock))")

    let connection = try LDAPConnection(options: LDAPOptions(url: server.url, pageSize: 500))
    // The first pass fills slapd's entry cache; the second is what a later sync sees.
    for pass in ["cold", "warm"] {
      clock = Date()
      var entries = 0
      try connection.searchAll(attributes: nil) { entries += $0.count }
      #expect(entries == count)
      report("searchAll alone (\(pass) slapd cache): \(seconds(since: clock))")
    }
    resetPeak()
    let baseline = memory("VmRSS")
    clock = Date()
    var read = 0
    var bytes = 0
    var prefixes: Set<String> = []
    try connection.searchAll(attributes: nil) { page in
      read += page.count
      for entry in page {
        bytes += LDAPCardMapping.card(from: entry).count
        for name in [entry.first("sn"), entry.first("givenName")].compactMap({ $0 }) where name.count >= 3 {
          prefixes.insert(String(name.prefix(3)).lowercased())
        }
      }
    }
    let elapsed = seconds(since: clock)
    #expect(read == count)
    report(
      "searchAll + cards (warm): \(read) entries, \(bytes / 1_048_576) MiB of cards in \(elapsed); "
        + "peak RSS \(memory("VmHWM") / 1024) MiB (\((memory("VmHWM") - baseline) / 1024) MiB over the \(baseline / 1024) "
        + "MiB before); slapd peak RSS \(memory("VmHWM", pid: server.pid) / 1024) MiB")

    var durations: [Double] = []
    var truncated = 0
    // 100 of the names' three-letter prefixes, spread over them in order.
    let sorted = prefixes.sorted()
    let chosen = (0..<min(100, sorted.count)).map { sorted[$0 * sorted.count / min(100, sorted.count)] }
    for prefix in chosen {
      let started = Date()
      let found = try connection.search(terms: [prefix], limit: 50)
      durations.append(Date().timeIntervalSince(started) * 1000)
      if found.truncated { truncated += 1 }
    }
    durations.sort()
    let p50 = durations[durations.count / 2]
    let p99 = durations[min(durations.count - 1, Int(Double(durations.count) * 0.99))]
    report(
      "search(terms: [3-letter prefix], limit: 50) × \(durations.count): p50 \(String(format: "%.1f", p50)) ms, "
        + "p99 \(String(format: "%.1f", p99)) ms, max \(String(format: "%.1f", durations.last ?? 0)) ms; "
        + "\(truncated) truncated at 50")
  }

  private func report(_ line: String) { print("[ldap-bench] \(line)") }

  private func seconds(since start: Date) -> String { String(format: "%.2f s", Date().timeIntervalSince(start)) }

  /// A `/proc/PID/status` figure in KiB (`VmRSS`, `VmHWM` — the peak).
  private func memory(_ field: String, pid: pid_t? = nil) -> Int {
    let path = "/proc/\(pid.map(String.init) ?? "self")/status"
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }

  /// Resets this process's peak RSS to its current RSS (`5` into `/proc/self/clear_refs`).
  private func resetPeak() { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }
}
