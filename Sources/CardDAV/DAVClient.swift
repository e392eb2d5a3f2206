import Foundation
import CpickSupport

/// A CardDAV client (RFC 6352) over one libcurl handle: discovery, collection sync
/// (RFC 6578), listings, multiget and conditional writes (RFC 7232).
///
/// The handle is reused, so connections stay open between requests (keep-alive). A client
/// is not for concurrent use: give each thread its own.
///
/// Every URL is checked before anything is sent: `http` or `https` only, no credentials
/// in it, plain `http` only to this machine. Redirects are followed (the method kept), an
/// `https` URL only to `https`. TLS peers and host names are always verified.
public final class DAVClient: @unchecked Sendable {
  private let curl: CurlEasy
  private let options: DAVOptions

  /// A client with `options`; no request is made.
  ///
  /// - Throws: ``DAVError`` (`.unreachable`) when libcurl cannot start.
  public init(options: DAVOptions) throws(DAVError) {
    curl = try CurlEasy(options: options)
    self.options = options
  }

  // MARK: Discovery

  /// The address books reachable from `url` (RFC 6352 §7.1, RFC 6764 §6, RFC 5397).
  ///
  /// `url` may be an address-book collection (the answer is just it), a principal, an
  /// address-book home or a server root. In order: `PROPFIND` (Depth 0) on `url`; if it is
  /// an address book, it alone. Otherwise its `CARDDAV:addressbook-home-set`, or that of its
  /// `DAV:current-user-principal` (of `url`, else of `/.well-known/carddav`, redirects
  /// followed); then `PROPFIND` (Depth 1) on each home: every child whose resource type
  /// has `CARDDAV:addressbook`. When nothing gives a home, `url` is taken as one. Relative
  /// hrefs are resolved against the URL that answered.
  ///
  /// - Returns: The address books, in the server's order, each once.
  /// - Throws: ``DAVError``: `.unauthorized`, `.notFound`, … for `url`'s own answer;
  ///   `.malformed` when an answer is not a multistatus.
  public func addressBooks(at url: String) throws(DAVError) -> [DAVAddressBook] {
    let (top, base) = try propfind(url, depth: 0, properties: Self.discoveryProperties)
    guard let me = top.responses.first(where: { DAVURL.identity(DAVURL.resolve($0.href, against: base)) == DAVURL.identity(base) }) ?? top.responses.first
    else {
      throw DAVError(.malformed, url: DAVURL.shown(url), message: "the answer describes no resource")
    }
    if let book = Self.addressBook(me, base: base) { return [book] }

    var homes = Self.hrefs(me, Namespace.cardDAV, "addressbook-home-set", base: base)
    if homes.isEmpty {
      var principal = Self.hrefs(me, Namespace.dav, "current-user-principal", base: base).first
      if principal == nil { principal = try? wellKnownPrincipal(base) }
      if let principal {
        let (answer, principalBase) = try propfind(principal, depth: 0, properties: Self.discoveryProperties)
        homes = answer.responses.flatMap { Self.hrefs($0, Namespace.cardDAV, "addressbook-home-set", base: principalBase) }
      }
    }
    var books = try addressBooks(inHomes: homes)
    if books.isEmpty, !homes.contains(where: { DAVURL.identity($0) == DAVURL.identity(base) }) {
      books = try addressBooks(inHomes: [base])
    }
    return books
  }

  /// The properties discovery asks for.
  private static let discoveryProperties =
    "<D:resourcetype/><D:current-user-principal/><C:addressbook-home-set/><D:displayname/><D:supported-report-set/>"

  /// The address books among the children of `homes` (PROPFIND Depth 1 on each).
  private func addressBooks(inHomes homes: [String]) throws(DAVError) -> [DAVAddressBook] {
    var books: [DAVAddressBook] = []
    var seen = Set<String>()
    for home in homes {
      let (answer, base) = try propfind(home, depth: 1, properties: Self.discoveryProperties)
      for response in answer.responses {
        guard let book = Self.addressBook(response, base: base), seen.insert(DAVURL.identity(book.url)).inserted
        else { continue }
        books.append(book)
      }
    }
    return books
  }

