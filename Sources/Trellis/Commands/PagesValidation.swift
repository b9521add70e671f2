import SDUI

/// `trellis validate`: the whole folder's problems, the same validation start-up and reload run.
public enum PagesValidation {
    /// Every problem of the folder at `path`, sorted; empty when it is valid.
    public static func problems(inFolder path: String) -> [ValidationProblem] {
        check(folder: path).problems
    }

    /// The folder's problems (validation fails) and, when it is valid, its warnings (it does
    /// not: a message missing from a non-default locale, SPEC §7.1), each sorted.
    public static func check(folder path: String) -> (problems: [ValidationProblem], warnings: [ValidationProblem]) {
        switch PagesLoader.load(PagesFolder(path: path)) {
        case .success(let site): ([], site.warnings)
        case .failure(let failure): (failure.problems, [])
        }
    }
}
