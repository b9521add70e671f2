import SDUI

/// `trellis validate`: the whole folder's problems, the same validation start-up and reload run.
public enum PagesValidation {
    /// Every problem of the folder at `path`, sorted; empty when it is valid.
    /// With `maxBytes`, a valid folder is also rendered for every route and client class, and
    /// each body over the budget is a problem (`PagesBudget`).
    public static func problems(inFolder path: String, maxBytes: Int? = nil) -> [ValidationProblem] {
        check(folder: path, maxBytes: maxBytes).problems
    }

    /// The folder's problems (validation fails; with `maxBytes`, bodies over the budget too)
    /// and, when it is valid, its warnings (they do not fail it: a message missing from a
    /// non-default locale, SPEC §7.1), each sorted.
    public static func check(folder path: String, maxBytes: Int? = nil)
        -> (problems: [ValidationProblem], warnings: [ValidationProblem]) {
        switch PagesLoader.load(PagesFolder(path: path)) {
        case .success(let site): (maxBytes.map { PagesBudget.problems(site: site, maxBytes: $0) } ?? [], site.warnings)
        case .failure(let failure): (failure.problems, [])
        }
    }
}
