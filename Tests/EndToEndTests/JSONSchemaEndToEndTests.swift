import Foundation
import Testing

/// Issue 28, item 5: every app's `--json` is data, and matches Docs/cli-json.schema.json.
@Suite("End to end: --json against the documented schema", .timeLimit(.minutes(6)))
struct JSONSchemaEndToEndTests {
  static let commands: [(app: String, words: [String])] = [
    ("todo", ["stats"]), ("todo", ["list"]), ("todo", ["add", "Buy milk"]),
    ("todo", ["toggle", "1"]), ("todo", ["toggle", "2"]), ("todo", ["delete", "3"]),
    ("todo", ["filter", "basil"]), ("todo", ["undo"]), ("todo", ["edit", "4", "Renamed"]),
    ("todo", ["show"]), ("checkout", ["currency", "EUR"]), ("checkout", ["show"]),
    ("checkout", ["add", "peas", "2"]), ("checkout", ["remove", "peas"]), ("checkout", ["cart"]),
    ("checkout", ["catalog"]), ("checkout", ["checkout"]), ("checkout", ["orders"]),
    ("checkout", ["find", "beans"]), ("checkout", ["account"]),
    ("weather", ["now", "London"]), ("weather", ["search", "Paris"]), ("weather", ["map", "on"]),
    ("weather", ["units", "f"]), ("weather", ["now"]),
    ("tweets", ["timeline"]), ("tweets", ["people"]), ("tweets", ["open", "#1"]),
    ("tweets", ["link", "1"]),
  ]

  @Test("a one-shot command prints one document that matches its app's schema")
  func oneShot() async throws {
    let schema = try JSONSchemaValidator.cliSchema()
    for (app, words) in Self.commands {
      let output = try await Executables.run(
        "cli", [app, "--offline", "--ephemeral", "--json"] + words)
      let document = try JSONAny.parse(output.stdout)
      #expect(schema.problems(document, against: app) == [], "\(app) \(words): \(output.stdout)")
      for line in output.stderr.split(separator: "\n") {
        #expect(schema.problems(try JSONAny.parse(String(line)), against: "error") == [])
      }
    }
  }

  @Test(
    "a session prints JSON Lines whose values match their outputs' schemas",
    arguments: [
      (
        "checkout",
        "add peas 2\ncheckout\nname Ana Lima\nemail ana@example.com\naddress 1 High St\n"
          + "order\nok\norders\naccount\nusername ab\npassword secret1\nback\nbogus\n"
      ),
      ("todo", "add Buy milk\ntoggle 13\nnew\nA title\nstats\nfilter milk\n"),
      ("weather", "search London\nmap on\nunits f\nsearch Nowhere-At-All\nnow\n"),
      ("tweets", "timeline\npeople\nopen #1\nlink 1\nback\n"),
    ])
  func session(app: String, input: String) async throws {
    let schema = try JSONSchemaValidator.cliSchema()
    guard case .object(let top)? = schema.definition(app),
      case .object(let properties)? = top["properties"]
    else { Issue.record("no schema for \(app)"); return }
    let output = try await Executables.run(
      "cli", [app, "--offline", "--ephemeral", "--json"], input: input)
    var lines = 0
    for line in output.stdout.split(separator: "\n") {
      lines += 1
      guard case .object(let fields) = try JSONAny.parse(String(line)) else {
        Issue.record("not an object: \(line)")
        continue
      }
      if case .string(let name)? = fields["output"], let value = fields["value"] {
        let problems = properties[name].map { schema.problems(value, $0, at: name) }
        #expect(problems == [], "\(line)")
      } else if case .string? = fields["message"] {
        // An event: its text and (issue 42, item 6) its severity.
        let problems = schema.problems(.object(fields), against: "event")
        #expect(problems == [], "\(line)")
      } else {
        for (name, value) in fields {
          let problems = properties[name].map { schema.problems(value, $0, at: name) }
          #expect(problems == [], "\(line)")
        }
      }
    }
    #expect(lines > 3)
    for line in output.stderr.split(separator: "\n") {
      #expect(schema.problems(try JSONAny.parse(String(line)), against: "error") == [])
    }
  }

  @Test("the schema refuses display text where data belongs, so the checks can fail")
  func schemaRefusesDisplayText() throws {
    let schema = try JSONSchemaValidator.cliSchema()
    let display = try JSONAny.parse(#"{"total":"Total: 1.90 GBP","cartCount":"2 items"}"#)
    #expect(schema.problems(display, against: "checkout").count == 2)
    let money = try JSONAny.parse(#"{"total":{"amount":"1.9","currency":"GBP"}}"#)
    #expect(schema.problems(money, against: "checkout") != [])
    let time = try JSONAny.parse(
      #"{"sections":[{"title":"Due","items":[{"uid":1,"title":"x","added":"yesterday","checked":null}]}]}"#
    )
    #expect(schema.problems(time, against: "todo") != [])
    let good = try JSONAny.parse(#"{"total":{"amount":"1.90","currency":"GBP"},"cartCount":2}"#)
    #expect(schema.problems(good, against: "checkout") == [])
    // Issue 42: each currency's own decimals.
    let yen = try JSONAny.parse(#"{"total":{"amount":"1168","currency":"JPY"},"cartCount":2}"#)
    #expect(schema.problems(yen, against: "checkout") == [])
    let dinar = try JSONAny.parse(#"{"total":{"amount":"0.45","currency":"BHD"},"cartCount":2}"#)
    #expect(schema.problems(dinar, against: "checkout") != [])
  }
}