  /// The principal named by `/.well-known/carddav` of `url`'s server (RFC 6764 §6).
  private func wellKnownPrincipal(_ url: String) throws(DAVError) -> String? {
    guard var components = URLComponents(string: url) else { return nil }
    components.percentEncodedPath = "/.well-known/carddav"
    components.percentEncodedQuery = nil
    components.fragment = nil
    guard let wellKnown = components.string else { return nil }
    let (answer, base) = try propfind(wellKnown, depth: 0, properties: "<D:current-user-principal/>")
    return answer.responses.lazy.compactMap { Self.hrefs($0, Namespace.dav, "current-user-principal", base: base).first }
      .first
  }

  /// The address book a response describes, when its resource type has `CARDDAV:addressbook`.
  private static func addressBook(_ response: MultistatusResponse, base: String) -> DAVAddressBook? {
    guard let type = response.property(Namespace.dav, "resourcetype"), type.contains(Namespace.cardDAV, "addressbook")
    else { return nil }
    let name = response.property(Namespace.dav, "displayname")?.trimmedText
    let reports = response.property(Namespace.dav, "supported-report-set")
    return DAVAddressBook(
      url: DAVURL.withSlash(DAVURL.resolve(response.href, against: base)),
      displayName: name?.isEmpty == false ? name : nil,
      supportsSyncCollection: reports?.contains(Namespace.dav, "sync-collection") ?? false)
  }

  /// The absolute hrefs inside property `name` of `response`.
  private static func hrefs(_ response: MultistatusResponse, _ namespace: String, _ name: String, base: String)
    -> [String]
  {
    guard let property = response.property(namespace, name) else { return [] }
    return property.children(Namespace.dav, "href").map(\.trimmedText).filter { !$0.isEmpty }.map {
      DAVURL.resolve($0, against: base)
    }
  }

  // MARK: Listing and sync

