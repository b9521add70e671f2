import Foundation

extension TempPages {
    /// Gives every url source and data entry of the sample Pages a timeout of `milliseconds`:
    /// the sample's own (80–150 ms, tuned for a quiet machine) can pass on a loaded test machine
    /// before a loopback backend answers, and the tests using this check what is answered,
    /// not how fast.
    func makeSourcesPatient(milliseconds: Int = 10_000) throws {
        let pattern = try NSRegularExpression(pattern: #""timeoutMs":\s*\d+"#)
        let files = ["sources.json"] + (try FileManager.default.contentsOfDirectory(atPath: path + "/pages")).map { "pages/" + $0 }
        for file in files where file.hasSuffix(".json") {
            let text = try read(file)
            let range = NSRange(text.startIndex..., in: text)
            try write(file, pattern.stringByReplacingMatches(in: text, range: range, withTemplate: #""timeoutMs": \#(milliseconds)"#))
        }
    }
}
