import HTTPServer

/// `Accept-Encoding` negotiation (RFC 9110 §12.5.3) between the two codings Trellis has.
///
/// The header is a comma-separated list of codings, each with an optional weight
/// `;q=` 0–1 with up to three decimals; names and `q` are case-insensitive and `x-gzip` is
/// `gzip`. `*` stands for every coding not named. A weight that does not follow the qvalue
/// grammar (`q=1.5`, `q=abc`, `q=0.0001`) makes its element weigh 0: a coding we cannot read a
/// preference for is not chosen on the strength of it.
///
/// gzip is chosen when its weight is above 0 and at least identity's (a tie goes to gzip).
/// identity weighs what `identity` or else `*` says; when neither is named it carries no
/// preference, so any positive gzip weight wins. Otherwise identity, even when the header
/// excludes it (`identity;q=0`): identity is our fallback, we never answer 406.
/// An absent or empty header means identity.
package enum AcceptEncoding {
    /// The coding to answer with for the first `Accept-Encoding` field of `headers`, read over
    /// its bytes where they lie (no `String` made: every page answer, hits included, comes here).
    package static func preferredCoding(_ headers: HTTPHeaders) -> ContentCoding {
        headers.withFirstValue(of: "Accept-Encoding") { value in value.map { preferredCoding(bytes: $0[...]) } ?? .identity }
    }

    /// `preferredCoding` over the value's bytes (integer indices: no `String` index arithmetic).
    private static func preferredCoding(bytes: Slice<UnsafeBufferPointer<UInt8>>) -> ContentCoding {
        var gzip: Int?, identity: Int?, any: Int?
        var rest = bytes
        while true {
            let comma = rest.firstIndex(of: UInt8(ascii: ",")) ?? rest.endIndex
            let element = rest[..<comma]
            let semicolon = element.firstIndex(of: UInt8(ascii: ";")) ?? element.endIndex
            let name = trimmed(element[..<semicolon])
            if !name.isEmpty {
                var weight = 1000
                var parameters = element[semicolon...]
                while let start = parameters.first == UInt8(ascii: ";") ? parameters.index(after: parameters.startIndex) : nil {
                    let end = parameters[start...].firstIndex(of: UInt8(ascii: ";")) ?? parameters.endIndex
                    weight = weightParameter(trimmed(parameters[start..<end])) ?? weight
                    parameters = parameters[end...]
                }
                if ByteClass.equalsLowercase(name, "gzip") || ByteClass.equalsLowercase(name, "x-gzip") {
                    gzip = max(gzip ?? 0, weight)
                } else if ByteClass.equalsLowercase(name, "identity") {
                    identity = max(identity ?? 0, weight)
                } else if ByteClass.equalsLowercase(name, "*") {
                    any = max(any ?? 0, weight)
                }
            }
            guard comma != rest.endIndex else { break }
            rest = rest[rest.index(after: comma)...]
        }
        let gzipWeight = gzip ?? any ?? 0
        let identityWeight = identity ?? any ?? 0
        return gzipWeight > 0 && gzipWeight >= identityWeight ? .gzip : .identity
    }

    static func weightParameter<Bytes: BidirectionalCollection<UInt8>>(_ parameter: Bytes) -> Int?
    where Bytes.SubSequence == Bytes {
        let pieces = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
        guard pieces.count == 2, case let name = trimmed(pieces[0]),
              name.elementsEqual("q".utf8) || name.elementsEqual("Q".utf8)
        else { return nil }
        return qValue(trimmed(pieces[1])) ?? 0
    }

    /// Parses `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` into thousandths.
    static func qValue<Bytes: Collection<UInt8>>(_ text: Bytes) -> Int? {
        guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        let whole = Int(first - UInt8(ascii: "0")) * 1000
        guard text.count > 1 else { return whole }
        let decimals = text.dropFirst(2)
        guard text.dropFirst().first == UInt8(ascii: "."), decimals.count <= 3,
              decimals.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        var fraction = 0, scale = 100
        for digit in decimals {
            fraction += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return whole == 1000 && fraction > 0 ? nil : whole + fraction
    }

    /// `bytes` without optional whitespace (spaces and tabs) at either end (`Accept-Language`
    /// negotiation trims its list the same way).
    static func trimmed<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes
    where Bytes.SubSequence == Bytes {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
              let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[start...end]
    }
}
