import SDUI

/// `trellis validate`: the whole folder's problems, the same validation start-up and reload run.
public enum PagesValidation {
    /// Every problem of the folder at `path`, sorted; empty when it is valid.
    public static func problems(inFolder path: String) -> [ValidationProblem] {
        switch PagesLoader.load(PagesFolder(path: path)) {
        case .success: []
        case .failure(let failure): failure.problems
        }
    }
}
