import ArgumentParser
import Foundation
import Trellis

/// `trellis act add-to-cart --input '{"productId":"3"}' --page /product/3`: run an action in
/// process, its backend called for real, and print the answer (SPEC §11).
struct ActCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "act", abstract: "Perform an action (Pages/actions/<name>.json) and print its answer.")

    @Argument(help: "The action's name, e.g. add-to-cart.") var name: String
    @Option(help: "The input, a JSON object.") var input = "{}"
    @Option(help: "The path and query of the page the client is on (its sections are refreshed).") var page: String?
    @Option(help: "The Pages folder.") var pages = "Pages"
    @Option(help: "The client, as X-Client-Version: ios/5.2.0.") var client: String?
    @Option(help: "A request header, e.g. 'Authorization: Bearer alice' (repeatable).") var header: [String] = []
    @Option(help: "PEM CA file trusted for https backends (repeatable).") var upstreamCa: [String] = []
    @Option(help: "Answer as of this RFC 3339 time, e.g. 2026-12-01T00:00:00Z (scheduled content).") var at: String?
    @Flag(help: "Indent the output for reading (not what is sent).") var pretty = false

    func run() throws {
        var headers: [(String, String)] = []
        if let client { headers.append(("X-Client-Version", client)) }
        for line in header {
            guard let colon = line.firstIndex(of: ":") else { throw ValidationError("--header is 'Name: value', not \(line)") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let date = try at.map(ScheduleInstant.parse) ?? Date()
        let output = ActionPerforming.perform(name, input: input, page: page, pages: pages, headers: headers,
                                              upstreamCAs: upstreamCa, pretty: pretty, date: date)
        FileHandle.standardError.write(Data(output.summary.utf8))
        FileHandle.standardOutput.write(Data(output.body))
        if output.exitStatus != 0 { throw ExitCode(output.exitStatus) }
    }
}
