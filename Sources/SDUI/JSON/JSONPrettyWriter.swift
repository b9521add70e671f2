/// Writes a `JSONValue` indented for people (two spaces, `"key": value`), for
/// `trellis render --pretty`. Never what is sent over the wire.
public enum JSONPrettyWriter {
    public static func encode(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, indent: 0, into: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                out.append(contentsOf: (i == 0 ? "\n" : ",\n").utf8)
                pad(indent + 1, &out)
                write(element, indent: indent + 1, into: &out)
            }
            out.append(UInt8(ascii: "\n"))
            pad(indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (i, member) in object.members.enumerated() {
                out.append(contentsOf: (i == 0 ? "\n" : ",\n").utf8)
                pad(indent + 1, &out)
                out.append(contentsOf: JSONWriter.encode(.string(member.key)))
                out.append(contentsOf: ": ".utf8)
                write(member.value, indent: indent + 1, into: &out)
            }
            out.append(UInt8(ascii: "\n"))
            pad(indent, &out)
            out.append(UInt8(ascii: "}"))
        default:
            out.append(contentsOf: JSONWriter.encode(value))
        }
    }

    private static func pad(_ level: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }
}
