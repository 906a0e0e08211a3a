import CCurl
import Foundation
import ViewModelKit

/// One HTTP exchange on libcurl, run on a thread of its own so that no request waits behind
/// another, and so that waiting costs no CPU: the thread sleeps in `curl_multi_poll` until the
/// socket, the deadline or `cancel()` wakes it.
///
/// Redirects are followed here, not by curl, as the request's `redirects` allows
/// (`RedirectRule`): curl would carry the body and the query's keys to any host.
///
/// Bounds, all enforced by curl as the bytes arrive, not after: the whole exchange (connect,
/// send, every byte of the answer, every redirect) ends at `deadline`; the body is counted after gzip or
/// deflate is inflated, and the transfer (inflation included) stops at the first byte past
/// `bodyLimit`; the response head is limited to 64 KiB.
final class CurlTransfer: @unchecked Sendable {
  // @unchecked: `body`, `headers`, `headBytes` and `overLimit` are touched only on the
  // transfer's own thread (curl calls back on it); `shared` is guarded by its lock.
  private struct Shared {
    var cancelled = false
    var multi: UnsafeMutableRawPointer?
  }

  private let request: HTTPRequest
  private let deadline: TimeInterval
  private let bodyLimit: Int
  private let finish: @Sendable (Result<HTTPResponse, URLError>) -> Void
  private let shared = Locked(Shared())
  private var body = Data()
  private var headers: [String: String] = [:]
  private var headBytes = 0
  private var overLimit = false

  /// A transfer of `request` that hands its one result to `finish`, on its own thread.
  init(
    _ request: HTTPRequest, deadline: TimeInterval, bodyLimit: Int,
    finish: @escaping @Sendable (Result<HTTPResponse, URLError>) -> Void
  ) {
    self.request = request
    self.deadline = deadline
    self.bodyLimit = bodyLimit
    self.finish = finish
  }

  /// Starts the exchange on a new thread.
  func start() {
    Thread.detachNewThread { [self] in finish(run()) }
  }

  /// Stops the exchange at once (curl is woken from its wait); `finish` then hears
  /// `.cancelled`, which a cancelled subscriber no longer receives.
  func cancel() {
    shared.withLock { state in
      state.cancelled = true
      if let multi = state.multi { curl_multi_wakeup(multi) }
    }
  }

  private static let globalSetUp: Void = { curl_global_init(Int(CURL_GLOBAL_ALL)) }()

  private func run() -> Result<HTTPResponse, URLError> {
    Self.globalSetUp
    let end = Date().addingTimeInterval(min(deadline, 86_400))
    var current = request
    var hops = 0
    while true {
      let left = end.timeIntervalSinceNow
      guard left > 0 else { return .failure(URLError(.timedOut)) }
      let exchange = perform(current, within: left)
      guard case .success(let (response, location)) = exchange else {
        return exchange.map(\.0)
      }
      guard let next = RedirectRule.follow(current, answer: response, location: location) else {
        return .success(response)
      }
      hops += 1
      guard hops <= RedirectRule.maximumHops else {
        return .failure(URLError(.httpTooManyRedirects))
      }
      current = next
    }
  }

  /// One exchange of `request` with no redirect followed: the answer, and where a 3xx answer
  /// points (resolved by curl against the request's URL).
  private func perform(_ request: HTTPRequest, within seconds: TimeInterval) -> Result<
    (HTTPResponse, String?), URLError
  > {
    guard let easy = curl_easy_init(), let multi = curl_multi_init() else {
      return .failure(URLError(.unknown))
    }
    var list: UnsafeMutablePointer<curl_slist>?
    defer {
      shared.withLock { $0.multi = nil }
      curl_multi_remove_handle(multi, easy)
      curl_easy_cleanup(easy)
      curl_multi_cleanup(multi)
      curl_slist_free_all(list)
    }
    body = Data()
    headers = [:]
    for (name, value) in request.headers { list = curl_slist_append(list, "\(name): \(value)") }
    list = curl_slist_append(list, "Expect:")  // no 100-continue round trip
    guard configure(easy, request, within: seconds, headers: list) else {
      return .failure(URLError(.badURL))
    }
    shared.withLock { $0.multi = multi }
    curl_multi_add_handle(multi, easy)
    var running: Int32 = 1
    while running > 0 {
      if shared.withLock({ $0.cancelled }) { return .failure(URLError(.cancelled)) }
      guard curl_multi_perform(multi, &running) == CURLM_OK else {
        return .failure(URLError(.unknown))
      }
      if running > 0 { curl_multi_poll(multi, nil, 0, 1000, nil) }
    }
    var left: Int32 = 0
    let code = curl_multi_info_read(multi, &left)?.pointee.data.result ?? CURLE_OK
    guard code == CURLE_OK else {
      return .failure(
        error(for: code, systemError: Int32(truncatingIfNeeded: ccurl_os_errno(easy))))
    }
    let location = ccurl_redirect_url(easy).map { String(cString: $0) }
    return .success(
      (HTTPResponse(status: ccurl_response_code(easy), body: body, headers: headers), location))
  }

