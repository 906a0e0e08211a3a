import Foundation

// `bench [name ...]`: runs the named suites, or all of them.
let suites = [
  coreSuite, weatherSuite, tweetsSuite, checkoutSuite, todoSuite, screensSuite, webSuite,
]
let requested = Array(CommandLine.arguments.dropFirst())

if requested.contains(where: { $0 == "-h" || $0 == "--help" }) {
  print("usage: swift run -c release bench [suite ...]\n\nsuites:")
  for suite in suites { print("  \(suite.name)  \(suite.summary)") }
  exit(0)
}
let unknown = requested.filter { name in !suites.contains { $0.name == name } }
if !unknown.isEmpty {
  let names = suites.map(\.name).joined(separator: ", ")
  FileHandle.standardError.write(
    Data("error: unknown suite '\(unknown[0])'; suites: \(names)\n".utf8))
  exit(1)
}
#if DEBUG
  print("note: this is a debug build; measure with `swift run -c release bench`")
#endif
var overBudget: [String] = []
if requested.count == 1 {
  for suite in suites where requested.contains(suite.name) {
    if !suite.run() { overBudget.append(suite.name) }
  }
} else {
  // Several suites: each in a process of its own, so that no suite's memory figures hold
  // what an earlier one left on the heap.
  for suite in suites where requested.isEmpty || requested.contains(suite.name) {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = [suite.name]
    do {
      try child.run()
      child.waitUntilExit()
      if child.terminationStatus != 0 { overBudget.append(suite.name) }
    } catch {
      print("could not run the \(suite.name) suite: \(error)")
      overBudget.append(suite.name)
    }
  }
}
if !overBudget.isEmpty {
  print("over budget: \(overBudget.joined(separator: ", "))")
  exit(1)
}
