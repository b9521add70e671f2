import SDUI
import Testing

/// SHA-256 fed in pieces gives the digest of the pieces joined.
@Suite struct SHA256HasherTests {
    @Test(arguments: [[], [1], [3, 0, 64, 1], [100_000, 1, 63, 65]])
    func piecesGiveTheDigestOfTheWhole(pieceSizes: [Int]) {
        let whole = (0..<pieceSizes.reduce(0, +)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        var hasher = SHA256.Hasher()
        var start = 0
        for size in pieceSizes {
            whole[start..<start + size].withUnsafeBytes { hasher.update($0) }
            start += size
        }
        #expect(hasher.finalize(Array.init) == SHA256.digest(whole))
    }

    @Test func emptyInputIsTheKnownDigest() {
        var hasher = SHA256.Hasher()
        #expect(hasher.finalize(SHA256.hex) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
