import ArgumentParser
import Foundation
import Trellis

/// `trellis client-models --swift [--client ios/5.0.0]`: typed models of the components and
/// actions that client can receive, as Swift (against TrellisClient) or Kotlin (against Gson).
struct ClientModelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "client-models",
        abstract: "Print typed client models (Swift or Kotlin) of the components and actions a client can receive.")

    @Flag(help: "The language: --swift (against TrellisClient) or --kotlin (against Gson).")
    var language: ClientModelGeneration.Language
    @Option(help: "The Pages folder.") var pages = "Pages"
    @Option(help: "The client, as X-Client-Version: ios/5.0.0. Without it: every type.") var client: String?
    @Option(help: "X-Client-Capabilities: the exact component and action types the client renders.") var capabilities: String?
    @Option(help: "Nest everything in this namespace (an enum in Swift, an object in Kotlin).") var namespace: String?

    func run() throws {
        switch ClientModelGeneration.source(pages: pages, client: client, capabilities: capabilities, language: language,
                                            namespace: namespace) {
        case .success(let source): FileHandle.standardOutput.write(Data(source.utf8))
        case .failure(let failure):
            FileHandle.standardError.write(Data(failure.message.utf8))
            throw ExitCode(1)
        }
    }
}

extension ClientModelGeneration.Language: EnumerableFlag {}
