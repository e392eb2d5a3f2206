import CCurl
import Foundation

/// One HTTP exchange's answer: the final status, its headers, the body and the URL that
/// answered (after redirects).
struct HTTPResponse {
  var status: Int
  /// The status line's reason phrase (`Not Found`), possibly empty (HTTP/2 has none).
  var reason: String
  /// The final response's header fields, names lowercased, in order.
  var headers: [(name: String, value: String)]
  var body: [UInt8]
  /// The URL of the last request made (redirects followed).
  var effectiveURL: String

  /// The first header field named `name` (lowercase).
  func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
}

/// The bytes a transfer receives, filled by curl's callbacks through `userdata`.
private final class TransferSink {
  var body: [UInt8] = []
  var statusLine = ""
  var headers: [(name: String, value: String)] = []
  /// The most bytes of the body read (`DAVOptions.largestAnswer`).
  var largest = Int.max
  /// Set when the body grew past `largest`: the transfer was stopped there (a server
  /// that never stops sending must not take all memory).
  var overflowed = false

  /// One header line (`Name: value\r\n`, or a status line that starts a new response:
  /// each redirect and each `100 Continue` has its own).
  func addHeaderLine(_ line: String) {
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.hasPrefix("HTTP/") {
      statusLine = trimmed
      headers = []
    } else if let colon = trimmed.firstIndex(of: ":") {
      let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers.append((name, value))
    }
  }
}

/// The process-wide `curl_global_init`, run once before the first handle (it is not
/// thread-safe, so a `static let` guards it).
private let curlGlobalInit: Int = Int(curl_global_init(cpick_curl_global_all).rawValue)

/// A libcurl easy handle, reset before each request so no option leaks from one to the
/// next; its connections stay open between requests (keep-alive). Not for concurrent use.
///
/// Every C call of the module is here; the corresponding C functions are
/// `curl_easy_setopt`, `curl_easy_perform` and `curl_easy_getinfo` (through the typed
/// wrappers of `CCurl/shim.h`).
final class CurlEasy {
  private let handle: UnsafeMutableRawPointer
  private let options: DAVOptions

  init(options: DAVOptions) throws(DAVError) {
    guard curlGlobalInit == 0, let handle = curl_easy_init() else {
      throw DAVError(.unreachable, url: "", message: "cannot start libcurl")
    }
    self.handle = handle
    self.options = options
  }

  deinit { curl_easy_cleanup(handle) }

