import CLDAP
import Foundation

/// A connection to an LDAP directory (RFC 4511), bound as ``LDAPOptions/bindDN`` or
/// anonymously, that reads people: all of them page by page, or those matching a query.
///
/// The C calls are libldap's (`ldap_initialize`, `ldap_start_tls_s`,
/// `ldap_sasl_bind_s`, `ldap_search_ext_s`, …), each result code mapped to an
/// ``LDAPError``. Not for concurrent use: one caller at a time (libldap's handle is
/// not shared between threads here).
public final class LDAPConnection: @unchecked Sendable {
  /// The options connected with.
  public let options: LDAPOptions
  /// The base DN of every search: the URL's path (RFC 4516), percent-decoded.
  public let baseDN: String
  private var handle: OpaquePointer?

  /// Connects to ``LDAPOptions/url``, starts TLS when asked (RFC 4513 §3) and binds
  /// with a simple bind (RFC 4513 §5.1), anonymous without ``LDAPOptions/bindDN``.
  ///
  /// Certificates are always verified (`LDAP_OPT_X_TLS_REQUIRE_CERT` = `DEMAND`), against
  /// ``LDAPOptions/caFile`` when given; referrals are not followed.
  ///
  /// - Throws: ``LDAPError``: `.malformed` for a bad URL, `.unreachable`, `.tls`,
  ///   `.timeout`, `.invalidCredentials`, or `.server` with the bind's result code.
  public init(options: LDAPOptions) throws(LDAPError) {
    self.options = options
    let url = try LDAPURL(options.url)
    baseDN = url.baseDN
    var ld: OpaquePointer? = nil
    guard ldap_initialize(&ld, url.connectionURI) == LDAP_SUCCESS, let ld else {
      throw LDAPError(.malformed, url: options.url, message: "libldap refuses this URL")
    }
    handle = ld
    do throws(LDAPError) {
      try setUp(ld, url: url)
    } catch {
      close()
      throw error
    }
  }

  deinit { close() }

  /// Ends the connection (an unbind, RFC 4511 §4.3). Later calls fail with
  /// ``LDAPError/Kind/unreachable``; closing twice does nothing.
  public func close() {
    if let handle { ldap_unbind_ext_s(handle, nil, nil) }
    handle = nil
  }

  // MARK: Searches

  /// Every entry under the base that matches ``LDAPOptions/filter``, page by page with
  /// the simple paged results control (RFC 2696), ``LDAPOptions/pageSize`` entries per
  /// page; `page` is called after each page with its entries.
  ///
  /// The server's size limit applies per page (slapd: `limits … size.prtotal=unlimited`),
  /// so a directory larger than it is read whole. When `page` throws, the paged search is
  /// abandoned (a page size of 0, RFC 2696 §3) and its error is thrown unchanged.
  ///
  /// - Parameters:
  ///   - attributes: the attributes to read; `nil` for ``LDAPCardMapping/attributes``.
  ///   - page: called with each page's entries, in the server's order.
  /// - Throws: ``LDAPError`` (`.sizeLimit` when the server ends the search at its limit
  ///   all the same — after `page` was given the entries that came —, `.noSuchObject` for a missing base, `.timeout` for a page not
  ///   answered within ``LDAPOptions/queryTimeout``), or what `page` throws.
  /// - Complexity: O(n) in the entries, with one page of them in memory at a time.
  public func searchAll(attributes: [String]?, page: ([LDAPEntry]) throws -> Void) throws {
    let ld = try connected()
    let filter = LDAPQuery.filter(terms: [], base: options.filter)
    var cookie: [UInt8] = []
    repeat {
      let result = try search(
        ld, filter: filter, attributes: attributes ?? LDAPCardMapping.attributes, sizeLimit: 0,
        pageSize: max(1, options.pageSize), cookie: cookie)
      guard result.code == LDAP_SUCCESS else {
        // The entries that came before the server's size limit are given all the same.
        if result.code == LDAP_SIZELIMIT_EXCEEDED, !result.entries.isEmpty { try page(result.entries) }
        throw failure(result.code, operation: "search", diagnostic: result.diagnostic)
      }
      cookie = result.cookie
      do {
        try page(result.entries)
      } catch {
        if !cookie.isEmpty {
          _ = try? search(
            ld, filter: filter, attributes: ["1.1"], sizeLimit: 0, pageSize: 0, cookie: cookie)
        }
        throw error
      }
    } while !cookie.isEmpty
  }

