/// Invariant checks for fuzz targets: a violation stops the run with a message that names the
/// input (escaped, the first 512 bytes), and libFuzzer saves the input as `crash-<sha1>`.
public enum FuzzCheck {
    /// Stops the run when `condition` is false.
    public static func require(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, input: [UInt8]
    ) {
        if !condition() { fail(message(), input: input) }
    }

    /// Stops the run: `message`, then the input as an escaped string literal.
    public static func fail(_ message: String, input: [UInt8]) -> Never {
        fatalError("\(message)\ninput (\(input.count) bytes): \"\(escaped(input.prefix(512)))\"")
    }

    /// Printable ASCII as is, everything else as `\r`, `\n`, `\t` or `\xHH`.
    public static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case 0x0D: text += "\\r"
            case 0x0A: text += "\\n"
            case 0x09: text += "\\t"
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return text
    }
}
