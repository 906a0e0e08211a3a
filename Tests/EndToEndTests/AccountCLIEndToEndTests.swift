import Foundation
import Testing

@Suite("End to end: cli checkout account", .serialized, .timeLimit(.minutes(9)))
struct AccountCLIEndToEndTests {
  static let inputs = [
    "account", "username olegam", "username ana_42", "email ana@example.com",
    "password hunter2hunter2", "confirm hunter2hunter2", "create",
  ]

  @Test("AC-24 the account transcript: Taken, Available, created, signed in; exit 0")
  func transcript() async throws {
    let output = try await Executables.run(
      "cli", ["checkout", "--offline", "--ephemeral"],
      input: Self.inputs.joined(separator: "\n") + "\n")
    let lines = output.stdout.components(separatedBy: "\n")
    // In this order, with other lines between them.
    let expected = [
      "usernameStatus: Taken", "usernameStatus: Available", "createEnabled: true",
      "! Account created: ana_42", "signedInAs: ana_42",
    ]
    var position = lines.startIndex
    for line in expected {
      let found = lines[position...].firstIndex(of: line)
      #expect(found != nil, "\(line) after line \(position)")
      position = (found ?? position) + 1
    }
    // The event is followed at once by the new signed-in name.
    let created = try #require(lines.firstIndex(of: "! Account created: ana_42"))
    #expect(lines[created + 1] == "signedInAs: ana_42")
    #expect(output.stderr == "" && output.status == 0)
  }

  @Test("AC-20 a whole --json session: the password is nowhere in the output or the store")
  func passwordNowhere() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let password = "Pw-7f3a9c-secret"
    let session = [
      "account", "username ana_42", "email ana@example.com", "password \(password)",
      "confirm \(password)", "create", "username ana_43", "password \(password)", "save",
      "signout", "password \(password)", "create", "back", "add peas", "checkout",
    ]
    let output = try await Executables.run(
      "cli", ["checkout", "--offline", "--json", "--data-dir", data.path],
      input: session.joined(separator: "\n") + "\n")
    #expect(output.stdout.contains(#""Account created: ana_42""#))
    #expect(output.stdout.contains(#""Account renamed: ana_43""#))
    #expect(!output.stdout.contains(password) && !output.stderr.contains(password))
    let files = try FileManager.default.contentsOfDirectory(atPath: data.path)
    #expect(files.contains("checkout.sqlite"))
    for file in files {
      let bytes = try Data(contentsOf: data.appendingPathComponent(file))
      #expect(bytes.range(of: Data(password.utf8)) == nil, "\(file)")
    }
  }
}
