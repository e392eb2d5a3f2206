import CpickTestSupport
import Foundation
import LDAPDirectory
import Testing

/// TLS (RFC 4513 §3): certificates are always verified; `caFile` says what is trusted.
@Suite struct TLSTests {
  @Test func ldapsFailsWithoutTheCertificateAndWorksWithIt() throws {
    let folder = try TempFolder("ldap-tls")
    defer { folder.remove() }
    let certificate = try LDAPServer.selfSignedCertificate(in: folder.path)
    let server = try LDAPServer.slapd(
      seed: LDAPServer.baseEntries + person("tls", given: "Tess", family: "Layer"), tls: certificate)
    defer { server.stop() }
    let url = try #require(server.ldapsURL)

    let error = ldapError { _ = try LDAPConnection(options: LDAPOptions(url: url)) }
    #expect(error?.kind == .tls, "\(String(describing: error))")

    let trusting = try LDAPConnection(options: LDAPOptions(url: url, caFile: certificate.cert))
    #expect(try readAll(trusting).entries.map(\.dn) == ["uid=tls,\(LDAPServer.people)"])
  }

  @Test func startTLSFailsWithoutTheCertificateAndWorksWithIt() throws {
    let folder = try TempFolder("ldap-starttls")
    defer { folder.remove() }
    let certificate = try LDAPServer.selfSignedCertificate(in: folder.path)
    let server = try LDAPServer.slapd(
      seed: LDAPServer.baseEntries + person("tls", given: "Tess", family: "Layer"), tls: certificate)
    defer { server.stop() }

    let error = ldapError { _ = try LDAPConnection(options: LDAPOptions(url: server.url, startTLS: true)) }
    #expect(error?.kind == .tls, "\(String(describing: error))")

    let trusting = try LDAPConnection(options: LDAPOptions(url: server.url, startTLS: true, caFile: certificate.cert))
    #expect(try readAll(trusting).entries.count == 1)
  }

  @Test func startTLSOnAServerWithoutTLSIsATLSFailure() throws {
    let server = try LDAPServer.slapd(seed: LDAPServer.baseEntries)
    defer { server.stop() }

    #expect(ldapError { _ = try LDAPConnection(options: LDAPOptions(url: server.url, startTLS: true)) }?.kind == .tls)
  }
}
