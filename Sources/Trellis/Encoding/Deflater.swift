import CZlib

/// A gzip compressor that keeps one pinned deflate `ZStream` and resets it (`deflateReset`)
/// between bodies, instead of allocating zlib's ~270 KB of window and tables for each one.
///
/// Each body becomes one gzip member with mtime 0 and no name, the same bytes a fresh stream at
/// the same level writes. One body at a time: it is `@unchecked Sendable` only to move between
/// threads through `DeflaterPool`, which lends each deflater to one borrower at a time.
final class Deflater: @unchecked Sendable {
    /// The compression level (0–9) every body gets.
    let level: Int32
    private let stream: ZStream

    /// A deflater at `level`.
    /// - Throws: `GzipError.zlib` from `deflateInit2` (an invalid level).
    init(level: Int32) throws(GzipError) {
        self.level = level
        stream = try ZStream.deflater(level: level)
    }

    /// Output room kept from body to body (up to `keptOutputBytes`): zlib writes into it, and
    /// only the compressed bytes are copied out, into an array of their exact size.
    private var scratch = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// The largest output room kept between bodies; a larger body's is freed after it.
    static let keptOutputBytes = 64 * 1024

    deinit { scratch.deallocate() }

    /// `bytes` as one gzip member, in one pass: each slice of input is handed to `observe` just
    /// before zlib reads it (while it is in the CPU's cache), e.g. to hash the body on the way.
    /// The array holds exactly the member's bytes (no slack for a cache entry to keep).
    /// - Throws: `GzipError.zlib` naming the failing call; the stream is reset before the next body.
    func compress(_ bytes: [UInt8], observing observe: (UnsafeRawBufferPointer) -> Void = { _ in }) throws(GzipError) -> [UInt8] {
        defer { deflateReset(stream.pointer) }
        let output = outputRoom(Int(deflateBound(stream.pointer, uLong(bytes.count))))
        defer { if output.baseAddress != scratch.baseAddress { output.deallocate() } }
        var code = Z_OK
        bytes.withUnsafeBufferPointer { input in
            stream.setOutput(output)
            // Level 0's stored blocks follow the calls' slicing: one slice keeps them as before.
            let sliceSize = level == 0 ? max(input.count, 1) : Self.sliceSize
            var start = 0
            repeat {
                let end = min(start + sliceSize, input.count)
                let slice = UnsafeBufferPointer(rebasing: input[start..<end])
                observe(UnsafeRawBufferPointer(slice))
                stream.setInput(slice)
                // deflateBound leaves room for everything: each call consumes its whole slice.
                code = deflate(stream.pointer, end == input.count ? Z_FINISH : Z_NO_FLUSH)
                start = end
            } while start < input.count && code == Z_OK
        }
        guard code == Z_STREAM_END else { throw stream.error("deflate", code) }
        return Array(UnsafeBufferPointer(rebasing: output[..<(output.count - stream.availableOutput)]))
    }

    /// Room for `bound` bytes of output: the kept scratch (grown to it when it fits the limit),
    /// or a buffer of its own that `compress` frees.
    private func outputRoom(_ bound: Int) -> UnsafeMutableBufferPointer<UInt8> {
        guard bound <= Self.keptOutputBytes else { return .allocate(capacity: bound) }
        if scratch.count < bound {
            scratch.deallocate()
            scratch = .allocate(capacity: max(bound, 4096))
        }
        return UnsafeMutableBufferPointer(rebasing: scratch[..<bound])
    }

    /// The bytes handed to zlib (and `observe`) at a time: small enough to stay in the L1 cache
    /// between the observer and zlib.
    private static let sliceSize = 16 * 1024
}
