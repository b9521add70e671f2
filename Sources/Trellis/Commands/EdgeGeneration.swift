import SDUI

/// `trellis edge --varnish`: the VCL a Varnish in front of Trellis runs for a Pages folder
/// (SPEC §12, `VarnishVCL`).
public enum EdgeGeneration {
    /// The VCL for the folder at `pages`, fetching from `backend` (`host:port`), or the problems.
    public static func varnish(pages: String, backend: String) -> Result<String, CommandFailure> {
        switch PagesLoader.load(PagesFolder(path: pages)) {
        case .success(let site):
            do {
                return .success(try VarnishVCL.generate(EdgeModel(site: site), backend: backend))
            } catch {
                return .failure(CommandFailure("\(error)\n"))
            }
        case .failure(let failure):
            return .failure(CommandFailure(failure.problems.map { "\($0)\n" }.joined()))
        }
    }
}
