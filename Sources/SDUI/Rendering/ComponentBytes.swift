/// Reading an assembled component's bytes without parsing them: the assembler writes every
/// component as `{"id":<id>,"type":…,"data":{…}}` (`Assembler.writeHead`), its id encoded by
/// `JSONWriter.writeString`, so the id's JSON string leads the bytes.
public enum ComponentBytes {
    /// The bytes that begin every component.
    private static let idPrefix = Array(#"{"id":""#.utf8)

    /// The JSON string of the id that `component`'s bytes begin with, quotes included, as
    /// written (the bytes `JSONWriter.encode(.string(id))` gives); nil when they don't begin
    /// with an id.
    public static func idToken(_ component: [UInt8]) -> ArraySlice<UInt8>? {
        guard component.starts(with: idPrefix) else { return nil }
        let start = idPrefix.count - 1
        var index = start + 1
        while index < component.count {
            switch component[index] {
            case UInt8(ascii: "\""): return component[start...index]
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return nil
    }
}
