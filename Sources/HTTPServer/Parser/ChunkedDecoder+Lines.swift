extension ChunkedDecoder {
    /// Handles a chunk-size line or a trailer line; returns an outcome when decoding stops.
    mutating func handleLine(_ line: UnsafeBufferPointer<UInt8>) -> Outcome? {
        if case .trailer = phase {
            if line.isEmpty { return .done(end: position) }
            trailerBytes += line.count + 2
            if trailerBytes > maxTrailerBytes { return .failure(.headerFieldsTooLarge) }
            guard line[0] != ByteClass.sp, line[0] != ByteClass.htab,
                let colon = line.firstIndex(of: ByteClass.colon), ByteClass.isToken(line[..<colon]),
                line[(colon + 1)...].allSatisfy(ByteClass.isFieldValueByte)
            else { return .failure(.badRequest("Invalid trailer field.")) }
            return nil
        }
        switch Self.parseChunkSize(line) {
        case .none:
            return .failure(.badRequest("Invalid chunk size."))
        case .some(let size):
            if size > maxBody - body.count { return .failure(.contentTooLarge) }
            phase = size == 0 ? .trailer : .data(remaining: size)
            if size > 0 { body.reserveCapacity(body.count + size) }
            return nil
        }
    }

    /// `1*HEXDIG [ BWS ";" chunk-ext ]`; at most 15 hex digits (no overflow).
    static func parseChunkSize(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        var size = 0
        var index = 0
        while index < line.count, let digit = ByteClass.hexValue(line[index]) {
            guard index < 15 else { return nil }
            size = size << 4 | digit
            index += 1
        }
        guard index > 0 else { return nil }
        while index < line.count, line[index] == ByteClass.sp || line[index] == ByteClass.htab { index += 1 }
        guard index < line.count else { return size }
        guard line[index] == UInt8(ascii: ";") else { return nil }
        guard line[index...].allSatisfy(ByteClass.isFieldValueByte) else { return nil }
        return size
    }
}
