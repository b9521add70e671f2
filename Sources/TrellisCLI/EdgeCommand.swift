import ArgumentParser
import Foundation
import Trellis

/// `trellis edge --varnish`: print the configuration of a shared cache in front of Trellis.
struct EdgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edge", abstract: "Print a shared cache's configuration for the Pages folder (SPEC §12).",
        discussion: "Generate it again and load it whenever the catalog's or rollout's boundaries change: answers carry "
            + "X-Trellis-Edge, and the VCL passes those whose hash is not its own.")

    @Flag(help: "A VCL for Varnish 7 (with varnish-modules and varnish-vmod-digest; run varnishd with -p http_gzip_support=off).")
    var varnish = false
    @Option(help: "The Pages folder.") var pages = "Pages"
    @Option(help: "The Trellis replica (or load balancer) Varnish fetches from, host:port.") var backend = "127.0.0.1:8080"

    func validate() throws {
        guard varnish else { throw ValidationError("name the cache: --varnish") }
    }

    func run() throws {
        switch EdgeGeneration.varnish(pages: pages, backend: backend) {
        case .success(let vcl): FileHandle.standardOutput.write(Data(vcl.utf8))
        case .failure(let failure):
            FileHandle.standardError.write(Data(failure.message.utf8))
            throw ExitCode(1)
        }
    }
}
