import Foundation

extension TempPages {
    /// Gives every url source and data entry of the sample Pages a timeout of `milliseconds`:
    /// the sample's own (80–150 ms, tuned for a quiet machine) can pass on a loaded test machine
    /// before a loopback backend answers, and the tests using this check what is answered,
    /// not how fast.
    func makeSourcesPatient(milliseconds: Int = 10_000) throws {
        try setEverySource("timeoutMs", to: milliseconds)
    }

    /// Keeps every fetched value of the sample Pages fresh for `seconds`: the sample's own (5–60 s)
    /// can run out in the middle of a long test, at a moment that depends on the machine, and the
    /// tests using this compare answers that must not depend on when a value expired.
    func makeSourcesLasting(seconds: Int = 86_400) throws {
        try setEverySource("ttlSeconds", to: seconds)
    }

    /// Sets the number `member` of every source in `sources.json` and the pages to `value`.
    private func setEverySource(_ member: String, to value: Int) throws {
        let pattern = try NSRegularExpression(pattern: #""\#(member)":\s*\d+"#)
        let files = ["sources.json"] + (try FileManager.default.contentsOfDirectory(atPath: path + "/pages")).map { "pages/" + $0 }
        for file in files where file.hasSuffix(".json") {
            let text = try read(file)
            let range = NSRange(text.startIndex..., in: text)
            try write(file, pattern.stringByReplacingMatches(in: text, range: range, withTemplate: #""\#(member)": \#(value)"#))
        }
    }
}
