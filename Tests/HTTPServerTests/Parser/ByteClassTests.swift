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
}
