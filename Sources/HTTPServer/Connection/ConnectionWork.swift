/// What a connection needs only while it has a request in hand: the parser, the unconsumed
/// input, the answers owed and the output queue.
///
/// An event loop lends one to a connection when its request's first byte arrives and takes it
/// back, emptied but with its storage, once everything owed is written and no byte of a next
/// request is buffered (`EventLoop.lendWork`, `takeBack`). So a keep-alive connection between
/// requests holds none (thousands of idle ones are little more than their `Connection`
/// objects), and a busy one allocates nothing per request: it reuses the loop's spare.
final class ConnectionWork {
    var parser: RequestParser
    var inbound: [UInt8] = []
    var inboundStart = 0
    /// Bytes just read that are being answered where they were read, not yet appended to
    /// `inbound` (`Connection.answerRepeatedHeads`); 0 otherwise.
    var unappended = 0
    var order = ResponseOrder()
    /// Output; the last chunk of each response is marked with its sequence number.
    var output = PendingWrites<UInt64>(
        highWatermark: Connection.outputHighWatermark, lowWatermark: Connection.outputLowWatermark)
    /// The records of the responses in `output`, in order: each marked chunk written completes
    /// the oldest (kept apart from the marks, which stay small and trivial to copy).
    var unwritten = FIFO<Connection.Completion>()
    /// The list `flush` collects completed marks in, kept between writes (emptied).
    var completedScratch: [UInt64] = []
    /// The current request's `100 Continue` went out.
    var continueSent = false

    init(limits: RequestLimits) {
        parser = RequestParser(limits: limits)
    }

    /// Unconsumed request bytes are waiting (in `inbound`, or being answered where they were
    /// read).
    var bytesBuffered: Bool { inboundWaiting || unappended > 0 }

    /// Unconsumed bytes are waiting in `inbound` (what `processInput` parses).
    var inboundWaiting: Bool { inbound.count > inboundStart }

    /// Whether nothing is in hand: no input byte unconsumed, no request half-parsed, nothing
    /// owed or queued. Its storage may then serve another connection.
    var isEmpty: Bool {
        !bytesBuffered && parser.isAtStart && !order.hasMoreOwed && output.isEmpty && unwritten.isEmpty
    }
}
