extension ResponseHead {
    /// The head `render` writes for one response, not closing, with its preformatted lines and
    /// final CRLF, kept as its bytes with room for the two parts each answer writes anew: the
    /// `Date` line and a request id the server makes (the client's own id, the same for every
    /// answer to its head, is written in). A response answered again (`HeadMemo`) copies its
    /// head from here and fills those in, where `render` writes every field.
    struct Template {
        private let bytes: [UInt8]
        /// Where the `Date` line goes, and its length (the same every second: IMF-fixdate).
        private let dateRange: Range<Int>
        /// Where a request id the server makes goes (nil: the client's id is written in).
        private let idRange: Range<Int>?

        /// The template of `response` to a request of `version` answered with the client's
        /// `clientID`, or with an id the server makes when nil; `dateLine` is any second's.
        init(_ response: HTTPResponse, version: HTTPVersion, clientID: String?, serverLine: [UInt8], dateLine: [UInt8]) {
            var head: [UInt8] = []
            let id = clientID ?? String(repeating: "-", count: RequestID.length)
            render(response, into: &head, requestID: id, version: version, closing: false, serverLine: serverLine, dateLine: dateLine)
            let dateStart = head.firstIndex(of: ByteClass.lf)! + 1
            dateRange = dateStart..<(dateStart + dateLine.count)
            let idStart = dateRange.upperBound + serverLine.count + "X-Request-Id: ".utf8.count
            idRange = clientID == nil ? idStart..<(idStart + RequestID.length) : nil
            bytes = head + response.preformattedHeaders + [ByteClass.cr, ByteClass.lf]
        }

        /// Writes the head with `dateLine` and `requestID` (made by the server, unless the
        /// template has the client's) into `out`, an empty buffer; false, writing nothing, when
        /// they don't fit the room kept for them.
        func write(into out: inout [UInt8], dateLine: [UInt8], requestID: String) -> Bool {
            guard dateLine.count == dateRange.count, idRange.map({ $0.count == requestID.utf8.count }) ?? true else { return false }
            out.append(contentsOf: bytes)
            out.withUnsafeMutableBufferPointer { head in
                dateLine.withUnsafeBufferPointer { head[dateRange].copy(from: $0) }
                guard let idRange else { return }
                var requestID = requestID
                requestID.withUTF8 { head[idRange].copy(from: $0) }
            }
            return true
        }
    }
}

extension Slice where Base == UnsafeMutableBufferPointer<UInt8> {
    /// Copies `source`, exactly as many bytes as the slice holds.
    fileprivate func copy(from source: UnsafeBufferPointer<UInt8>) {
        base.baseAddress!.advanced(by: startIndex).update(from: source.baseAddress!, count: count)
    }
}
