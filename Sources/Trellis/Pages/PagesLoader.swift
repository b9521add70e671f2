import SDUI

/// Reads a Pages folder from disk and validates it as a whole into a `Site`.
/// `validate`, `render`, start-up and every reload go through here.
enum PagesLoader {
    /// Why a folder could not become a `Site`: the problems, one `file:path: message` each, and
    /// the warnings found beside them (they never decide; `validate` prints them too).
    struct Failure: Error, Sendable {
        let problems: [ValidationProblem]
        var warnings: [ValidationProblem] = []
    }

    static func load(_ folder: PagesFolder) -> Result<Site, Failure> {
        let files: [String: [UInt8]]
        do {
            files = try folder.read()
        } catch {
            return .failure(Failure(problems: error.problems))
        }
        let loaded = Site.loadWithWarnings(files: files)
        return loaded.result.mapError { Failure(problems: $0, warnings: loaded.warnings) }
    }
}
