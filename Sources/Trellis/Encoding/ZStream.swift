import CZlib

/// A zlib `z_stream` pinned on the heap for one compression or decompression.
///
/// zlib keeps a pointer back to its `z_stream` inside its private state, so the struct must
/// never move while the stream is open: a Swift `var` may be moved or copied at will, hence the
/// manual allocation. The stream is ended and freed in `deinit`. Not Sendable: one stream is
/// used by one call on one thread.
final class ZStream {
    /// Which kind of stream this is; decides the `*End` call in `deinit`.
    private enum Kind { case deflate, inflate }

    /// The pinned stream, valid until `deinit`.
    let pointer: UnsafeMutablePointer<z_stream>
    private let kind: Kind

    private init(pointer: UnsafeMutablePointer<z_stream>, kind: Kind) {
        self.pointer = pointer
        self.kind = kind
    }

    /// A deflate stream that writes one gzip member (header mtime 0, no name) at `level` (0–9).
    static func deflater(level: Int32) throws(GzipError) -> ZStream {
        let pointer = allocate()
        let code = czlib_deflate_init_gzip(pointer, level)
        guard code == Z_OK else { throw failure(pointer, call: "deflateInit2", code: code) }
        return ZStream(pointer: pointer, kind: .deflate)
    }

    /// An inflate stream that reads gzip members.
    static func inflater() throws(GzipError) -> ZStream {
        let pointer = allocate()
        let code = czlib_inflate_init_gzip(pointer)
        guard code == Z_OK else { throw failure(pointer, call: "inflateInit2", code: code) }
        return ZStream(pointer: pointer, kind: .inflate)
    }

    /// The bytes of input not consumed yet.
    var availableInput: Int { Int(pointer.pointee.avail_in) }

    /// The room left in the current output buffer.
    var availableOutput: Int { Int(pointer.pointee.avail_out) }

    /// Points the stream at `input`; zlib never writes through `next_in`.
    func setInput(_ input: UnsafeBufferPointer<UInt8>) {
        pointer.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        pointer.pointee.avail_in = uInt(input.count)
    }

    /// Points the stream at `output`.
    func setOutput(_ output: UnsafeMutableBufferPointer<UInt8>) {
        pointer.pointee.next_out = output.baseAddress
        pointer.pointee.avail_out = uInt(output.count)
    }

    /// The error for `call` returning `code`, with zlib's message when it left one.
    func error(_ call: String, _ code: Int32) -> GzipError {
        .zlib(call: call, code: code, message: pointer.pointee.msg.map { String(cString: $0) })
    }

    deinit {
        switch kind {
        case .deflate: deflateEnd(pointer)
        case .inflate: inflateEnd(pointer)
        }
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    private static func allocate() -> UnsafeMutablePointer<z_stream> {
        let pointer = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        pointer.initialize(to: z_stream())
        return pointer
    }

    private static func failure(_ pointer: UnsafeMutablePointer<z_stream>, call: String, code: Int32) -> GzipError {
        let message = pointer.pointee.msg.map { String(cString: $0) }
        pointer.deinitialize(count: 1)
        pointer.deallocate()
        return .zlib(call: call, code: code, message: message)
    }
}
