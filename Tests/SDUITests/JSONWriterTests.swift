import Testing

@testable import SDUI

/// `JSONWriter` keeps its bytes in a buffer of its own: a copy of a writer is a value of its
/// own, and taking bytes back leaves the writer as if they had never been written.
@Suite struct JSONWriterTests {
    @Test func aCopyOfAWriterWritesOnItsOwn() {
        var writer = JSONWriter(reservingCapacity: 4)
        writer.writeString("shared")
        var copy = writer
        copy.appendByte(UInt8(ascii: ","))
        copy.writeString("copy only, and long enough to make the copy's buffer grow")
        writer.appendByte(UInt8(ascii: ","))
        writer.write(.number("1.0"))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""shared",1.0"#)
        #expect(String(decoding: copy.bytes, as: UTF8.self) == #""shared","copy only, and long enough to make the copy's buffer grow""#)
    }

    @Test func truncatingTakesBackWhatWasWrittenAfterAMark() {
        var writer = JSONWriter()
        writer.appendByte(UInt8(ascii: "["))
        let mark = writer.count
        writer.writeString("dropped")
        writer.truncate(to: mark)
        writer.write(.bool(true))
        writer.appendByte(UInt8(ascii: "]"))
        #expect(writer.count == 6 && writer.bytes == Array("[true]".utf8))
    }
}
