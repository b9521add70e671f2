import FuzzSupport
import SDUI

/// Parses an input; what parses must round-trip through both writers to the same value, and the
/// compact writer must be a fixed point. Deep nesting must fail cleanly, never overflow.
enum JSONTarget {
    /// An upstream's limit, to check that a tighter limit only ever rejects more.
    static let upstreamDepth = 64

    static func run(_ input: [UInt8]) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(input)
        } catch {
            FuzzCheck.require(error.line >= 1 && error.column >= 1, "error position \(error)", input: input)
            FuzzCheck.require((try? JSONParser.parse(input, maxDepth: upstreamDepth)) == nil,
                              "a tighter depth limit accepted what the default rejects", input: input)
            return
        }
        let compact = JSONWriter.encode(value)
        FuzzCheck.require(reparse(compact, input: input) == value, "compact output parses to another value", input: input)
        FuzzCheck.require(JSONWriter.encode(reparse(compact, input: input)) == compact, "compact output is not stable", input: input)
        let pretty = JSONPrettyWriter.encode(value)
        FuzzCheck.require(reparse(pretty, input: input) == value, "pretty output parses to another value", input: input)
        if let shallow = try? JSONParser.parse(input, maxDepth: upstreamDepth) {
            FuzzCheck.require(shallow == value, "the depth limit changed the value", input: input)
        }
    }

    /// Parses the writers' output, which must always be valid JSON.
    static func reparse(_ bytes: [UInt8], input: [UInt8]) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            FuzzCheck.fail("written output does not parse: \(error)\noutput: \(FuzzCheck.escaped(bytes[...]))", input: input)
        }
    }
}
