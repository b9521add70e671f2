import Testing
@testable import HTTPServer

/// The byte classes are bit sets; these spell each class out as characters and check all 256 bytes.
@Suite("Parser: byte classes")
struct ByteClassTests {
    static let alphanumerics = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    static func members(_ extra: String) -> Set<UInt8> { alphanumerics.union(extra.utf8) }

    @Test func everyByteIsClassedAsTheRFCsSay() {
        let token = Self.members("!#$%&'*+-.^_`|~")  // RFC 9110 §5.6.2
        let target = Self.members("-._~!$&'()*+,;=:@/?%")  // RFC 3986 pchar, "/" and "?"
        let host = Self.members("-._~%!$&'()*+,;=:[]")  // RFC 3986 host and port
        for value in 0...255 {
            let byte = UInt8(value)
            #expect(ByteClass.isTokenChar(byte) == token.contains(byte), "token: \(value)")
            #expect(ByteClass.isTargetByte(byte) == target.contains(byte), "target: \(value)")
            #expect(ByteClass.isHostByte(byte) == host.contains(byte), "host: \(value)")
        }
    }

    /// Bytes against a lower-case word, only letters folding: the words the parsers and the
    /// pipeline compare so, each with its letters' case flipped and with one byte swapped for
    /// its bit-0x20 twin (`-` and CR, `/` and 0x0F, `*` and 0x0A): only a letter's twin still matches.
    @Test func bytesSpellALowercaseWordInAnyCaseOfTheirLetters() {
        let words: [StaticString] = ["host", "content-length", "transfer-encoding", "application/json", "https://", "x-gzip", "*"]
        for word in words {
            let bytes = Array(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
            #expect(ByteClass.equalsLowercase(bytes, word))
            #expect(ByteClass.equalsLowercase(bytes.map { (0x61...0x7A).contains($0) ? $0 ^ 0x20 : $0 }, word), "\(word) in upper case")
            #expect(!ByteClass.equalsLowercase(bytes.dropLast(), word) && !ByteClass.equalsLowercase(bytes + [0x20], word))
            for index in bytes.indices {
                var twin = bytes
                twin[index] ^= 0x20
                let letter = (0x61...0x7A).contains(bytes[index])
                #expect(ByteClass.equalsLowercase(twin, word) == letter, "\(word) with byte \(index) flipped")
            }
        }
    }
}
