import Foundation
import SDUI

/// `validate --max-bytes N` (SPEC §8.4): every route for every client class (as `diff`
/// enumerates them) rendered through the one `PagePipeline`; each body (before gzip) over the
/// budget is a problem.
public enum PagesBudget {
    /// One problem per sample whose body is over `maxBytes`, as
    /// `pages/home.json:$: /home for ios/5.0.0 (home-hero=A stable): 70123 bytes, over --max-bytes 65536`.
    /// Bodies are rendered as of `date` (scheduled content counts only where it is active then).
    public static func problems(site: Site, maxBytes: Int, samples: [String] = [], at date: Date) -> [ValidationProblem] {
        let sweep = ClientSweep(sites: [site], overrides: samples)
        let pipeline = PagePipeline(site: site, upstream: nil)
        return sweep.samples.compactMap { sample in
            guard let served = ServedPage(sample, pipeline: pipeline, at: date), served.bytes > maxBytes else { return nil }
            return ValidationProblem(
                file: "pages/\(served.template).json", path: "$",
                message: "\(sample.path) for \(sample.client) (\(sample.rollout)): \(served.bytes) bytes, over --max-bytes \(maxBytes)")
        }
    }
}
