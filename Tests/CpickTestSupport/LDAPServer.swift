import Foundation
import Glibc

/// An OpenLDAP `slapd` on 127.0.0.1 for tests: an mdb database under
/// ``suffix`` seeded from LDIF, in a temp folder of its own, on a free port, stopped by
/// its PID in `stop()` (or when released).
///
/// slapd runs in the foreground (`-d 0`) as the child started by ``Spawn``, so its PID
/// is known without a pidfile and it is reaped by `waitpid`. `slapd(…)` throws when
/// slapd, slapadd or the LDAP tools are missing or slapd does not start: a test that
/// needs a directory fails without one, never passes or skips silently. Readiness is
/// waited for by polling (a TCP connection, then an anonymous search answered), never
/// by sleeping a fixed time.
public final class LDAPServer: @unchecked Sendable {
  /// A server that could not be started, or an `ldapadd`/`ldapmodify`/`ldapdelete` that
  /// failed.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The database's suffix, `dc=example,dc=org`.
  public static let suffix = "dc=example,dc=org"
  /// The directory manager (`rootdn`), `cn=admin,dc=example,dc=org`.
  public static let adminDN = "cn=admin," + suffix
  /// The container of generated people, `ou=people,dc=example,dc=org`.
  public static let people = "ou=people," + suffix

  /// `ldap://127.0.0.1:PORT/dc=example,dc=org`.
  public let url: String
  /// `ldaps://127.0.0.1:PORT/dc=example,dc=org` when started with TLS.
  public let ldapsURL: String?
  /// The slapd process.
  public let pid: pid_t
  /// The temp folder with its configuration, database and logs (removed by `stop()`).
  public let dataFolder: String

  private let adminPasswordFile: String
  private let lock = NSLock()
  private var running = true

  private init(url: String, ldapsURL: String?, pid: pid_t, dataFolder: String) {
    self.url = url
    self.ldapsURL = ldapsURL
    self.pid = pid
    self.dataFolder = dataFolder
    self.adminPasswordFile = dataFolder + "/admin.password"
  }

  deinit { stop() }

  /// Starts slapd with a database loaded from `ldif` (by `slapadd`, so it may hold the
  /// suffix entry and containers; see ``generatedPeople(_:seed:)``).
  ///
  /// - Parameters:
  ///   - ldif: the entries, the suffix entry `dc=example,dc=org` first.
  ///   - sizeLimit: the server's `sizelimit` (entries per search, and per page of a
  ///     paged search: `limits * size.prtotal=unlimited` lets a paged search go past it).
  ///   - users: entries added after `ldif` that can bind with their password: an
  ///     inetOrgPerson with `cn` and `sn` the value of the DN's first RDN.
  ///   - unlimitedPaging: whether a paged search may go past `sizeLimit` in total
  ///     (`limits * size.prtotal=unlimited`); without it slapd ends a paged search at the
  ///     limit with `sizeLimitExceeded`, as its default configuration does.
  ///   - syncProvider: whether to load the `syncprov` overlay (RFC 4533 content
  ///     synchronization), with a session log so that deletes are listed.
  ///   - tls: a PEM certificate and key; slapd then also listens on `ldaps://`
  ///     (``ldapsURL``) and takes StartTLS on `ldap://`.
  /// - Throws: ``Failure`` when a program is missing, the LDIF is refused or slapd does
  ///   not answer within 60 s.
  public static func slapd(
    seed ldif: String, sizeLimit: Int = 500, users: [(dn: String, password: String)] = [],
    unlimitedPaging: Bool = true, syncProvider: Bool = false, tls: (cert: String, key: String)? = nil
  ) throws -> LDAPServer {
    guard let slapd = LoopbackServer.executable("slapd", fallback: "/usr/sbin/slapd"),
      let slapadd = LoopbackServer.executable("slapadd", fallback: "/usr/sbin/slapadd"),
      LoopbackServer.executable("ldapsearch", fallback: "/usr/bin/ldapsearch") != nil
    else {
      throw Failure(
        description:
          "slapd or ldap-utils is not installed (echo \"slapd slapd/no_configuration boolean true\" | "
          + "debconf-set-selections; apt-get install slapd ldap-utils)")
    }
    let folder = try LoopbackServer.makeFolder("slapd")
    do {
      try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
      let adminPassword = UUID().uuidString
      // `-y FILE` reads the whole file as the password: no line end.
      try LoopbackServer.write(folder + "/admin.password", adminPassword, mode: 0o600)
      var seed = ldif
      for user in users {
        let name =
          user.dn.split(separator: ",").first?.split(separator: "=", maxSplits: 1).last.map(String.init) ?? "user"
        seed +=
          "\n\ndn: \(user.dn)\nobjectClass: inetOrgPerson\ncn: \(name)\nsn: \(name)\n"
          + "userPassword:: \(Data(user.password.utf8).base64EncodedString())\n"
      }
      try LoopbackServer.write(folder + "/seed.ldif", seed, mode: 0o600)
      try LoopbackServer.write(
        folder + "/slapd.conf",
        configuration(
          folder: folder, adminPassword: adminPassword, sizeLimit: sizeLimit, unlimitedPaging: unlimitedPaging,
          syncProvider: syncProvider, tls: tls),
        mode: 0o600)
      let status = try run(slapadd, ["-q", "-f", folder + "/slapd.conf", "-l", folder + "/seed.ldif"], folder: folder)
      guard status == 0 else {
        throw Failure(
          description:
            "slapadd failed (\(status.map { "exit \($0)" } ?? "killed after 120 s")): \(log(folder + "/tool.err"))")
      }
      return try start(slapd, folder: folder, tls: tls != nil)
    } catch {
      try? FileManager.default.removeItem(atPath: folder)
      throw error
    }
  }