  /// A query-mode search: the entries matching ``LDAPOptions/filter`` in which every
  /// term is a substring of one of ``LDAPQuery/searchAttributes`` (see
  /// ``LDAPQuery/filter(terms:base:)``), `limit` entries at most.
  ///
  /// The limit is the search's size limit (RFC 4511 §4.5.1.5): a server that stops
  /// there with `sizeLimitExceeded` is not an error — what came is returned with
  /// `truncated` set. The server's own lower limit truncates the same way.
  ///
  /// - Parameters:
  ///   - terms: the words typed; each is escaped (RFC 4515 §3), so `*` and `(` match
  ///     themselves.
  ///   - limit: the most entries wanted (at least 1).
  /// - Returns: the entries (with ``LDAPCardMapping/attributes``), and whether more
  ///   matched.
  /// - Throws: ``LDAPError``.
  public func search(terms: [String], limit: Int) throws(LDAPError) -> (entries: [LDAPEntry], truncated: Bool) {
    let ld = try connected()
    let limit = max(1, limit)
    let filter = LDAPQuery.filter(terms: terms, base: options.filter)
    let result = try search(
      ld, filter: filter, attributes: LDAPCardMapping.attributes, sizeLimit: Int32(clamping: limit), pageSize: nil,
      cookie: [])
    switch result.code {
    case LDAP_SUCCESS where result.entries.count <= limit:
      return (result.entries, false)
    case LDAP_SUCCESS, LDAP_SIZELIMIT_EXCEEDED, LDAP_ADMINLIMIT_EXCEEDED:
      return (Array(result.entries.prefix(limit)), true)
    default:
      throw failure(result.code, operation: "search", diagnostic: result.diagnostic)
    }
  }

  // MARK: Connecting

  private func setUp(_ ld: OpaquePointer, url: LDAPURL) throws(LDAPError) {
    try set(cpick_ldap_set_int(ld, LDAP_OPT_PROTOCOL_VERSION, LDAP_VERSION3), "LDAP_OPT_PROTOCOL_VERSION")
    try set(cpick_ldap_set_flag(ld, LDAP_OPT_REFERRALS, 0), "LDAP_OPT_REFERRALS")
    try set(
      cpick_ldap_set_seconds(ld, LDAP_OPT_NETWORK_TIMEOUT, max(0.001, options.connectTimeout)),
      "LDAP_OPT_NETWORK_TIMEOUT")
    try set(cpick_ldap_set_seconds(ld, LDAP_OPT_TIMEOUT, max(0.001, options.queryTimeout)), "LDAP_OPT_TIMEOUT")
    let usesTLS = url.isTLS || (options.startTLS && url.scheme == "ldap")
    if usesTLS {
      if let caFile = options.caFile {
        try set(cpick_ldap_set_string(ld, LDAP_OPT_X_TLS_CACERTFILE, caFile), "LDAP_OPT_X_TLS_CACERTFILE")
      }
      try set(cpick_ldap_set_int(ld, LDAP_OPT_X_TLS_REQUIRE_CERT, LDAP_OPT_X_TLS_DEMAND), "LDAP_OPT_X_TLS_REQUIRE_CERT")
      // A new TLS context, so that the options above apply to this handle (0: a client's).
      try set(cpick_ldap_set_int(ld, LDAP_OPT_X_TLS_NEWCTX, 0), "LDAP_OPT_X_TLS_NEWCTX")
    }
    if options.startTLS && url.scheme == "ldap" {
      let code = ldap_start_tls_s(ld, nil, nil)
      guard code == LDAP_SUCCESS else {
        let error = failure(code, operation: "StartTLS", diagnostic: diagnostic(ld))
        // LDAP_SERVER_DOWN: no connection at all; anything else (a refused extended
        // operation, LDAP_CONNECT_ERROR from a failed handshake) is TLS.
        guard code != LDAP_SERVER_DOWN, error.kind != .timeout else { throw error }
        throw tlsFailure(error, refused: code != LDAP_CONNECT_ERROR)
      }
    }
    do throws(LDAPError) {
      try bind(ld)
    } catch
      where url.isTLS && error.kind == .unreachable && Self.accepts(url.plainURI, timeout: options.connectTimeout)
    {
      // libldap (GnuTLS) says only "Can't contact LDAP server" when an ldaps://
      // handshake fails: a server that takes a plain TCP connection there was reached.
      throw tlsFailure(error, refused: false)
    }
  }