  /// The changes in `collection` since `token` (RFC 6578 §3.2 `DAV:sync-collection` REPORT,
  /// sync level 1, `Depth: 0` as §3.2 requires, property `DAV:getetag`).
  ///
  /// - Parameters:
  ///   - collection: The address book's URL.
  ///   - token: The token of the last sync, or `nil` for an initial sync (every member).
  /// - Returns: Changed members with their ETags, removed URLs (members answered 404), the
  ///   new token, and whether the server truncated the answer (507 on the collection,
  ///   §3.6: call again with the token).
  /// - Throws: ``DAVError``: `.invalidSyncToken` when the server refuses `token` (403, 409
  ///   or 412 with `DAV:valid-sync-token`, or any 403/412 for a non-empty token; sync again
  ///   with `nil`); `.malformed` when the answer has no sync token.
  public func syncCollection(_ collection: String, token: String?) throws(DAVError) -> DAVSyncResult {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <D:sync-collection xmlns:D="DAV:"><D:sync-token>\(xmlEscaped(token ?? ""))</D:sync-token>\
      <D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>
      """
    let response = try send("REPORT", collection, headers: Self.xmlHeaders(depth: 0), body: Array(body.utf8))
    if [403, 409, 412].contains(response.status) {
      let precondition = DAVElement.parse(response.body)?.contains(Namespace.dav, "valid-sync-token") ?? false
      if precondition || (response.status != 409 && !(token ?? "").isEmpty) {
        throw DAVError(
          .invalidSyncToken, url: DAVURL.shown(collection),
          message: "the server no longer knows this sync token (HTTP \(response.status)); sync again from the start")
      }
    }
    let answer = try multistatus(response, url: collection)
    guard let newToken = answer.syncToken, !newToken.isEmpty else {
      throw DAVError(.malformed, url: DAVURL.shown(collection), message: "the sync answer has no sync token")
    }
    let base = response.effectiveURL
    let collectionIdentity = DAVURL.identity(base)
    var changed: [DAVMember] = []
    var removed: [String] = []
    var truncated = false
    for item in answer.responses {
      let url = DAVURL.resolve(item.href, against: base)
      if DAVURL.identity(url) == collectionIdentity {
        if item.status == 507 { truncated = true }
        continue
      }
      if item.status == 404 {
        removed.append(url)
      } else if item.status == nil || (200..<300).contains(item.status!) {
        changed.append(DAVMember(url: url, etag: item.property(Namespace.dav, "getetag")?.trimmedText ?? ""))
      }
    }
    return DAVSyncResult(changed: changed, removed: removed, token: newToken, isTruncated: truncated)
  }

  /// Every member of `collection` that is not itself a collection, with its ETag
  /// (`PROPFIND` Depth 1, `DAV:getetag` and `DAV:resourcetype`; RFC 4918 §9.1).
  ///
  /// - Returns: Members in the server's order, ETags as sent (quotes included; empty when
  ///   the server gave none). The collection itself is left out.
  /// - Throws: ``DAVError`` for a failed request or an answer that is not a multistatus.
  public func members(of collection: String) throws(DAVError) -> [DAVMember] {
    let (answer, base) = try propfind(collection, depth: 1, properties: "<D:getetag/><D:resourcetype/>")
    let collectionIdentity = DAVURL.identity(base)
    return answer.responses.compactMap { item in
      let url = DAVURL.resolve(item.href, against: base)
      guard DAVURL.identity(url) != collectionIdentity, item.status.map({ (200..<300).contains($0) }) ?? true,
        !(item.property(Namespace.dav, "resourcetype")?.contains(Namespace.dav, "collection") ?? false)
      else { return nil }
      return DAVMember(url: url, etag: item.property(Namespace.dav, "getetag")?.trimmedText ?? "")
    }
  }

  /// The collection's current `DAV:sync-token` (RFC 6578 §4, `PROPFIND` Depth 0).
  ///
  /// - Returns: The token, or `nil` when the server has none.
  /// - Throws: ``DAVError`` for a failed request or an answer that is not a multistatus.
  public func syncToken(of collection: String) throws(DAVError) -> String? {
    let (answer, _) = try propfind(collection, depth: 0, properties: "<D:sync-token/>")
    let token = answer.responses.lazy.compactMap { $0.property(Namespace.dav, "sync-token")?.trimmedText }.first
    return token?.isEmpty == false ? token : nil
  }

  // MARK: Reading cards

  /// The cards at `urls` in `collection`, with their ETags (RFC 6352 §8.7
  /// `CARDDAV:addressbook-multiget` REPORT, `Depth: 1`).
  ///
  /// Ask in batches (about 200 URLs). XML parsing turns CR LF into LF, so when a card's
  /// text has no CR every LF becomes CR LF again (vCard's line end, RFC 6350 §3.2); every
  /// other byte is as the server sent it.
  ///
  /// - Returns: The cards the server returned, in its order; those it answers 404 for are
  ///   left out. A card's `url` is the one asked for when the server names it so.
  /// - Complexity: One request; O(n) in the size of the answer.
  /// - Throws: ``DAVError`` for a failed request or an answer that is not a multistatus.
  public func multiget(_ collection: String, urls: [String]) throws(DAVError) -> [DAVCard] {
    guard !urls.isEmpty else { return [] }
    let hrefs = urls.map { "<D:href>\(xmlEscaped(DAVURL.path($0)))</D:href>" }.joined()
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">\
      <D:prop><D:getetag/><C:address-data/></D:prop>\(hrefs)</C:addressbook-multiget>
      """
    let response = try send("REPORT", collection, headers: Self.xmlHeaders(depth: 1), body: Array(body.utf8))
    let answer = try multistatus(response, url: collection)
    let base = response.effectiveURL
    var asked: [String: String] = [:]
    for url in urls { asked[DAVURL.identity(DAVURL.resolve(url, against: base))] = url }
    return answer.responses.compactMap { item in
      guard item.status.map({ (200..<300).contains($0) }) ?? true,
        let data = item.property(Namespace.cardDAV, "address-data")
      else { return nil }
      let resolved = DAVURL.resolve(item.href, against: base)
      let text = data.text
      let bytes = text.contains("\r") ? Array(text.utf8) : Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
      return DAVCard(
        url: asked[DAVURL.identity(resolved)] ?? resolved, etag: item.property(Namespace.dav, "getetag")?.trimmedText,
        bytes: bytes)
    }
  }

