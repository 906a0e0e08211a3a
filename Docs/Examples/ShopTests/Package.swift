// swift-tools-version: 6.1
// An example of a separate package that tests one of HeadlessMVVM's view models (see
// Docs/Testing.md). Here it depends on the working tree three folders up, so CI tests it
// against every change; your own package would name the repository's URL and a version.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, whatever that is in this checkout.
let headless = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../..").standardizedFileURL
let identity = headless.lastPathComponent.lowercased()

let package = Package(
  name: "ShopTests",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: headless.path)],
  targets: [
    .testTarget(
      name: "CatalogTests",
      dependencies: [
        .product(name: "CheckoutFeature", package: identity),
        .product(name: "ViewModelKit", package: identity),
        .product(name: "AppInfrastructure", package: identity),
        .product(name: "ViewModelKitTesting", package: identity),
      ])
  ]
)
