// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for Trellis, one executable each; built only by `make fuzz`, never by
// the root package's `swift build` or `make test`. They `@testable import` the root package's
// modules, so the build passes `-enable-testing` (see run.sh, which `make fuzz` calls).
let package = Package(
    name: "TrellisFuzz",
    dependencies: [.package(name: "Trellis", path: "../..")],
    targets: [
        // What every target shares: split points, failure reports that name their input.
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "FuzzRequestParser",
            dependencies: ["FuzzSupport", .product(name: "HTTPServer", package: "Trellis")]
        ),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: ["FuzzSupport", .product(name: "SDUI", package: "Trellis")]
        ),
        .executableTarget(
            name: "FuzzPages",
            dependencies: [
                "FuzzSupport", .product(name: "SDUI", package: "Trellis"), .product(name: "Trellis", package: "Trellis"),
            ]
        ),
        .executableTarget(
            name: "FuzzUpstreamReader",
            dependencies: ["FuzzSupport", .product(name: "HTTPClient", package: "Trellis")]
        ),
    ]
)
