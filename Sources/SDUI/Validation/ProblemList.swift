/// Collects validation problems while a Pages folder loads; duplicates collapse (a fragment
/// included by several pages reports its own problems once), and the result is sorted.
struct ProblemList: ProblemReporter {
    private var seen = Set<ValidationProblem>()

    /// Records one problem at `file:path`.
    mutating func report(_ file: String, _ path: String, _ message: String) {
        seen.insert(ValidationProblem(file: file, path: path, message: message))
    }

    /// Records every problem another list collected.
    mutating func report(contentsOf other: ProblemList) {
        seen.formUnion(other.seen)
    }

    var isEmpty: Bool { seen.isEmpty }

    /// Every problem, sorted by file, path and message.
    var sorted: [ValidationProblem] { seen.sorted() }
}

/// JSON path helpers: `$.root.data.children[4]`, `$.components["hero-banner"]`.
extension String {
    /// This path extended by an object key (`.key`, or `["key"]` when the key isn't a plain name).
    func key(_ name: String) -> String {
        let plain = !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "$")
        }
        if plain { return self + "." + name }
        var writer = JSONWriter()
        writer.writeString(name)
        return self + "[" + String(decoding: writer.bytes, as: UTF8.self) + "]"
    }

    /// This path extended by an array index.
    func index(_ i: Int) -> String { self + "[\(i)]" }
}
