import Synchronization

/// Delivers the answer to one request. Call `respond` exactly once, from any thread;
/// later calls are ignored. `HEAD` bodies are stripped by the server.
public struct HTTPResponder: Sendable {
    let slot: ResponseSlot

    /// The event loop that owns the request's connection, on whose thread `handle` runs: work
    /// the answer waits for (a socket, a timer) can run there without a thread of its own.
    public var eventLoop: EventLoop { slot.loop }

    /// Sends `response` for this request (in order with pipelined ones).
    public func respond(_ response: HTTPResponse) {
        guard slot.claim() else { return }
        slot.loop.deliver(response, connection: slot.connectionID, sequence: slot.sequence)
    }
}

/// Where a responder's answer goes: a connection on a loop and the request's position in
/// its pipeline. `claim` makes `respond` effective once.
final class ResponseSlot: Sendable {
    let loop: EventLoop
    let connectionID: UInt64
    let sequence: UInt64
    private let used = Atomic<Bool>(false)

    init(loop: EventLoop, connectionID: UInt64, sequence: UInt64) {
        self.loop = loop
        self.connectionID = connectionID
        self.sequence = sequence
    }

    func claim() -> Bool {
        used.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
