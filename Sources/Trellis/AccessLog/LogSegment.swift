/// Fields of a log line written once, in a line's format with their separators, and copied
/// into many lines (`LogLine.append(segment:)`): what every answer to a repeated head shares
/// (`RepeatedLogFields`).
///
/// The bytes are kept with zeroed room after them up to a whole number of `block`s, so a line
/// copies a segment of at most one block as a single fixed-size move the compiler writes
/// inline, not a `memcpy` call whose path depends on the length: a segment costs the same
/// whatever its length up to a block (a section's fields, a few bytes longer than its page's,
/// cost what the page's do), and less than the call.
final class LogSegment: @unchecked Sendable {
    /// The size of the move a short segment is copied with, and the unit its room is kept in.
    static let block = 128

    /// The segment's bytes, followed by zeros to a whole number of blocks; never written after
    /// `init`.
    let base: UnsafeMutableRawPointer
    /// The segment's length (without the room after it).
    let count: Int

    init(_ bytes: some Collection<UInt8>) {
        count = bytes.count
        let room = max(1, (bytes.count + Self.block - 1) / Self.block) * Self.block
        base = .allocate(byteCount: room, alignment: 16)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: room)
        UnsafeMutableRawBufferPointer(start: base, count: room).copyBytes(from: bytes)
    }

    deinit { base.deallocate() }
}
