// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Trellis",
    products: [
        .executable(name: "trellis", targets: ["TrellisCLI"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        // For Tests/Fuzz, a separate package that fuzzes the client's response parser.
        .library(name: "HTTPClient", targets: ["HTTPClient"]),
        .library(name: "SDUI", targets: ["SDUI"]),
        // What an app links to read Trellis pages: Foundation only, Linux and Apple platforms.
        .library(name: "TrellisClient", targets: ["TrellisClient"]),
        // For Tests/Fuzz, a separate package that fuzzes the application's page loading.
        .library(name: "Trellis", targets: ["Trellis"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Thin C shims: a module map and a header of static inline wrappers.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        // CLDR plural rules, number and date formats: the ICU inside the toolchain's Foundation.
        .systemLibrary(name: "CFoundationICU", path: "Sources/CFoundationICU"),

        // Every syscall through one wrapper (EINTR retried, EAGAIN a value, EBADF a bug).
        .target(name: "SystemCalls", dependencies: ["CLinux"]),

        // The HTTP/1.1 server: knows nothing of pages.
        .target(
            name: "HTTPServer",
            dependencies: ["COpenSSL", "CLinux", "SystemCalls", .product(name: "Logging", package: "swift-log")],
            // Its classes' state is touched by their own loop thread only; no dynamic
            // exclusivity checks on the request path in release (docs/DECISIONS.md).
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        // The HTTP/1.1 client: requests on pooled plain or TLS connections, driven by the
        // server's event loops, sharing the server's codec (chunked framing, field grammar).
        // Knows nothing of pages.
        .target(name: "HTTPClient", dependencies: ["HTTPServer", "SystemCalls", "COpenSSL"]),
        // The domain: components, templates, negotiation, rollout. No sockets, no files.
        .target(name: "SDUI", dependencies: ["COpenSSL", "CFoundationICU"]),
        // The client library (SPEC §8.3): components, actions, requests, ETag revalidation.
        .target(name: "TrellisClient"),
        // The application: Pages/ loading, page requests, caching, gzip, metrics, logs.
        .target(
            name: "Trellis",
            dependencies: [
                "HTTPServer", "HTTPClient", "SDUI", "SystemCalls", "CZlib", "COpenSSL",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command line: serve, validate, render.
        .executableTarget(
            name: "TrellisCLI",
            dependencies: [
                "Trellis", "SDUI", "HTTPServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // A command-line app on the sample shop, built on TrellisClient and the models
        // `trellis client-models --swift --client ios/6.0.0` generated (samples/ShopApp/README.md).
        .executableTarget(name: "ShopApp", dependencies: ["TrellisClient"], path: "samples/ShopApp", exclude: ["README.md"]),

        // Helpers every test target shares: a seeded generator, a loopback socket.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: ["HTTPServer", "SystemCalls", "TestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "HTTPServer", "TestSupport"]),
        .testTarget(name: "SDUITests", dependencies: ["SDUI", "TestSupport"]),
        .testTarget(name: "TrellisClientTests", dependencies: ["TrellisClient"]),
        .testTarget(
            name: "TrellisTests", dependencies: ["Trellis", "HTTPClient", "HTTPServer", "SDUI", "SystemCalls", "CLinux", "TestSupport", "TrellisClient"]),
    ]
)
