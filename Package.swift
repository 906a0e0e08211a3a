// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// How the apps' executables are linked (Docs/Architecture.md, "Start-up"): with the Swift
/// runtime and Foundation linked in (`-static-stdlib`), so the build the README gives (`swift
/// build`, `swift run`) starts without loading and binding some fifty shared libraries, and
/// searching `Linker/` first, where `-lcurl` finds a linker script that links libcurl only if
/// something still needs it: CurlOnDemand loads libcurl on the first request instead of at
/// every start. Only executables get these flags: a library product with unsafe flags could
/// not be a dependency of other packages.
let curlOnDemand: [LinkerSetting] = [
  .unsafeFlags(
    [
      "-static-stdlib", "-L",
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Linker",
      // The toolchain's static Foundation, whole: the modules were compiled against the
      // shared one, whose link entries do not name its static parts. lld takes archives in
      // any order.
      "-use-ld=lld", "-lFoundationNetworking", "-l_CFURLSessionInterface", "-lFoundation",
      "-lFoundationInternationalization", "-l_FoundationICU", "-lFoundationEssentials",
      "-l_FoundationCShims", "-l_FoundationCollections", "-lCoreFoundation",
      "-lswiftSynchronization", "-lBlocksRuntime", "-ldispatch", "-lswiftDispatch",
    ],
    .when(platforms: [.linux]))
]

/// `cli` and `tui` are also linked at a fixed address (`-no-pie`): a position-independent
/// executable of this size starts by rewriting some 109,000 addresses in its data, which
/// touches (and copies) some 300 pages at every start, about 1.5 ms of a `cli` command. `web`
/// keeps the default, an executable loaded at a random address, because it listens on a
/// socket (Docs/Architecture.md, "Start-up").
let fixedAddress: [LinkerSetting] =
  curlOnDemand + [.unsafeFlags(["-Xlinker", "-no-pie"], .when(platforms: [.linux]))]

