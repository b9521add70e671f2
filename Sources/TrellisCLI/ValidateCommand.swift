import ArgumentParser
import Foundation
import Trellis

/// `trellis validate`: check the whole Pages folder, one `file:json.path: message` a problem.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check the Pages folder; print every problem (and warning); exit 1 if any problem.")

    @Option(help: "The Pages folder.") var pages = "Pages"
    @Option(help: "Also render every route for every client class; report each body over this many bytes.") var maxBytes: Int?
    @Option(help: "With --max-bytes, render as of this RFC 3339 time (scheduled content; default: now).") var at: String?

    func run() throws {
        let (problems, warnings) = PagesValidation.check(
            folder: pages, budget: try maxBytes.map { ($0, try at.map(ScheduleInstant.parse) ?? Date()) })
        for warning in warnings { print(warning) }
        for problem in problems { print(problem) }
        if !problems.isEmpty { throw ExitCode(1) }
        print("\(pages): ok")
    }
}