  /// Sets the request's options; false when curl refuses one (a URL it cannot take).
  private func configure(
    _ easy: UnsafeMutableRawPointer, _ request: HTTPRequest, within seconds: TimeInterval,
    headers: UnsafeMutablePointer<curl_slist>?
  ) -> Bool {
    let milliseconds = Int(max(1, min(seconds, 86_400) * 1000))
    var ok = ccurl_set_string(easy, CURLOPT_URL, request.url.absoluteString) == CURLE_OK
    ok = ok && ccurl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK
    guard ok else { return false }
    ccurl_set_long(easy, CURLOPT_NOSIGNAL, 1)
    ccurl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)  // RedirectRule decides, hop by hop
    ccurl_set_long(easy, CURLOPT_TIMEOUT_MS, milliseconds)
    ccurl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
    ccurl_set_size(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(bodyLimit))
    ccurl_set_string(easy, CURLOPT_ACCEPT_ENCODING, "")  // every encoding curl can inflate
    ccurl_set_list(easy, CURLOPT_HTTPHEADER, headers)
    switch (request.method, request.body) {
    case ("GET", nil): break
    case (let method, let body):
      if method != "POST" { ccurl_set_string(easy, CURLOPT_CUSTOMREQUEST, method) }
      if let body {
        ccurl_set_size(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        _ = body.withUnsafeBytes { ccurl_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
      }
    }
    let context = Unmanaged.passUnretained(self).toOpaque()
    ccurl_set_pointer(easy, CURLOPT_WRITEDATA, context)
    ccurl_set_data_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
      return transfer.receiveBody(data, size * count)
    }
    ccurl_set_pointer(easy, CURLOPT_HEADERDATA, context)
    ccurl_set_data_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
      return transfer.receiveHeader(data, size * count)
    }
    return true
  }

  /// Keeps `count` inflated body bytes, or stops the transfer (by answering fewer bytes than
  /// given) at the first byte past the limit.
  private func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
    guard let data, count > 0 else { return count }
    guard body.count <= bodyLimit - count else {
      overLimit = true
      return 0
    }
    body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
    return count
  }

  /// Keeps one header line by its lower-cased name; a new status line (an interim answer)
  /// starts the headers afresh. A head past 64 KiB stops the transfer.
  private func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
    guard let data else { return count }
    headBytes += count
    guard headBytes <= 65_536 else { return 0 }
    let line = String(
      decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      headers = [:]
      body = Data()
      return count
    }
    guard let colon = line.firstIndex(of: ":") else { return count }
    let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    if !name.isEmpty { headers[name] = value }
    return count
  }

  /// The `URLError` a failed transfer stands for, as URLSession would have named it. A
  /// connection that found no route (`ENETUNREACH`, `EHOSTUNREACH`) is
  /// `notConnectedToInternet`; one the host refused is `cannotConnectToHost`.
  private func error(for code: CURLcode, systemError: Int32) -> URLError {
    switch code {
    case CURLE_WRITE_ERROR where overLimit, CURLE_FILESIZE_EXCEEDED:
      URLError(.dataLengthExceedsMaximum)
    case CURLE_OPERATION_TIMEDOUT: URLError(.timedOut)
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: URLError(.cannotFindHost)
    case CURLE_COULDNT_CONNECT where systemError == ENETUNREACH || systemError == EHOSTUNREACH:
      URLError(.notConnectedToInternet)
    case CURLE_COULDNT_CONNECT: URLError(.cannotConnectToHost)
    case CURLE_UNSUPPORTED_PROTOCOL: URLError(.unsupportedURL)
    case CURLE_URL_MALFORMAT: URLError(.badURL)
    case CURLE_TOO_MANY_REDIRECTS: URLError(.httpTooManyRedirects)
    case CURLE_BAD_CONTENT_ENCODING: URLError(.cannotDecodeContentData)
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE:
      URLError(.serverCertificateUntrusted)
    case CURLE_SSL_CONNECT_ERROR: URLError(.secureConnectionFailed)
    case CURLE_WRITE_ERROR, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
      CURLE_PARTIAL_FILE:
      URLError(.networkConnectionLost)
    default: URLError(.unknown)
    }
  }
}
