import Foundation
import TestSupport

/// Threads that request `/home` until stopped and check that every body is one whole version
/// of the Pages folder. Version n (`versioned(_:n)`) names n in two files: the home page's id
/// (`home-vn`, pages/home.json) and the top bar's title (`Shop vn`, fragments/top-bar.json),
/// so a mix shows two different numbers in one body.
final class WholeVersionReaders: Sendable {
    /// What the readers saw.
    struct Tally: Sendable {
        /// Bodies read.
        let bodies: Int
        /// Bodies naming two versions, or none.
        let mixes: Int
        /// Different versions seen.
        let versions: Int
    }

    private let stopped = CapturedFlag()
    private let bodies = CapturedCount(), mixes = CapturedCount()
    private let versionsSeen = CapturedText()
    private let group = DispatchGroup()

    /// Version `n` of `files` (the sample pages, keyed by relative path).
    static func versioned(_ files: [String: String], _ n: Int) -> [String: String] {
        var files = files
        files["pages/home.json"] = files["pages/home.json"]!.replacingOccurrences(of: "\"id\": \"home\"", with: "\"id\": \"home-v\(n)\"")
        files["fragments/top-bar.json"] = files["fragments/top-bar.json"]!.replacingOccurrences(of: "Example Shop", with: "Shop v\(n)")
        return files
    }

    /// Starts `count` readers against the server on `port`, each on a thread of its own (not
    /// Dispatch's pool, whose workers the tests running beside may all hold).
    init(port: Int, count: Int = 3) {
        for _ in 0..<count {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                guard let client = try? TestClient(port: port) else { return }
                while !stopped.isSet {
                    guard let body = try? client.request("/home").bodyText else { return }
                    let numbers = Set(body.matches(of: /home-v(\d+)|Shop v(\d+)/).map { String($0.output.1 ?? $0.output.2 ?? "") })
                    if numbers.count == 1 { versionsSeen.append(Data("\(numbers.first!) ".utf8)) } else { mixes.add() }
                    bodies.add()
                }
            }
        }
    }

    /// Stops the readers, waits for them, and tells what they saw.
    func stop() -> Tally {
        stopped.set()
        group.wait()
        let versions = Set(versionsSeen.value.split(separator: " "))
        return Tally(bodies: bodies.value, mixes: mixes.value, versions: versions.count)
    }
}
