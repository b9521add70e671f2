import Foundation
import SDUI

/// `trellis diff OLD NEW [--sample PATH] [--fail-on upgrade,drop]`: loads both folders, diffs
/// them, and says whether the change fails the check.
public enum PagesDiffCommand {
    /// The report of both folders rendered as of `date`, and the exit status: 1 for invalid folders, an unknown `--fail-on` name or
    /// a change it names; else 0.
    public static func run(old: String, new: String, samples: [String], failOn: String?, at date: Date) -> (text: String, status: Int32) {
        var failures = Set<PagesDiff.Failure>()
        for name in (failOn ?? "").split(separator: ",") {
            guard let failure = PagesDiff.Failure(rawValue: RolloutRequest.trimmed(name)) else {
                return ("--fail-on takes upgrade and drop, comma-separated\n", 1)
            }
            failures.insert(failure)
        }
        var sites: [Site] = []
        for folder in [old, new] {
            switch PagesLoader.load(PagesFolder(path: folder)) {
            case .success(let site): sites.append(site)
            case .failure(let failure): return (failure.problems.map { "\(folder): \($0)\n" }.joined(), 1)
            }
        }
        let diff = PagesDiff(old: sites[0], new: sites[1], samples: samples, at: date)
        return (diff.report, diff.fails(on: failures) ? 1 : 0)
    }
}