let package = Package(
  name: "HeadlessMVVM",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ViewModelKit", targets: ["ViewModelKit"]),
    // What the apps stand on besides the reactive core: the HTTP transport on libcurl, owner-only
    // files, the creation lock, no-network fallback, connectivity and the trace.
    .library(name: "AppInfrastructure", targets: ["AppInfrastructure"]),
    .library(name: "ViewModelKitTesting", targets: ["ViewModelKitTesting"]),
    // Each app's view models, services and models, for packages that reuse or test them
    // (Docs/Testing.md, Docs/Examples/Downstream).
    .library(name: "WeatherFeature", targets: ["WeatherFeature"]),
    .library(name: "TweetsFeature", targets: ["TweetsFeature"]),
    .library(name: "TodoFeature", targets: ["TodoFeature"]),
    .library(name: "CheckoutFeature", targets: ["CheckoutFeature"]),
    // The heads as a framework (issue 53, item 6): a package of its own apps registers them
    // (`AppEnvironment`'s `RegisteredApp`) and runs `TUIMain`, `CLIMain` or `WebMain` over its
    // registry from its own executables (Docs/Examples/Notes).
    .library(name: "AppEnvironment", targets: ["AppEnvironment"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "TUIApp", targets: ["TUIApp"]),
    .library(name: "CLIApp", targets: ["CLIApp"]),
    .library(name: "WebApp", targets: ["WebApp"]),
    .executable(name: "bench", targets: ["bench"]),
    .executable(name: "cli", targets: ["cli"]),
    .executable(name: "tui", targets: ["tui"]),
    .executable(name: "web", targets: ["web"]),
  ],
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
    .package(
      url: "https://github.com/pointfreeco/combine-schedulers", exact: "1.2.2",
      traits: ["OpenCombineSchedulers"]),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    // The loopback servers of the live clients' tests.
    .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
    // The web head's server (issue 51, item 1): NIO's HTTP/1 parser and WebSocket codec, which
    // bound what a connection sends as it is read, and its accept back-off.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // Property-based tests: extreme numbers into every decoder and formatter (issue 9).
    .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    // Text snapshots of every TUI screen at four sizes, plain and ASCII (issue 29, item 4).
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
    // The config file, config.toml (issue 13, ST-01): a full TOML parser with error lines.
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    // API documentation: `swift package generate-documentation` (issue 15, item 5).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
  ],
  targets: [
    // Reactive contract shared by every view model.
    .target(
      name: "ViewModelKit",
      dependencies: [
        .product(name: "OpenCombineShim", package: "OpenCombine"),
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
      ]
    ),
    // The apps' infrastructure, on the core: a package that wants `Driver` alone links none
    // of it (issue 39, item 6).
    .target(name: "AppInfrastructure", dependencies: ["ViewModelKit", "CCurl", "CurlOnDemand"]),
    // libcurl, the HTTP transport of CurlHTTPClient (issue 26: a deadline for the whole
    // exchange, a body limit that stops inflation, no CPU while waiting).
    .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    // libcurl's functions, loading libcurl on the first call instead of at every start.
    .target(name: "CurlOnDemand", linkerSettings: [.linkedLibrary("dl")]),
    .target(
      name: "ViewModelKitTesting",
      dependencies: [
        "ViewModelKit",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
      ]
    ),
    // Offline data for every service, with a typed loader.
    .target(
      name: "Fixtures",
      path: "Fixtures",
      // gps/: the NMEA log .ci/run feeds to gpsfake; no code reads it.
      exclude: ["README.md", "gps"],
      resources: [
        .copy("selftest"), .copy("checkout"), .copy("todo"), .copy("weather"), .copy("tweets"),
      ]
    ),
    // The checks every SQLite store makes on its file before writing (issue 26, item 6).
    .target(
      name: "StoreSupport",
      dependencies: [
        "ViewModelKit", "AppInfrastructure", .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .target(
      name: "CheckoutFeature",
      dependencies: [
        "ViewModelKit", "AppInfrastructure",
        "Fixtures", "StoreSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .target(
      name: "WeatherFeature",
      dependencies: ["ViewModelKit", "AppInfrastructure", "Fixtures", "TextColumns"],
      // The map's land mask, made by Scripts/make-land-mask.py.
      resources: [.copy("Resources/land-mask.bin")]
    ),
    .target(
      name: "TweetsFeature",
      dependencies: [
        "ViewModelKit", "AppInfrastructure", "Fixtures", "StoreSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .target(
      name: "TodoFeature",
      dependencies: [
        "ViewModelKit", "AppInfrastructure",
        "Fixtures", "StoreSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // Composition root: flags and environment -> configuration -> services.
    .target(
      name: "AppEnvironment",
      dependencies: [
        "ViewModelKit", "AppInfrastructure",
        "Fixtures",
        "CheckoutFeature",
        "TodoFeature",
        "WeatherFeature",
        "TweetsFeature", "StoreSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "TOMLKit", package: "TOMLKit"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // The line-oriented front end: one command set per app over a shared shell.
    .target(
      name: "CLIApp",
      dependencies: [
        "ViewModelKit", "AppInfrastructure", "AppEnvironment", "CheckoutFeature", "TodoFeature",
        "WeatherFeature",
        "TweetsFeature", "CEditLine",
      ]
    ),
    // libedit, the CLI's prompt at a terminal: line editing, history and Tab completion.
    .systemLibrary(name: "CEditLine", providers: [.apt(["libedit-dev"])]),
    .executableTarget(
      name: "cli",
      dependencies: [
        "CLIApp", "AppEnvironment",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      linkerSettings: fixedAddress
    ),
    .systemLibrary(
      name: "CNCurses",
      providers: [.apt(["libncurses-dev"])]
    ),
    // The curses toolkit: canvases, widgets, key decoding, the run loop.
    .target(name: "TerminalUI", dependencies: ["ViewModelKit", "TextColumns", "CNCurses"]),
    // How many terminal cells text takes, for the map's labels and the terminal toolkit: not
    // part of the reactive core (issue 53, item 8).
    .target(name: "TextColumns"),
    .target(
      name: "TUIApp",
      dependencies: [
        "TerminalUI", "AppEnvironment", "CheckoutFeature", "TodoFeature", "WeatherFeature",
        "TweetsFeature", "ViewModelKit", "AppInfrastructure", "TextColumns",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "tui", dependencies: ["TUIApp", "AppEnvironment"], linkerSettings: fixedAddress),
    // The web head (issue 40): the apps as a page, live over a WebSocket, on SwiftNIO (issue 51:
    // every resource a connection holds is bounded, Docs/Security.md).
    .target(
      name: "WebApp",
      dependencies: [
        "AppEnvironment", "CheckoutFeature", "TodoFeature", "WeatherFeature", "TweetsFeature",
        "ViewModelKit", "AppInfrastructure",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      resources: [.copy("Resources")]
    ),
    .executableTarget(
      name: "web", dependencies: ["WebApp", "AppEnvironment"], linkerSettings: curlOnDemand),
    .executableTarget(
      name: "bench",
      dependencies: [
        "ViewModelKit", "AppInfrastructure", "CheckoutFeature", "TodoFeature", "WeatherFeature",
        "TweetsFeature",
        "Fixtures", "TUIApp", "AppEnvironment", "WebApp",
        "TerminalUI",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "AppInfrastructureTests",
      dependencies: [
        "AppInfrastructure", "ViewModelKit", "LoopbackSupport",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
    .testTarget(
      name: "ViewModelKitTests",
      dependencies: [
        "ViewModelKit", "AppInfrastructure", "ViewModelKitTesting", "LoopbackSupport",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ]),
    .testTarget(
      name: "TweetsFeatureTests",
      dependencies: [
        "TweetsFeature", "ViewModelKitTesting", "Fixtures", "LoopbackSupport",
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "WeatherFeatureTests",
      dependencies: [
        "WeatherFeature", "ViewModelKitTesting", "Fixtures", "LoopbackSupport",
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "WebAppTests",
      dependencies: [
        "WebApp", "AppEnvironment", "TodoFeature", "ViewModelKit", "ViewModelKitTesting",
        "LoopbackSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "ViewModelKitTestingTests", dependencies: ["ViewModelKit", "ViewModelKitTesting"]),
    .testTarget(name: "FixturesTests", dependencies: ["Fixtures"]),
    .testTarget(
      name: "TodoFeatureTests",
      dependencies: [
        "TodoFeature", "ViewModelKitTesting", "Fixtures",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(
      name: "CheckoutFeatureTests",
      dependencies: [
        "CheckoutFeature", "ViewModelKitTesting", "LoopbackSupport",
        .product(name: "FlyingFox", package: "FlyingFox"),
        // To make a store of the previous schema and hostile rows (AC-22).
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    // Test support only: a loopback HTTP server for the live clients' tests.
    .target(
      name: "LoopbackSupport",
      dependencies: [
        "ViewModelKit", "AppInfrastructure", .product(name: "FlyingFox", package: "FlyingFox"),
      ],
      path: "Tests/LoopbackSupport", resources: [.copy("Resources/zeros-256MiB.gz")]),
    // The CLI fuzz target (issue 9): the harness, and the executable `.ci/fuzz` builds with
    // libFuzzer (plainly built, it replays inputs).
    .target(
      name: "CLIFuzzHarness",
      dependencies: [
        "CLIApp", "AppEnvironment", "ViewModelKit", "AppInfrastructure", "WeatherFeature",
        "CheckoutFeature",
      ],
      path: "Tests/Fuzz/Harness"),
    .target(name: "CFuzzDriver", path: "Tests/Fuzz/CFuzzDriver"),
    .executableTarget(
      name: "fuzz-cli", dependencies: ["CLIFuzzHarness", "CFuzzDriver"], path: "Tests/Fuzz/Driver"),
    .testTarget(
      name: "AppEnvironmentTests",
      dependencies: [
        "AppEnvironment", "ViewModelKit", "AppInfrastructure",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "TextColumns", "ViewModelKitTesting"]),
    .testTarget(
      name: "TUIAppTests",
      dependencies: [
        "TUIApp", "TerminalUI", "CheckoutFeature", "WeatherFeature", "TweetsFeature",
        "TextColumns", "ViewModelKitTesting",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "CLIAppTests",
      dependencies: [
        "CLIApp", "CheckoutFeature", "TodoFeature", "TweetsFeature", "ViewModelKitTesting",
        "CLIFuzzHarness",
      ]),
    .testTarget(name: "ArchitectureTests", dependencies: ["AppEnvironment"]),
    // "Adding an app" (Docs/Architecture.md): a tiny app registered and driven through both
    // front ends' shells.
    .testTarget(
      name: "AppRegistryTests",
      dependencies: [
        "AppEnvironment", "CLIApp", "TUIApp", "TerminalUI", "ViewModelKit", "AppInfrastructure",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "StoreSupportTests",
      dependencies: ["StoreSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    // Runs the built executables: cli through pipes, tui inside tmux. It does not depend on
    // them (`swift test` builds every product first): a test target that depends on an
    // executable links its module, and with it the executables' static runtime.
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "TodoFeature", "WeatherFeature", "ViewModelKitTesting", "LoopbackSupport", "AppEnvironment",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      exclude: ["checkout-transcript.txt", "weather-transcript.txt", "tweets-transcript.txt"]),
  ],
  swiftLanguageModes: [.v6]
)
