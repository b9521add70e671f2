/// Delivers the answer to one request. Call `respond` exactly once, from any thread;
/// later calls are ignored. `HEAD` bodies are stripped by the server.
///
/// A plain value (the loop, the connection and the request's place in its pipeline): making
/// one allocates nothing. "Once" is kept where the answer lands: the connection's
/// `ResponseOrder` takes one answer per sequence number and refuses any other, and a
/// connection that is gone takes none.
public struct HTTPResponder: Sendable {
    /// The event loop that owns the request's connection, on whose thread `handle` runs: work
    /// the answer waits for (a socket, a timer) can run there without a thread of its own.
    public let eventLoop: EventLoop
    let connectionID: UInt64
    let sequence: UInt64

    /// Sends `response` for this request (in order with pipelined ones).
    public func respond(_ response: consuming HTTPResponse) {
        eventLoop.deliver(response, connection: connectionID, sequence: sequence)
    }
}