  /// Sends `method` to `url` with `headers` and `body`, following redirects, and returns
  /// the final answer whatever its status. Throws for transport failures only.
  func perform(
    _ method: String, _ url: String, headers: [String], body: [UInt8]?, redirectProtocols: String,
    shownURL: String
  ) throws(DAVError) -> HTTPResponse {
    curl_easy_reset(handle)
    var errorBuffer = [CChar](repeating: 0, count: Int(cpick_curl_error_size) + 1)
    let sink = TransferSink()
    sink.largest = options.largestAnswer
    var list: UnsafeMutablePointer<curl_slist>? = nil
    defer { curl_slist_free_all(list) }
    for header in headers + ["Expect:", "User-Agent: cpick"] { list = curl_slist_append(list, header) }

    let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errors in
      withExtendedLifetime(sink) {
        let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
        setLong(CURLOPT_NOSIGNAL, 1)
        setString(CURLOPT_URL, url)
        setString(CURLOPT_CUSTOMREQUEST, method)
        setString(CURLOPT_PROTOCOLS_STR, "http,https")
        setString(CURLOPT_REDIR_PROTOCOLS_STR, redirectProtocols)
        setLong(CURLOPT_FOLLOWLOCATION, 1)
        setLong(CURLOPT_MAXREDIRS, 10)
        setLong(CURLOPT_POSTREDIR, cpick_curl_redir_post_all)
        setLong(CURLOPT_SSL_VERIFYPEER, 1)
        setLong(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = options.caFile { setString(CURLOPT_CAINFO, caFile) }
        setLong(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(options.connectTimeout))
        // Slower than this for the idle time-out is no answer: a server that trickles
        // a byte a second (a slow-loris peer) would keep a sync, and its lock, for a day.
        setLong(CURLOPT_LOW_SPEED_LIMIT, Self.slowestAnswer)
        setLong(CURLOPT_LOW_SPEED_TIME, max(1, Int(options.idleTimeout.rounded(.up))))
        if let whole = options.requestTimeout { setLong(CURLOPT_TIMEOUT_MS, Self.milliseconds(whole)) }
        switch options.credentials {
        case .none: break
        case .basic(let user, let password):
          setLong(CURLOPT_HTTPAUTH, cpick_curlauth_basic)
          setString(CURLOPT_USERNAME, user)
          setString(CURLOPT_PASSWORD, password)
        case .bearer(let token):
          setLong(CURLOPT_HTTPAUTH, cpick_curlauth_bearer)
          setString(CURLOPT_XOAUTH2_BEARER, token)
        case .netrc:
          setLong(CURLOPT_NETRC, cpick_curl_netrc_optional)
          if let file = ProcessInfo.processInfo.environment["NETRC"], !file.isEmpty {
            setString(CURLOPT_NETRC_FILE, file)
          }
        }
        cpick_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
        if let body {
          // COPYPOSTFIELDS copies the bytes (the size set first, so NULs are kept); the
          // custom request keeps the method on the wire.
          cpick_curl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
          body.withUnsafeBytes { raw in
            let bytes = raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
            cpick_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, bytes)
          }
        }
        cpick_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errors.baseAddress)
        cpick_curl_setopt_callback(handle, CURLOPT_WRITEFUNCTION) { buffer, size, count, userdata in
          let sink = Unmanaged<TransferSink>.fromOpaque(userdata!).takeUnretainedValue()
          let length = size * count
          guard sink.body.count + length <= sink.largest else {
            sink.overflowed = true
            return 0  // curl stops the transfer (CURLE_WRITE_ERROR)
          }
          if length > 0, let buffer {
            sink.body.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: length))
          }
          return length
        }
        cpick_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, sinkPointer)
        cpick_curl_setopt_callback(handle, CURLOPT_HEADERFUNCTION) { buffer, size, count, userdata in
          let sink = Unmanaged<TransferSink>.fromOpaque(userdata!).takeUnretainedValue()
          let length = size * count
          if length > 0, let buffer {
            let bytes = UnsafeRawBufferPointer(start: buffer, count: length)
            sink.addHeaderLine(String(decoding: bytes, as: UTF8.self))
          }
          return length
        }
        cpick_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, sinkPointer)
        return curl_easy_perform(handle)
      }
    }
    if sink.overflowed {
      throw DAVError(
        .malformed, url: shownURL,
        message: "the answer is longer than \(Self.size(options.largestAnswer)); stopped reading it")
    }
    if code != CURLE_OK {
      let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw transportError(code, detail: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail, url: shownURL)
    }
    var status = 0
    cpick_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    var effective: UnsafeMutablePointer<CChar>? = nil
    cpick_curl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &effective)
    let reason = sink.statusLine.split(separator: " ", maxSplits: 2).dropFirst(2).first.map(String.init) ?? ""
    return HTTPResponse(
      status: status, reason: reason, headers: sink.headers, body: sink.body,
      // curl puts a user name from ~/.netrc into the URL it reports; hrefs are
      // resolved against it, so it is taken out.
      effectiveURL: effective.map { DAVURL.shown(String(cString: $0)) } ?? url)
  }

  /// A size as a user reads it: `256 MiB`, `200 bytes`.
  static func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  private func setLong(_ option: CURLoption, _ value: Int) { cpick_curl_setopt_long(handle, option, value) }
  private func setString(_ option: CURLoption, _ value: String) { cpick_curl_setopt_string(handle, option, value) }

  /// Bytes a second: an answer slower than this for the idle time-out times out
  /// (a phone's worst mobile data carries thousands).
  static let slowestAnswer = 64

  private static func milliseconds(_ seconds: Double) -> Int { max(1, Int((seconds * 1000).rounded(.up))) }

  /// The seconds of a time limit as a user reads them (`5`, `0.5`).
  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// A curl failure as a ``DAVError``: connection errors are `.unreachable`, TLS errors
  /// `.tls`, time-outs `.timeout`.
  private func transportError(_ code: CURLcode, detail: String, url: String) -> DAVError {
    switch code {
    case CURLE_OPERATION_TIMEDOUT:
      if let whole = options.requestTimeout, microseconds(CURLINFO_TOTAL_TIME_T) >= Int64(whole * 990_000) {
        return DAVError(.timeout, url: url, message: "not done within \(Self.seconds(whole)) s")
      }
      if microseconds(CURLINFO_CONNECT_TIME_T) == 0 {
        return DAVError(.timeout, url: url, message: "cannot connect within \(Self.seconds(options.connectTimeout)) s")
      }
      return DAVError(.timeout, url: url, message: "no answer within \(Self.seconds(options.idleTimeout.rounded(.up))) s")
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return DAVError(.unreachable, url: url, message: "cannot find the host: \(detail)")
    case CURLE_COULDNT_CONNECT:
      var osError = 0
      cpick_curl_getinfo_long(handle, CURLINFO_OS_ERRNO, &osError)
      let reason = osError != 0 ? String(cString: strerror(Int32(osError))) : detail
      return DAVError(.unreachable, url: url, message: "cannot connect: \(reason)")
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND,
      CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_INITFAILED,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
      CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
      // The usual cause of OpenSSL's "wrong version number": an https URL for a server
      // that speaks plain http (Radicale by default).
      let hint = detail.contains("wrong version number") ? " (does the server speak plain http? try http://)" : ""
      return DAVError(.tls, url: url, message: "TLS: \(detail)" + hint)
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      return DAVError(.malformed, url: url, message: detail)
    case CURLE_TOO_MANY_REDIRECTS:
      return DAVError(.http(300), url: url, message: "too many redirects")
    default:
      return DAVError(.unreachable, url: url, message: "connection failed: \(detail)")
    }
  }

  /// A `_T` time of the last transfer, in microseconds.
  private func microseconds(_ info: CURLINFO) -> Int64 {
    var value: curl_off_t = 0
    cpick_curl_getinfo_off(handle, info, &value)
    return Int64(value)
  }
}
