import Foundation
import SDUI

/// `trellis validate`: the whole folder's problems, the same validation start-up and reload run.
public enum PagesValidation {
    /// Every problem of the folder at `path`, sorted; empty when it is valid.
    public static func problems(inFolder path: String) -> [ValidationProblem] {
        check(folder: path, budget: nil).problems
    }

    /// The folder's problems (validation fails; with a `budget`, each body over its bytes when
    /// every route is rendered for every client class as of its instant, `PagesBudget`) and its
    /// warnings, whether or not it is valid (they do not fail it: a message missing from a
    /// non-default locale, SPEC §7.1; a path no record has, §13; a `refresh` no page has, §11),
    /// each sorted.
    public static func check(folder path: String, budget: (maxBytes: Int, at: Date)?)
        -> (problems: [ValidationProblem], warnings: [ValidationProblem]) {
        switch PagesLoader.load(PagesFolder(path: path)) {
        case .success(let site):
            (budget.map { PagesBudget.problems(site: site, maxBytes: $0.maxBytes, at: $0.at) } ?? [], site.warnings)
        case .failure(let failure): (failure.problems, failure.warnings)
        }
    }
}