  /// The card at `url` (`GET`): its body exactly as sent, with its ETag.
  ///
  /// - Returns: The card, or `nil` when the server answers 404.
  /// - Throws: ``DAVError`` for any other failure.
  public func get(_ url: String) throws(DAVError) -> DAVCard? {
    let response = try send("GET", url, headers: [], body: nil)
    if response.status == 404 { return nil }
    guard (200..<300).contains(response.status) else { throw statusError(response, url: url) }
    return DAVCard(url: url, etag: response.header("etag"), bytes: response.body)
  }

  // MARK: Writing cards

  /// Stores `body` at `url` (`PUT`, `Content-Type: text/vcard; charset=utf-8`, RFC 6352
  /// §6.3.2), on a condition (RFC 7232 §3.1, §3.2).
  ///
  /// - Parameters:
  ///   - ifMatch: The ETag the card must still have (`If-Match`); must not be empty.
  ///   - ifNoneMatch: `true` to create only: `If-None-Match: *`. Neither: no condition
  ///     (for a server without strong ETags, after a `GET` found the card unchanged).
  /// - Returns: The new ETag when the answer has one. Servers may rewrite the card
  ///   (Radicale sorts and refolds it): `get(_:)` it again to know what is stored.
  /// - Throws: ``DAVError``: `.preconditionFailed` on 412 (the card changed, or exists);
  ///   `.malformed` without sending for an empty `ifMatch` (servers take `If-Match: ""` as
  ///   no condition) or for both conditions at once.
  @discardableResult
  public func put(_ url: String, body: [UInt8], ifMatch: String?, ifNoneMatch: Bool) throws(DAVError) -> String? {
    var headers = ["Content-Type: text/vcard; charset=utf-8"]
    if let ifMatch {
      if ifNoneMatch {
        throw DAVError(.malformed, url: DAVURL.shown(url), message: "both If-Match and If-None-Match asked for")
      }
      headers.append("If-Match: \(try Self.checkedETag(ifMatch, url: url))")
    } else if ifNoneMatch {
      headers.append("If-None-Match: *")
    }
    let response = try send("PUT", url, headers: headers, body: body)
    guard (200..<300).contains(response.status) else { throw statusError(response, url: url) }
    return response.header("etag")
  }

  /// Removes the card at `url` (`DELETE` with `If-Match`, RFC 7232 §3.1).
  ///
  /// - Parameter ifMatch: The ETag the card must still have; must not be empty. `nil`:
  ///   no condition (for a server without strong ETags, after a `GET` found the card
  ///   unchanged).
  /// - Throws: ``DAVError``: `.notFound` on 404, `.preconditionFailed` on 412 (the card
  ///   changed); `.malformed` without sending for an empty `ifMatch`.
  public func delete(_ url: String, ifMatch: String?) throws(DAVError) {
    let headers = try ifMatch.map { etag throws(DAVError) in ["If-Match: \(try Self.checkedETag(etag, url: url))"] } ?? []
    let response = try send("DELETE", url, headers: headers, body: nil)
    guard (200..<300).contains(response.status) else { throw statusError(response, url: url) }
  }

