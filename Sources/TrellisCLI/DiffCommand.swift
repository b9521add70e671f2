import ArgumentParser
import Foundation
import Trellis

/// `trellis diff OLD NEW`: what a Pages change does to each client class.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Render every route for every client class with two Pages folders; print what changed.")

    @Argument(help: "The Pages folder before the change.") var old: String
    @Argument(help: "The Pages folder after the change.") var new: String
    @Option(help: "A path to render for its route, e.g. /product/3 (repeatable).") var sample: [String] = []
    @Option(help: "Exit 1 when the change newly serves the upgrade page or drops a component: upgrade,drop.") var failOn: String?
    @Option(help: "Render as of this RFC 3339 time, e.g. 2026-12-01T00:00:00Z (scheduled content; default: now).") var at: String?

    func run() throws {
        let result = PagesDiffCommand.run(old: old, new: new, samples: sample, failOn: failOn,
                                            at: try at.map(ScheduleInstant.parse) ?? Date())
        FileHandle.standardOutput.write(Data(result.text.utf8))
        if result.status != 0 { throw ExitCode(result.status) }
    }
}
