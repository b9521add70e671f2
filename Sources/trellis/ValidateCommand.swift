import ArgumentParser
import Trellis

/// `trellis validate`: check the whole Pages folder, one `file:json.path: message` a problem.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check the Pages folder; print every problem; exit 1 if any.")

    @Option(help: "The Pages folder.") var pages = "Pages"
    @Option(help: "Also render every route for every client class; report each body over this many bytes.") var maxBytes: Int?

    func run() throws {
        let problems = PagesValidation.problems(inFolder: pages, maxBytes: maxBytes)
        for problem in problems { print(problem) }
        if !problems.isEmpty { throw ExitCode(1) }
        print("\(pages): ok")
    }
}
