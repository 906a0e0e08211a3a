// swift-tools-version: 6.1
// A package of its own that uses HeadlessMVVM as a library, in the two ways a team would:
// - an app of its own, "notes", shown by HeadlessMVVM's three heads (Docs/Architecture.md,
//   "Adding an app"): a feature on ViewModelKit, one registry entry, what each head draws, and
//   three executables of its own, with a view-model test and one test per head;
// - tests of one of HeadlessMVVM's own view models, the catalog (Docs/Testing.md).
// Here it depends on the working tree three folders up, so CI builds and tests it against
// every change; your own package would name the repository's URL and a version.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, whatever that is in this checkout.
let headless = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../..").standardizedFileURL
let identity = headless.lastPathComponent.lowercased()

/// One of HeadlessMVVM's library products.
func head(_ name: String) -> Target.Dependency { .product(name: name, package: identity) }

let package = Package(
  name: "Downstream",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: headless.path)],
  targets: [
    // The app: its view model and its session, on the reactive core alone.
    .target(
      name: "NotesFeature", dependencies: [head("ViewModelKit")]),
    // The registry entry and what each head draws.
    .target(
      name: "NotesHeads",
      dependencies: [
        "NotesFeature",
        head("AppEnvironment"), head("TerminalUI"), head("TUIApp"), head("CLIApp"),
        head("WebApp"),
      ],
      resources: [.copy("Resources")]),
    // The three heads, each from its own `@main` executable, over this package's registry.
    .executableTarget(name: "notes-tui", dependencies: ["NotesHeads", head("TUIApp")]),
    .executableTarget(name: "notes-cli", dependencies: ["NotesHeads", head("CLIApp")]),
    .executableTarget(name: "notes-web", dependencies: ["NotesHeads", head("WebApp")]),
    // HeadlessMVVM's catalog view model, tested from outside (Docs/Testing.md).
    .testTarget(
      name: "CatalogTests",
      dependencies: [
        head("CheckoutFeature"), head("ViewModelKit"), head("AppInfrastructure"),
        head("ViewModelKitTesting"),
      ]),
    .testTarget(
      name: "NotesTests",
      dependencies: [
        "NotesFeature", "NotesHeads", head("AppEnvironment"), head("TerminalUI"), head("TUIApp"),
        head("CLIApp"), head("WebApp"), head("ViewModelKitTesting"),
      ]),
  ]
)
