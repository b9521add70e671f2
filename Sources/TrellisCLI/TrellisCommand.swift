import ArgumentParser
import Foundation
import Trellis

/// `trellis`: serve, validate and render server-driven UI pages.
@main
struct TrellisCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trellis",
        abstract: "A server-driven UI backend: assembles pages of UI components for each client.",
        discussion: "Every flag can also be set with an environment variable TRELLIS_<FLAG> (TRELLIS_PORT, TRELLIS_PAGES, ...); a flag on the command line wins.",
        version: TrellisVersion.current,
        subcommands: [ServeCommand.self, ValidateCommand.self, RenderCommand.self, ActCommand.self, SchemaCommand.self,
                      ClientModelsCommand.self, DiffCommand.self, UpstreamCommand.self, BenchCommand.self, EdgeCommand.self]
    )

    static func main() {
        let arguments = EnvironmentFlags.merge(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment
        )
        main(arguments)
    }
}
