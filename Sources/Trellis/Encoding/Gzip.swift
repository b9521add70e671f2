import CZlib

/// Gzip (RFC 1952) compression and decompression of whole byte arrays through zlib.
///
/// `compress` writes a single standard gzip member with mtime 0 and no file name, so the same
/// input and level always give the same bytes (stable cache entries, `gzip -dc` reads them).
/// Safe to call from any thread: at either page level a call borrows a reused deflate stream
/// from that level's `DeflaterPool`, at any other it opens its own.
package enum Gzip {
    /// The level of a page body compressed once and served from the cache to every client of
    /// its class: zlib's default. Measured (docs/PERFORMANCE.md, "Gzip level"): on the 27 KB
    /// page 3,764 B against 4,116 B at level 3, for 3.3x the time of the one compression.
    package static let cachedLevel: Int32 = 6
    /// The level of a body compressed for one answer (a personal page, never cached): the last
    /// level before zlib's lazy matching, which costs 2.2–5.5x the time for 3–12 % fewer bytes.
    package static let perAnswerLevel: Int32 = 3
    /// The level for a page body: `perAnswerLevel` for a personal page, else `cachedLevel`.
    package static func level(personal: Bool) -> Int32 {
        personal ? perAnswerLevel : cachedLevel
    }

    /// The size of each step of output while decompressing.
    private static let chunkSize = 16 * 1024

    /// Compresses `bytes` into one gzip member at `level` (0–9), handing each slice of input to
    /// `observe` just before zlib reads it (one pass over the bytes, e.g. to hash them too).
    /// - Throws: `GzipError.zlib` naming the failing call (an invalid level fails in `deflateInit2`).
    package static func compress(_ bytes: [UInt8], level: Int32 = cachedLevel,
                                 observing observe: (UnsafeRawBufferPointer) -> Void = { _ in }) throws(GzipError) -> [UInt8] {
        guard let pool = DeflaterPool.shared(at: level) else { return try Deflater(level: level).compress(bytes, observing: observe) }
        return try pool.withDeflater { deflater throws(GzipError) in try deflater.compress(bytes, observing: observe) }
    }

    /// Decompresses one or more concatenated gzip members, refusing to produce more than
    /// `limit` bytes (a guard against decompression bombs).
    /// - Throws: `GzipError.truncated` for empty or cut-short input,
    ///   `.outputLimitExceeded` past `limit`, `.zlib` for corrupt data (`Z_DATA_ERROR`).
    package static func decompress(_ bytes: [UInt8], limit: Int) throws(GzipError) -> [UInt8] {
        let stream = try ZStream.inflater()
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        let result: Result<Void, GzipError> = bytes.withUnsafeBufferPointer { input in
            stream.setInput(input)
            while true {
                let code = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.setOutput(buffer)
                    return inflate(stream.pointer, Z_NO_FLUSH)
                }
                let produced = chunk.count - stream.availableOutput
                guard output.count + produced <= limit else { return .failure(.outputLimitExceeded(limit: limit)) }
                output.append(contentsOf: chunk[0..<produced])
                switch code {
                case Z_STREAM_END where stream.availableInput == 0:
                    return .success(())
                case Z_STREAM_END:
                    // Another member follows, as `cat a.gz b.gz` makes.
                    let reset = inflateReset(stream.pointer)
                    guard reset == Z_OK else { return .failure(stream.error("inflateReset", reset)) }
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.availableInput == 0:
                    return .failure(.truncated)
                default:
                    return .failure(stream.error("inflate", code))
                }
            }
        }
        try result.get()
        return output
    }
}