  /// `error` as a TLS failure, with a message saying what to check.
  private func tlsFailure(_ error: LDAPError, refused: Bool) -> LDAPError {
    let message =
      refused
      ? "StartTLS refused by the server (\(error.message))"
      : "TLS handshake failed: the server's certificate is not trusted (see caFile), does not name the host, "
        + "or the port does not speak TLS (\(error.message))"
    return LDAPError(.tls, url: error.url, message: message)
  }

  /// Whether a TCP connection to `uri`'s host and port is accepted within `timeout`
  /// (`ldap_connect` on a handle of its own, nothing sent).
  private static func accepts(_ uri: String, timeout: Double) -> Bool {
    var probe: OpaquePointer? = nil
    guard ldap_initialize(&probe, uri) == LDAP_SUCCESS, let probe else { return false }
    defer { ldap_unbind_ext_s(probe, nil, nil) }
    _ = cpick_ldap_set_seconds(probe, LDAP_OPT_NETWORK_TIMEOUT, max(0.001, timeout))
    return ldap_connect(probe) == LDAP_SUCCESS
  }

  /// A simple bind (RFC 4513 §5.1.1 anonymous, §5.1.3 name and password).
  private func bind(_ ld: OpaquePointer) throws(LDAPError) {
    var password = Array((options.bindDN == nil ? "" : options.password ?? "").utf8).map { CChar(bitPattern: $0) }
    let count = password.count
    let code = password.withUnsafeMutableBufferPointer { buffer in
      var credentials = berval(bv_len: ber_len_t(count), bv_val: count == 0 ? nil : buffer.baseAddress)
      return ldap_sasl_bind_s(ld, options.bindDN ?? "", cpick_ldap_sasl_simple, &credentials, nil, nil, nil)
    }
    for index in password.indices { password[index] = 0 }
    guard code == LDAP_SUCCESS else { throw failure(code, operation: "bind", diagnostic: diagnostic(ld)) }
  }

  private func set(_ code: Int32, _ option: String) throws(LDAPError) {
    guard code == LDAP_OPT_SUCCESS else {
      throw LDAPError(.malformed, url: options.url, message: "libldap refuses option \(option)")
    }
  }

  func connected() throws(LDAPError) -> OpaquePointer {
    guard let handle else { throw LDAPError(.unreachable, url: options.url, message: "the connection is closed") }
    return handle
  }

  // MARK: One search request

  private struct SearchResult {
    var code: Int32
    var diagnostic: String?
    var entries: [LDAPEntry]
    /// The paged results cookie of the answer; empty after the last page.
    var cookie: [UInt8]
  }

