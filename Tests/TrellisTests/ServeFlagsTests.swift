import Foundation
import TestSupport
import Testing

/// SPEC §4.4: out-of-range flag values are refused at start with a message naming the flag.
@Suite struct ServeFlagsTests {
    static let refused: [(flag: String, values: [String])] = [
        ("port", ["-1", "65536"]),
        ("max-request-line", ["0", "1048577"]),
        ("max-header-bytes", ["0", "16777217"]),
        ("max-header-count", ["0", "10001"]),
        ("max-body", ["-1", "1073741825"]),
        ("max-connections", ["0", "1000001"]),
        ("cache-bytes", ["-1", "1099511627777"]),
        ("event-loops", ["0", "257"]),
        ("repeated-heads", ["-1", "32769"]),
        ("head-timeout", ["0", "1e300", "nan", "inf"]),
        ("idle-timeout", ["0.0009", "86401", "nan"]),
        ("drain-timeout", ["0", "1e10", "-inf"]),
        ("reload-interval", ["0", "1e10", "nan"]),
        ("drain-grace", ["-1", "10000000000", "nan"]),
    ]

    @Test(arguments: 0..<refused.count)
    func outOfRangeValuesAreRefusedNamingTheFlag(_ index: Int) throws {
        let (flag, values) = Self.refused[index]
        for value in values {
            let result = try runTrellis(["serve", "--pages", ServeEndToEndTests.pages, "--port", "0", "--\(flag)=\(value)"])
            #expect(result.status != 0, "--\(flag) \(value)")
            #expect(result.stderr.contains("--\(flag) must be between"), "--\(flag) \(value): \(result.stderr)")
        }
    }

    @Test func environmentValuesAreCheckedToo() throws {
        let result = try runTrellis(["serve", "--pages", ServeEndToEndTests.pages], environment: ["TRELLIS_HEAD_TIMEOUT": "1e300"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--head-timeout must be between"))
    }

    @Test func anUnreadableUpstreamCAIsRefusedAtStart() throws {
        let missing = try runTrellis(["serve", "--pages", ServeEndToEndTests.pages, "--port", "0",
                                      "--upstream-ca", "/nonexistent/ca.pem"])
        #expect(missing.status != 0 && missing.stderr.contains("upstream CA /nonexistent/ca.pem"))
        let notPEM = try runTrellis(["serve", "--pages", ServeEndToEndTests.pages, "--port", "0",
                                     "--upstream-ca", ServeEndToEndTests.pages + "/catalog.json"])
        #expect(notPEM.status != 0 && notPEM.stderr.contains("upstream CA"))
    }

    @Test func anEdgePurgeThatIsNotAURLIsRefusedAtStart() throws {
        let result = try runTrellis(["serve", "--pages", ServeEndToEndTests.pages, "--port", "0", "--edge-purge", "varnish:6081"])
        #expect(result.status != 0 && result.stderr.contains("--edge-purge: varnish:6081 is not an http(s)://host[:port]/path URL"))
    }

    @Test func theLargestValuesStart() throws {
        let server = try ServerProcess(pages: ServeEndToEndTests.pages, arguments: [
            "--head-timeout", "86400", "--idle-timeout", "86400", "--reload-interval", "86400", "--drain-timeout", "86400",
            "--max-body", "1073741824", "--cache-bytes", "1099511627776", "--max-header-bytes", "16777216",
            "--max-request-line", "1048576", "--max-header-count", "10000", "--max-connections", "1000000", "--event-loops", "2",
            "--repeated-heads", "32768",
        ])
        let client = try TestClient(port: server.port)
        #expect(try client.request("/healthz").status == 200)
        #expect(server.stop() == 0)
    }
}
