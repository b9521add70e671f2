import SDUI

/// Reads a Pages folder from disk and validates it as a whole into a `Site`.
/// `validate`, `render`, start-up and every reload go through here.
enum PagesLoader {
    /// Why a folder could not become a `Site`: the problems, one `file:path: message` each.
    struct Failure: Error, Sendable {
        let problems: [ValidationProblem]
    }

    static func load(_ folder: PagesFolder) -> Result<Site, Failure> {
        let files: [String: [UInt8]]
        do {
            files = try folder.read()
        } catch {
            return .failure(Failure(problems: error.problems))
        }
        return Site.load(files: files).mapError { Failure(problems: $0) }
    }
}