  /// One `ldap_search_ext_s` under the base, with the paged results control when
  /// `pageSize` is given; its result code (not thrown), entries and cookie.
  ///
  /// - Throws: ``LDAPError`` when no result came (unreachable, timeout, a bad filter).
  private func search(
    _ ld: OpaquePointer, filter: String, attributes: [String], sizeLimit: Int32, pageSize: Int?, cookie: [UInt8]
  ) throws(LDAPError) -> SearchResult {
    var control: UnsafeMutablePointer<LDAPControl>? = nil
    if let pageSize {
      var cookieBytes = cookie.map { CChar(bitPattern: $0) }
      let count = cookieBytes.count
      let code = cookieBytes.withUnsafeMutableBufferPointer { buffer in
        var value = berval(bv_len: ber_len_t(count), bv_val: count == 0 ? nil : buffer.baseAddress)
        return ldap_create_page_control(ld, ber_int_t(clamping: pageSize), &value, 0, &control)
      }
      guard code == LDAP_SUCCESS else { throw failure(code, operation: "paged results control", diagnostic: nil) }
    }
    defer { if let control { ldap_control_free(control) } }

    var names = attributes.map { strdup($0) } + [nil]
    defer { names.forEach { free($0) } }
    var controls: [UnsafeMutablePointer<LDAPControl>?] = [control, nil]
    var timeout = cpick_timeval(max(1, options.queryTimeout.rounded(.up)))
    var message: OpaquePointer? = nil
    let code = names.withUnsafeMutableBufferPointer { names in
      controls.withUnsafeMutableBufferPointer { controls in
        ldap_search_ext_s(
          ld, baseDN, LDAP_SCOPE_SUBTREE, filter, names.baseAddress, 0, control == nil ? nil : controls.baseAddress,
          nil, &timeout, sizeLimit, &message)
      }
    }
    defer { if let message { ldap_msgfree(message) } }
    guard let message else {
      throw failure(code, operation: "search", diagnostic: diagnostic(ld))
    }
    var result = SearchResult(code: code, diagnostic: nil, entries: Self.entries(ld, message), cookie: [])

    // The result's diagnostic message and the paged results response control.
    var resultCode: Int32 = 0
    var diagnostic: UnsafeMutablePointer<CChar>? = nil
    var responseControls: UnsafeMutablePointer<UnsafeMutablePointer<LDAPControl>?>? = nil
    if ldap_parse_result(ld, message, &resultCode, nil, &diagnostic, nil, &responseControls, 0) == LDAP_SUCCESS {
      result.code = resultCode
      if let diagnostic {
        result.diagnostic = String(cString: diagnostic)
        ldap_memfree(diagnostic)
      }
      if let responseControls {
        if pageSize != nil, let found = ldap_control_find(cpick_ldap_control_paged_results, responseControls, nil) {
          var count: ber_int_t = 0
          var next = berval(bv_len: 0, bv_val: nil)
          if ldap_parse_pageresponse_control(ld, found, &count, &next) == LDAP_SUCCESS {
            if let bytes = next.bv_val, next.bv_len > 0 {
              result.cookie = Array(UnsafeRawBufferPointer(start: bytes, count: Int(next.bv_len)))
            }
            ber_memfree(next.bv_val)
          }
        }
        ldap_controls_free(responseControls)
      }
    }
    return result
  }

  /// The entries of a search's result chain (references are left out).
  private static func entries(_ ld: OpaquePointer, _ message: OpaquePointer) -> [LDAPEntry] {
    var entries: [LDAPEntry] = []
    entries.reserveCapacity(Int(max(0, ldap_count_entries(ld, message))))
    var next = ldap_first_entry(ld, message)
    while let entry = next {
      entries.append(Self.entry(ld, entry))
      next = ldap_next_entry(ld, entry)
    }
    return entries
  }

  /// One entry of a result: its DN and attributes (names lower-cased, values as bytes).
  static func entry(_ ld: OpaquePointer, _ entry: OpaquePointer) -> LDAPEntry {
    var attributes: [String: [[UInt8]]] = [:]
    // The DN, then each attribute of the entry as it comes, with its own values: an
    // entry may hold one attribute twice (`slapadd` keeps `mail` lines that another
    // attribute splits as two), which a lookup by name (`ldap_get_values_len`) gives as
    // the first twice.
    var ber: OpaquePointer? = nil
    var dnValue = berval()
    guard ldap_get_dn_ber(ld, entry, &ber, &dnValue) == LDAP_SUCCESS, let ber else {
      return LDAPEntry(dn: "", attributes: attributes)
    }
    defer { ber_free(ber, 0) }
    let dn = String(decoding: bytes(dnValue), as: UTF8.self)
    var name = berval()
    var values: UnsafeMutablePointer<berval>? = nil
    while ldap_get_attribute_ber(ld, entry, ber, &name, &values) == LDAP_SUCCESS, name.bv_val != nil {
      var list: [[UInt8]] = []
      if let values {
        var index = 0
        while values[index].bv_val != nil {
          list.append(bytes(values[index]))
          index += 1
        }
        ber_memfree(values)
      }
      values = nil
      attributes[String(decoding: bytes(name), as: UTF8.self).lowercased(), default: []] += list
    }
    return LDAPEntry(dn: dn, attributes: attributes)
  }