  /// Stops slapd (SIGTERM, then SIGKILL after 10 s), reaps it and removes its folder.
  public func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard running else { return }
    running = false
    LoopbackServer.terminate(pid)
    try? FileManager.default.removeItem(atPath: dataFolder)
  }

  // MARK: Changes as another client makes them

  /// Adds the entries of `ldif` with `ldapadd`, bound as ``adminDN``.
  public func add(ldif: String) throws { try tool("ldapadd", ldif: ldif) }

  /// Applies the changes of `ldif` (`changetype: modify` records, RFC 2849) with
  /// `ldapmodify`, bound as ``adminDN``.
  public func modify(ldif: String) throws { try tool("ldapmodify", ldif: ldif) }

  /// Deletes entry `dn` with `ldapdelete`, bound as ``adminDN``.
  public func delete(dn: String) throws { try tool("ldapdelete", ldif: dn + "\n") }

  /// Runs `program` bound as the admin, its password read from a 0600 file (`-y`),
  /// never given in its arguments, with `ldif` as the file it reads (`-f`).
  private func tool(_ program: String, ldif: String) throws {
    guard let path = LoopbackServer.executable(program, fallback: "/usr/bin/" + program) else {
      throw Failure(description: "\(program) is not installed (apt-get install ldap-utils)")
    }
    let input = dataFolder + "/change-\(UUID().uuidString).ldif"
    try LoopbackServer.write(input, ldif, mode: 0o600)
    defer { try? FileManager.default.removeItem(atPath: input) }
    let status = try Self.run(
      path,
      ["-x", "-H", String(url.dropLast(Self.suffix.count)), "-D", Self.adminDN, "-y", adminPasswordFile, "-f", input],
      folder: dataFolder)
    guard status == 0 else {
      throw Failure(
        description:
          "\(program) failed (\(status.map { "exit \($0)" } ?? "killed after 120 s")): \(Self.log(dataFolder + "/tool.err"))"
      )
    }
  }

  // MARK: Data and certificates

  /// `count` invented people from `../shared/tools/gen_contacts.py` (the same `seed`
  /// gives the same people): the suffix entry, `ou=people` and inetOrgPerson entries
  /// under it, as LDIF.
  ///
  /// - Throws: ``Failure`` when python3 or the script is missing or fails.
  public static func generatedPeople(_ count: Int, seed: Int) throws -> String {
    let script = SharedFiles.root.appendingPathComponent("tools/gen_contacts.py").path
    guard FileManager.default.fileExists(atPath: script),
      let python = LoopbackServer.executable("python3", fallback: "/usr/bin/python3")
    else { throw Failure(description: "cannot generate people: python3 or \(script) is missing") }
    let folder = try LoopbackServer.makeFolder("ldif")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let pid = try Spawn.start(
      python, [script, String(count), String(seed), "ldif", "--base", suffix],
      environment: ProcessInfo.processInfo.environment, stdout: folder + "/people.ldif", stderr: folder + "/err")
    guard Spawn.wait(pid, timeout: 600) == 0 else {
      throw Failure(description: "gen_contacts.py failed: \(log(folder + "/err"))")
    }
    let ldif = try String(contentsOfFile: folder + "/people.ldif", encoding: .utf8)
    guard ldif.hasPrefix("dn: " + suffix) else {
      throw Failure(description: "gen_contacts.py wrote no suffix entry first: \(ldif.prefix(200))")
    }
    return ldif
  }

  /// The suffix entry and `ou=people`, for a seed of hand-written entries.
  public static let baseEntries = """
    dn: \(suffix)
    objectClass: dcObject
    objectClass: organization
    o: example
    dc: example

    dn: \(people)
    objectClass: organizationalUnit
    ou: people


    """

  /// A self-signed certificate for 127.0.0.1 (`subjectAltName=IP:127.0.0.1`) and its key,
  /// written by `openssl req -x509` into `folder` as `cert.pem` and `key.pem`.
  public static func selfSignedCertificate(in folder: String) throws -> (cert: String, key: String) {
    guard let openssl = LoopbackServer.executable("openssl", fallback: "/usr/bin/openssl") else {
      throw Failure(description: "openssl is not installed")
    }
    let cert = folder + "/cert.pem"
    let key = folder + "/key.pem"
    let status = try run(
      openssl,
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj",
        "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
      ], folder: folder)
    guard status == 0 else { throw Failure(description: "openssl req failed: \(log(folder + "/tool.err"))") }
    return (cert, key)
  }

  // MARK: Starting

  private static func configuration(
    folder: String, adminPassword: String, sizeLimit: Int, unlimitedPaging: Bool, syncProvider: Bool,
    tls: (cert: String, key: String)?
  ) -> String {
    var lines = [
      "include /etc/ldap/schema/core.schema",
      "include /etc/ldap/schema/cosine.schema",
      "include /etc/ldap/schema/inetorgperson.schema",
      "include /etc/ldap/schema/nis.schema",
      "modulepath /usr/lib/ldap",
      "moduleload back_mdb",
    ]
    if syncProvider { lines.append("moduleload syncprov") }
    lines += [
      "pidfile \(folder)/slapd.pid",
      "argsfile \(folder)/slapd.args",
      "loglevel none",
      "sizelimit \(sizeLimit)",
    ]
    if let tls {
      lines += ["TLSCertificateFile \(tls.cert)", "TLSCertificateKeyFile \(tls.key)"]
    }
    lines += [
      "database mdb",
      "maxsize 4294967296",
      "suffix \"\(suffix)\"",
      "rootdn \"\(adminDN)\"",
      "rootpw \(adminPassword)",
      "directory \(folder)/data",
      "index objectClass eq",
      "index cn,sn,givenName,mail,uid eq,sub",
    ]
    // The size limit applies per page of a paged search, not to the whole (RFC 2696).
    if unlimitedPaging { lines.append("limits * size.prtotal=unlimited") }
    lines += [
      "access to attrs=userPassword by self write by anonymous auth by * none",
      "access to * by * read",
    ]
    if syncProvider {
      lines += [
        "index entryCSN,entryUUID eq", "overlay syncprov", "syncprov-checkpoint 100 10", "syncprov-sessionlog 100",
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Starts slapd in the foreground on a free port (and one for ldaps), until an
  /// anonymous search is answered (60 s at most); a slapd that exits early (its port
  /// taken meanwhile) is started again on other ports, five times at most.
  private static func start(_ slapd: String, folder: String, tls: Bool) throws -> LDAPServer {
    let ldapsearch = LoopbackServer.executable("ldapsearch", fallback: "/usr/bin/ldapsearch") ?? "/usr/bin/ldapsearch"
    for _ in 1...5 {
      let port = try LoopbackServer.freePort()
      let url = "ldap://127.0.0.1:\(port)/"
      var listeners = url
      var ldapsURL: String? = nil
      if tls {
        let securePort = try LoopbackServer.freePort()
        listeners += " ldaps://127.0.0.1:\(securePort)/"
        ldapsURL = "ldaps://127.0.0.1:\(securePort)/" + suffix
      }
      let pid = try Spawn.start(
        slapd, ["-f", folder + "/slapd.conf", "-h", listeners, "-d", "0"],
        environment: ProcessInfo.processInfo.environment, stdout: folder + "/slapd.out", stderr: folder + "/slapd.err")
      let deadline = Date().addingTimeInterval(60)
      var exited = false
      while Date() < deadline {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
          exited = true
          break
        }
        if accepts(port: port),
          (try? run(ldapsearch, ["-x", "-H", url, "-b", suffix, "-s", "base", "-l", "5", "1.1"], folder: folder))
            == 0
        {
          return LDAPServer(url: url + suffix, ldapsURL: ldapsURL, pid: pid, dataFolder: folder)
        }
        usleep(20_000)
      }
      if !exited { LoopbackServer.terminate(pid) }
    }
    throw Failure(description: "slapd did not start; its log:\n\(log(folder + "/slapd.err").suffix(2000))")
  }

  /// Whether something accepts a TCP connection on 127.0.0.1:`port`.
  private static func accepts(port: Int) -> Bool {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return false }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

  /// Runs `program` to its end (120 s at most), its output into `folder`'s `tool.out` and
  /// `tool.err`; its exit status (nil when killed for taking too long).
  private static func run(_ program: String, _ arguments: [String], folder: String) throws -> Int32? {
    let pid = try Spawn.start(
      program, arguments, environment: ProcessInfo.processInfo.environment, stdout: folder + "/tool.out",
      stderr: folder + "/tool.err")
    return Spawn.wait(pid, timeout: 120)
  }

  private static func log(_ path: String) -> String {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
