import ArgumentParser
import Trellis

/// `trellis validate`: check the whole Pages folder, one `file:json.path: message` a problem.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check the Pages folder; print every problem (and warning); exit 1 if any problem.")

    @Option(help: "The Pages folder.") var pages = "Pages"
    @Option(help: "Also render every route for every client class; report each body over this many bytes.") var maxBytes: Int?

    func run() throws {
        let (problems, warnings) = PagesValidation.check(folder: pages, maxBytes: maxBytes)
        for warning in warnings { print(warning) }
        for problem in problems { print(problem) }
        if !problems.isEmpty { throw ExitCode(1) }
        print("\(pages): ok")
    }
}