  /// The bytes of a `berval`.
  static func bytes(_ value: berval) -> [UInt8] {
    guard let start = value.bv_val, value.bv_len > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: start, count: Int(value.bv_len)))
  }

  // MARK: Errors

  /// The handle's diagnostic message (`LDAP_OPT_DIAGNOSTIC_MESSAGE`), if any.
  func diagnostic(_ ld: OpaquePointer) -> String? {
    var pointer: UnsafeMutablePointer<CChar>? = nil
    guard cpick_ldap_get_string(ld, LDAP_OPT_DIAGNOSTIC_MESSAGE, &pointer) == LDAP_OPT_SUCCESS, let pointer else {
      return nil
    }
    defer { ldap_memfree(pointer) }
    let text = String(cString: pointer)
    return text.isEmpty ? nil : text
  }

  /// The error for result code `code` of `operation`: its kind, and a one-line message
  /// with libldap's text for the code and the server's diagnostic (the password, should
  /// it appear, removed).
  func failure(_ code: Int32, operation: String, diagnostic: String?) -> LDAPError {
    var message: String
    let kind: LDAPError.Kind
    let text = String(cString: ldap_err2string(code))
    switch code {
    case LDAP_INVALID_CREDENTIALS:
      kind = .invalidCredentials
      message = "\(operation): wrong bind DN or password (\(text))"
    case LDAP_SERVER_DOWN, LDAP_CONNECT_ERROR:
      if let diagnostic, Self.mentionsTLS(diagnostic) {
        kind = .tls
      } else if let diagnostic, diagnostic.lowercased().contains("timed out") {
        kind = .timeout
      } else {
        kind = .unreachable
      }
      message = "\(operation): \(text)"
    case LDAP_TIMEOUT, LDAP_TIMELIMIT_EXCEEDED:
      kind = .timeout
      message = "\(operation): no answer within \(Self.seconds(options.queryTimeout)) (\(text))"
    case LDAP_NO_SUCH_OBJECT:
      kind = .noSuchObject
      message = "\(operation): no entry \"\(baseDN)\" (\(text))"
    case LDAP_SIZELIMIT_EXCEEDED:
      kind = .sizeLimit
      message = "\(operation): the server's size limit was reached (\(text))"
    case LDAP_FILTER_ERROR, LDAP_DECODING_ERROR, LDAP_PARAM_ERROR, LDAP_INVALID_DN_SYNTAX, LDAP_ENCODING_ERROR,
      LDAP_PROTOCOL_ERROR:
      kind = .malformed
      message = "\(operation): \(text)"
    default:
      kind = .server(code)
      message = "\(operation): \(text) (LDAP result \(code))"
    }
    // The server's own words, unless they hold the password (a server that echoes the
    // bind): left out whole then — a `***` in their place would show which word of the
    // message the password is, and in cpick's words (`bind`, `credentials`) there is none.
    if let diagnostic, !diagnostic.isEmpty {
      if let password = options.password, !password.isEmpty, diagnostic.contains(password) {
        message += ": (the server's message is left out: it holds the password)"
      } else {
        message += ": " + diagnostic
      }
    }
    return LDAPError(kind, url: options.url, message: message.oneLine())
  }

  private static func mentionsTLS(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return ["tls", "ssl", "certificate", "handshake", "x509"].contains { lowered.contains($0) }
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}

extension String {
  /// Line breaks and tabs as spaces.
  func oneLine() -> String {
    String(map { $0.isNewline || $0 == "\t" ? " " : $0 })
  }
}
