import ArgumentParser
import Foundation
import SDUI
import Trellis

/// `trellis render /product/42`: print exactly the body `serve` sends that client (before gzip).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Print the body a client would be served for a path.")

    @Argument(help: "The request path, e.g. /product/42.") var path: String
    @Option(help: "The Pages folder.") var pages = "Pages"
    @Option(help: "The client, as X-Client-Version: ios/4.9.0.") var client: String?
    @Option(help: "X-Client-Capabilities: the exact component types the client renders.") var capabilities: String?
    @Option(help: "X-Device-Id for bucketing.") var deviceId: String?
    @Option(help: "Forced variants, as X-AB-Variant: home-hero=B (a name rollout.json doesn't know: exit 2).")
    var variant: [String] = []
    @Option(help: "Forced release: canary or stable (anything else: exit 2).") var release: String?
    @Option(help: "Accept-Language, negotiated as the header is: fr-CA, \"fr;q=0.8, en\".") var locale: String?
    @Option(help: "Render as of this RFC 3339 time, e.g. 2026-12-01T00:00:00Z (scheduled content).") var at: String?
    @Option(help: "Print this section's answer alone (SPEC §10.1): `204` on stderr when nothing stands there.") var section: String?
    @Option(help: "With --section: the page of its list from this item on (SPEC §10.2).") var after: Int?
    @Flag(help: "Indent the output for reading (not what is sent).") var pretty = false
    @Flag(help: "On stderr, a line per replaced or dropped component: its path, both types and why.") var explain = false

    /// The path with `_section` and `_after` added to its query when asked for.
    private var target: String {
        var query: [String] = []
        if let section { query.append("_section=" + section) }
        if let after { query.append("_after=\(after)") }
        guard !query.isEmpty else { return path }
        return path + (path.contains("?") ? "&" : "?") + query.joined(separator: "&")
    }

    func run() throws {
        var headers: [(String, String)] = []
        if let client { headers.append(("X-Client-Version", client)) }
        if let capabilities { headers.append(("X-Client-Capabilities", capabilities)) }
        if let deviceId { headers.append(("X-Device-Id", deviceId)) }
        if let locale { headers.append(("Accept-Language", locale)) }
        let date = try at.map(ScheduleInstant.parse) ?? Date()
        let rendered = PageRendering.render(path: target, pages: pages, headers: headers,
                                            forced: ForcedRollout(variants: variant, release: release), pretty: pretty,
                                            explain: explain, date: date)
        FileHandle.standardError.write(Data(rendered.summary.utf8))
        FileHandle.standardOutput.write(Data(rendered.body))
        if rendered.exitStatus != 0 { throw ExitCode(rendered.exitStatus) }
    }
}
