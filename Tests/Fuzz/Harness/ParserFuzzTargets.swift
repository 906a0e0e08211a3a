import AppEnvironment
import AppInfrastructure
import CheckoutFeature
import Foundation
import ViewModelKit
import WeatherFeature

/// The fuzz target's parsers (issue 26): an input whose first byte is 4, 5 or 6 is not a CLI
/// session but one hostile text for one parser. 4: a gpsd line and a `GPSD_HOST` value;
/// 5: an accounts service answer (the second byte picks the status) to each of the three
/// requests; 6: a settings file, parsed and then edited. Any trap is a finding.
public enum ParserFuzzTargets {
  /// The first bytes that choose a parser instead of an app.
  public static let kinds: ClosedRange<UInt8> = 4...6

  /// Runs `input` (its first byte in `kinds`) through its parser.
  public static func run(_ input: [UInt8]) {
    guard let kind = input.first, kinds.contains(kind) else { return }
    let body = Array(input.dropFirst())
    switch kind {
    case 4:
      _ = GPSDReport(line: Data(body))
      _ = GPSDAddress(String(decoding: body, as: UTF8.self))
    case 5:
      accounts(body)
    default:
      let text = String(decoding: body, as: UTF8.self)
      _ = try? ConfigFile.parse(text, path: "fuzz.toml")
      _ = try? ConfigFileEditor.edited(
        text, setting: "openweather_api_key", to: "fuzz-1234", path: "fuzz.toml")
    }
  }

  /// One canned answer for every request: a status from the first byte, the rest as body.
  private struct CannedClient: HTTPClient {
    let response: HTTPResponse
    func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, URLError> {
      Just(response).setFailureType(to: URLError.self).eraseToAnyPublisher()
    }
  }

  private static func accounts(_ bytes: [UInt8]) {
    let statuses = [200, 201, 400, 404, 409, 429, 500, 302]
    let status = bytes.first.map { statuses[Int($0) % statuses.count] } ?? 200
    let client = CannedClient(response: HTTPResponse(status: status, body: Data(bytes.dropFirst())))
    let service = HTTPAccountService(
      baseURL: (URL(string: "http://127.0.0.1:1") ?? URL(fileURLWithPath: "/")), client: client)
    var bag: [AnyCancellable] = []
    service.availability(of: "ana_42").sink(receiveCompletion: { _ in }, receiveValue: { _ in })
      .store(in: &bag)
    service.create(username: "ana_42", email: "ana@example.com", password: "secret-123")
      .sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
    service.rename(from: "ana_42", to: "ana_43", password: "secret-123")
      .sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
  }
}
