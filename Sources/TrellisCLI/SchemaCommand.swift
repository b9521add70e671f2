import ArgumentParser
import Foundation
import SDUI
import Trellis

/// `trellis schema [--client ios/4.9.0]`: the JSON Schema of the pages that client can receive.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", abstract: "Print the JSON Schema (2020-12) of the pages a client can receive.")

    @Option(help: "The Pages folder.") var pages = "Pages"
    @Option(help: "The client, as X-Client-Version: ios/4.9.0. Without it: every type.") var client: String?
    @Option(help: "X-Client-Capabilities: the exact component and action types the client renders.") var capabilities: String?
    @Option(help: "What is answered: page (a whole page), section (a section fetched alone) or list (an _after page).")
    var answer: SchemaAnswer = .page

    func run() throws {
        switch SchemaGeneration.schema(pages: pages, client: client, capabilities: capabilities, answer: answer) {
        case .success(let bytes): FileHandle.standardOutput.write(Data(bytes + [UInt8(ascii: "\n")]))
        case .failure(let failure):
            FileHandle.standardError.write(Data(failure.message.utf8))
            throw ExitCode(1)
        }
    }
}

extension SchemaAnswer: ExpressibleByArgument {}
