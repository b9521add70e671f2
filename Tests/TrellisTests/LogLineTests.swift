import Testing
@testable import Trellis

/// The access log's line buffer: it grows past its first capacity without losing bytes, empties
/// on reset, and writes decimals and trace ids in place.
@Suite struct LogLineTests {
    @Test func growsPastItsFirstCapacityKeepingEveryByte() {
        var line = LogLine(capacity: 1)
        var expected = ""
        for index in 0..<500 {
            line.append("field\(index) ")
            expected += "field\(index) "
        }
        #expect(String(decoding: line.bytes, as: UTF8.self) == expected)
        #expect(line.count == expected.utf8.count)
    }

    @Test func resetEmptiesTheLineForTheNextPass() {
        var line = LogLine(capacity: 8)
        line.append(String(repeating: "x", count: 70_000))
        line.reset()
        #expect(line.count == 0)
        line.append("after")
        #expect(line.bytes == Array("after".utf8))
    }

    @Test func decimalsArePaddedToTheirWidthAndNeverNegative() {
        var line = LogLine(capacity: 4)
        line.decimal(7, width: 3)
        line.append(" ")
        line.decimal(1_234_567_890_123)
        line.append(" ")
        line.decimal(-5)
        line.append(" ")
        line.decimal(0, width: 2)
        #expect(String(decoding: line.bytes, as: UTF8.self) == "007 1234567890123 0 00")
    }

    @Test func aTraceIDIs32LowercaseHexDigits() {
        var line = LogLine(capacity: 4)
        line.traceID("t", (high: 0x4BF9_2F35_77B3_4DA6, low: 0x0000_0000_0000_00AF))
        #expect(String(decoding: line.bytes, as: UTF8.self) == "t=4bf92f3577b34da600000000000000af")
    }
}
