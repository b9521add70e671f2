import FuzzSupport
@testable import Trellis

/// Reads one response from a peer that sends the input and closes, in one piece and at
/// input-derived split points: both must agree on the status and body, or both fail the same
/// way, and a body never exceeds the size limit.
enum UpstreamReaderTarget {
    /// Larger than any input, so where the limit trips never depends on the cuts.
    static let limit = 1 << 20
    /// A smaller limit, checked on its own: a body never exceeds it.
    static let smallLimit = 256

    static func run(_ input: [UInt8]) {
        guard input.count <= 16 * 1024 else { return }  // one read's worth: the one-piece feed stays one piece
        let cuts = SplitPoints.cuts(of: input, maxCuts: 8)
        guard let whole = read([input[...]], limit: limit, input: input),
              let split = read(SplitPoints.pieces(of: input, at: cuts), limit: limit, input: input)
        else { return }
        FuzzCheck.require(whole == split, "one piece: \(whole), split at \(cuts): \(split)", input: input)
        _ = read([input[...]], limit: smallLimit, input: input)
    }

    /// What reading the pieces gave: the status and body, or the error; nil if the pieces
    /// could not all be queued.
    static func read(_ pieces: [ArraySlice<UInt8>], limit: Int, input: [UInt8]) -> Result<Outcome, ClientError>? {
        guard let pipe = PacketPipe(pieces) else { return nil }
        defer { pipe.connection.close() }
        var reader = UpstreamResponseReader(
            connection: pipe.connection, deadline: UpstreamDeadline(after: .seconds(10)), limit: limit)
        do {
            let response = try reader.read()
            FuzzCheck.require(response.body.count <= limit, "body of \(response.body.count) bytes", input: input)
            FuzzCheck.require((100...999).contains(response.status), "status \(response.status)", input: input)
            return .success(Outcome(status: response.status, body: response.body))
        } catch {
            FuzzCheck.require(error != .timeout, "timed out on a closed peer", input: input)
            return .failure(error)
        }
    }

    /// The part of a response that must not depend on how the bytes arrived (`keepAlive` may:
    /// bytes past the response are seen only if they arrived with it).
    struct Outcome: Equatable {
        var status: Int
        var body: [UInt8]
    }
}
