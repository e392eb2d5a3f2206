import Foundation

/// The URLs the client accepts, and how it resolves the hrefs of an answer.
enum DAVURL {
  /// Checks `url` before anything is sent: http or https, no user name or password in it,
  /// and plain http only to this machine (127.0.0.0/8, ::1, localhost). Returns the
  /// protocols redirects may go to: an https URL never redirects to plain http.
  static func check(_ url: String) throws(DAVError) -> String {
    guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), let host = parsed.host,
      !host.isEmpty
    else {
      throw DAVError(.malformed, url: shown(url), message: "not an http or https URL")
    }
    if parsed.user != nil || parsed.password != nil {
      throw DAVError(
        .malformed, url: shown(url), message: "a user name or password in the URL: give them as credentials instead")
    }
    switch scheme {
    case "https": return "https"
    case "http":
      guard isLoopback(host) else {
        throw DAVError(.malformed, url: shown(url), message: "plain http is allowed only to this machine; use https")
      }
      return "http,https"
    default:
      throw DAVError(.malformed, url: shown(url), message: "not an http or https URL")
    }
  }

  /// Whether `host` names this machine: `localhost`, an IPv4 address in 127.0.0.0/8, `::1`.
  static func isLoopback(_ host: String) -> Bool {
    var name = host.lowercased()
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    if name == "localhost" || name == "localhost." { return true }
    var v4 = in_addr()
    if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, name, &v6) == 1 {
      return withUnsafeBytes(of: &v6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
    }
    return false
  }

  /// `url` as shown in an error: any user name and password removed.
  static func shown(_ url: String) -> String {
    guard var components = URLComponents(string: url), components.user != nil || components.password != nil else {
      if URLComponents(string: url) == nil, let at = url.firstIndex(of: "@"), let scheme = url.range(of: "://"),
        scheme.upperBound < at
      {
        return String(url[..<scheme.upperBound]) + String(url[url.index(after: at)...])
      }
      return url
    }
    components.user = nil
    components.password = nil
    return components.string ?? url
  }

  /// `href` (absolute, or relative to `base`) as an absolute URL string.
  static func resolve(_ href: String, against base: String) -> String {
    let baseURL = URL(string: base)
    if let resolved = URL(string: href, relativeTo: baseURL) { return resolved.absoluteString }
    let encoded = href.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? href
    return URL(string: encoded, relativeTo: baseURL)?.absoluteString ?? href
  }

  /// The scheme, host and port of `url` (lowercased, the port made explicit): what
  /// libcurl compares before it sends credentials after a redirect.
  static func origin(_ url: String) -> String? {
    guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
      let host = components.host?.lowercased()
    else { return nil }
    return "\(scheme)://\(host):\(components.port ?? (scheme == "https" ? 443 : 80))"
  }

  /// `url` ending in `/` (a collection's URL).
  static func withSlash(_ url: String) -> String { url.hasSuffix("/") ? url : url + "/" }

  /// The percent-decoded path of `url`, without a final `/`: two spellings of one resource
  /// compare equal.
  static func identity(_ url: String) -> String {
    guard let components = URLComponents(string: url) else { return url }
    var path = components.percentEncodedPath.removingPercentEncoding ?? components.percentEncodedPath
    while path.hasSuffix("/") { path.removeLast() }
    return "\(components.host?.lowercased() ?? ""):\(components.port ?? 0)\(path)"
  }

  /// The percent-encoded path (and query) of `url`, for an href in a request body.
  static func path(_ url: String) -> String {
    guard let components = URLComponents(string: url) else { return url }
    return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
  }
}