  /// `etag` when it can go into an `If-Match` header: not empty, no line break.
  private static func checkedETag(_ etag: String, url: String) throws(DAVError) -> String {
    let trimmed = etag.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed != "\"\"", !trimmed.contains(where: \.isNewline) else {
      throw DAVError(
        .malformed, url: DAVURL.shown(url), message: "an empty ETag is no condition: nothing sent")
    }
    return trimmed
  }

  // MARK: Requests

  /// The headers of an XML request.
  private static func xmlHeaders(depth: Int) -> [String] {
    ["Content-Type: application/xml; charset=utf-8", "Depth: \(depth)"]
  }

  /// `PROPFIND` `properties` (XML with prefixes `D:` for DAV and `C:` for CardDAV) at
  /// `depth`; the multistatus and the URL that answered.
  private func propfind(_ url: String, depth: Int, properties: String) throws(DAVError) -> (Multistatus, String) {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop>\(properties)</D:prop></D:propfind>
      """
    let response = try send("PROPFIND", url, headers: Self.xmlHeaders(depth: depth), body: Array(body.utf8))
    return (try multistatus(response, url: url), response.effectiveURL)
  }

  /// The multistatus of a 207 answer; the status's error otherwise.
  private func multistatus(_ response: HTTPResponse, url: String) throws(DAVError) -> Multistatus {
    guard response.status == 207 || response.status == 200 else { throw statusError(response, url: url) }
    guard let answer = Multistatus(response.body) else {
      // Say why when it is the tag libxml2 is not given (`DAVElement.parse`).
      let crowded = XMLPieces.crowdedTag(response.body).map {
        ": its line \($0) has a tag of more than \(XMLPieces.mostAttributes) attributes"
      }
      throw DAVError(.malformed, url: DAVURL.shown(url), message: "the answer is not a WebDAV multistatus" + (crowded ?? ""))
    }
    return answer
  }

  /// Sends one request after checking `url`.
  private func send(_ method: String, _ url: String, headers: [String], body: [UInt8]?) throws(DAVError)
    -> HTTPResponse
  {
    let redirects = try DAVURL.check(url)
    return try curl.perform(
      method, url, headers: headers, body: body, redirectProtocols: redirects, shownURL: DAVURL.shown(url))
  }

  /// The error for an answer whose status is not a success.
  private func statusError(_ response: HTTPResponse, url: String) -> DAVError {
    let shown = DAVURL.shown(url)
    let code = response.status
    switch code {
    case 401:
      if options.credentials != .none, options.credentials != .netrc, let answered = DAVURL.origin(response.effectiveURL),
        answered != DAVURL.origin(url)
      {
        // libcurl never sends the credentials to another host, port or scheme.
        return DAVError(
          .unauthorized, url: shown,
          message: "redirected to \(answered), which asks for a user name and password; "
            + "credentials are never sent to another host: give that URL instead (HTTP 401)")
      }
      let message =
        switch options.credentials {
        case .none: "the server asks for a user name and password (HTTP 401)"
        case .bearer: "the token was refused (HTTP 401)"
        case .basic, .netrc: "wrong user name or password (HTTP 401)"
        }
      return DAVError(.unauthorized, url: shown, message: message)
    case 403: return DAVError(.forbidden, url: shown, message: "access denied (HTTP 403)")
    case 404: return DAVError(.notFound, url: shown, message: "not found (HTTP 404)")
    case 412:
      return DAVError(.preconditionFailed, url: shown, message: "changed on the server since it was read (HTTP 412)")
    default:
      let reason = response.reason.filter { !$0.isASCII || ($0.asciiValue! >= 0x20 && $0.asciiValue! < 0x7f) }
      return DAVError(.http(code), url: shown, message: "the server answered HTTP \(code)\(reason.isEmpty ? "" : " " + reason)")
    }
  }
}
