import Foundation
import TestSupport

/// What the running server answers the sample shop's clients: pages, the not-found and upgrade
/// pages, a section alone and a search list's `_after` page, each for several client classes,
/// from a real `trellis serve` with the sample backends (`trellis upstream`) behind it. Fetched
/// once per test run, into files in `TestScratch` (removed when the process exits), for the
/// tests that decode them with generated models.
struct SampleShopAnswers: Sendable {
    struct Answer {
        /// The `X-Client-Version` sent; nil for none.
        let client: String?
        let path: String
        /// Whether the body is a JSON array (a list's `_after` page).
        let isList: Bool
        let file: String
    }

    static let clients: [String?] = [nil, "ios/3.9.0", "ios/4.9.0", "ios/5.0.0", "ios/6.0.0", "android/5.0.0", "web/1.0.0"]
    static let paths = ["/home", "/product/3", "/product/999", "/product/3?_section=related", "/search?q=jacket",
                        "/search?q=jacket&_section=results"]

    let answers: [Answer]

    /// The answers of one run, fetched on first use.
    static let shared = Result { try SampleShopAnswers() }

    private init() throws {
        let folder = try TestScratch.makeFolder("answers")
        let shop = try SampleShopServers()
        defer { shop.stop() }
        let client = try TestClient(port: shop.server.port)
        var answers: [Answer] = []
        for version in Self.clients {
            let headers = version.map { [("X-Client-Version", $0)] } ?? []
            var paths = Self.paths
            var index = 0
            while index < paths.count {
                let path = paths[index]
                index += 1
                let response = try client.request(path, headers: headers)
                guard response.status != 204 else { continue }
                guard response.status == 200 || response.status == 404 else {
                    throw TestFailure("\(path) for \(version ?? "no version"): \(response.status) \(response.bodyText)")
                }
                let file = folder + "/answer-\(answers.count).json"
                try Data(response.body).write(to: URL(fileURLWithPath: file))
                answers.append(Answer(client: version, path: path, isList: response.body.first == UInt8(ascii: "["), file: file))
                // The search list's next page, as the load-more's `load` asks for it.
                if let more = Self.moreURL(response.bodyText), !paths.contains(more) { paths.append(more) }
            }
        }
        self.answers = answers
    }

    /// The url of the first `load` action in `body` that asks for an `_after` page.
    static func moreURL(_ body: String) -> String? {
        guard let range = body.range(of: #""url":"[^"]*_after=[0-9]+""#, options: .regularExpression) else { return nil }
        return String(body[range].dropFirst(7).dropLast())
    }
}
