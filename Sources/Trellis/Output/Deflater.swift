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

    /// `bytes` as one gzip member, in one pass: each slice of input is handed to `observe` just
    /// before zlib reads it (while it is in the CPU's cache), e.g. to hash the body on the way.
    /// - Throws: `GzipError.zlib` naming the failing call; the stream is reset before the next body.
    func compress(_ bytes: [UInt8], observing observe: (UnsafeRawBufferPointer) -> Void = { _ in }) throws(GzipError) -> [UInt8] {
        defer { deflateReset(stream.pointer) }
        let bound = Int(deflateBound(stream.pointer, uLong(bytes.count)))
        var code = Z_OK
        // zlib writes the output: no need to zero it first.
        let output = bytes.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
                stream.setOutput(buffer)
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
                count = bound - stream.availableOutput
            }
        }
        guard code == Z_STREAM_END else { throw stream.error("deflate", code) }
        return output
    }

    /// The bytes handed to zlib (and `observe`) at a time: small enough to stay in the L1 cache
    /// between the observer and zlib.
    private static let sliceSize = 16 * 1024
}
