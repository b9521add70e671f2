import HTTPServer
import SDUI

/// What one client receives, as the preview shows it: the status, the SDUI response headers,
/// the body and its fallbacks, or the JSON error it got instead, and the sections its page
/// served as their placeholders.
struct PreviewColumn: Sendable {
    /// The response headers a column lists, when the response carries them.
    static let shownHeaders = ["X-Fallbacks", "X-AB-Variant", "X-Release", "X-Upgrade-Required", "X-Upgrade-Suggested",
                               "Content-Language"]

    /// `ios/4.9.0`, or `none`.
    let client: String
    let status: Int
    /// The shown headers present on the response, in `shownHeaders` order.
    let headers: [(name: String, value: String)]
    /// The served body; nil for a JSON error.
    let page: JSONValue?
    let records: [FallbackRecord]
    /// The error's message, for a JSON error.
    let error: String?
    /// The sections the page served deferred (SPEC §10.1), their answers filled in by the
    /// endpoint once fetched.
    var sections: [PreviewSection]

    /// The column of `client` from the pipeline's `outcome`. The headers are read from the
    /// response as it would be written, so the column shows exactly what the client gets.
    init(client: String, outcome: PageOutcome) {
        self.client = client
        status = outcome.response.status
        let written = Self.lines(outcome.response.preformattedHeaders) + outcome.response.headers.map { ($0.name, $0.value) }
        headers = Self.shownHeaders.compactMap { name in
            written.first { $0.0.lowercased() == name.lowercased() }.map { (name, $0.1) }
        }
        let result = outcome.representation?.result
        page = result.flatMap { try? JSONParser.parse($0.body) }
        records = result?.fallbackRecords ?? []
        error = outcome.error.map { "\($0.code): \($0.message)" }
        sections = PreviewSection.deferred(result?.deferredSections ?? [], in: page)
    }

    /// `Name: value\r\n` lines as pairs.
    private static func lines(_ block: [UInt8]) -> [(String, String)] {
        String(decoding: block, as: UTF8.self).split(separator: "\r\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
    }
}
