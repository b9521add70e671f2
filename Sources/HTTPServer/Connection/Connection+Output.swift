import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

extension Connection {
    private static let crlf: [UInt8] = [13, 10]

    /// A handler's response arrived (on the loop thread), possibly out of order.
    func receive(_ response: consuming HTTPResponse, sequence: UInt64) {
        guard !closed, let work = lent, work.order.fulfil(sequence, with: response) else { return }
        guard !processing else { return }  // processInput renders and flushes
        renderReady()
        flush()
        afterEvent()
    }

    /// Serializes every response that is next in order; stops after one that closes.
    func renderReady() {
        guard let work = lent else { return }
        while let (sequence, request, response) = work.order.popNext() {
            let closing = machine.responseCloses(
                keepAlive: request.keepAlive, moreOwed: work.order.hasMoreOwed, bytesBuffered: work.bytesBuffered)
            var head = work.output.takeBuffer()
            ResponseHead.render(
                response, into: &head, requestID: request.requestID, version: request.version, closing: closing,
                serverLine: loop.context.serverLine, dateLine: loop.date.headerLine())
            // The preformatted lines are copied in (a few hundred bytes): one chunk for the whole
            // head costs less to queue and gather than three.
            head.append(contentsOf: response.preformattedHeaders)
            head.append(contentsOf: Self.crlf)
            queue(head: head, response, for: request, sequence: sequence, closing: closing)
            if closing { break }
        }
    }

    /// Queues the answer to `request` (number `sequence`): its whole `head`, then its body
    /// unless none is sent, and the record `flush` completes once its last byte is written.
    func queue(head: [UInt8], _ response: HTTPResponse, for request: Pending, sequence: UInt64, closing: Bool) {
        guard let work = lent else { return }
        let sendBody = !request.isHead && !ResponseHead.isBodiless(response.status) && !response.body.isEmpty
        // The exchange is made in its place in the record (made apart, it would be copied in).
        work.unwritten.append(Completion(
            exchange: HTTPExchange(
                requestID: request.requestID, method: request.method, path: request.path, status: response.status,
                bodyBytes: sendBody ? response.body.count : 0, nanoseconds: 0, errorCode: response.errorCode,
                annotation: response.annotation, written: true, loop: loop.index, remoteAddress: remoteAddress,
                requestHeaders: request.headers),
            startedAt: request.startedAt, closing: closing))
        work.output.append(head, mark: sendBody ? nil : sequence, recyclable: true)
        if sendBody { work.output.append(response.body, mark: sequence) }
    }

    /// Writes queued output with `writev` until done or the socket is full (then EPOLLOUT is
    /// armed by `afterEvent`, and disarmed once the queue is empty).
    func flush() {
        do {
            try transport.flushPending()
        } catch {
            close()
            return
        }
        while !closed, let work = lent, !work.output.isEmpty {
            var completed = work.completedScratch  // taken: `complete` may reach this connection again
            work.completedScratch = []
            do {
                let wrote = try work.output.writeOnce({ (vectors) throws(SystemError) in try transport.write(vectors) },
                                                      completed: &completed)
                guard wrote else { break }
            } catch {
                close()  // EPIPE, ECONNRESET: the peer is gone
                return
            }
            machine.writeProgressed(now: .now)
            for _ in completed {
                guard let completion = work.unwritten.popFirst() else { break }
                // Moved, not copied: `complete` hands the request's header storage back to the
                // parser, which reuses it only when nothing else holds it.
                complete(consume completion)
            }
            completed.removeAll(keepingCapacity: true)
            work.completedScratch = completed
        }
        resumeInput()
    }

    private func complete(_ completion: consuming Completion) {
        let now = MonotonicInstant.now
        completion.exchange.nanoseconds = now.nanoseconds &- completion.startedAt.nanoseconds
        loop.context.handler.didRespond(completion.exchange)
        lent?.parser.recycle(&completion.exchange.requestHeaders)
        guard !closed else { return }
        perform(machine.responseWritten(now: now, closing: completion.closing, bytesBuffered: bytesBuffered))
    }

    /// Reports a request that will never be answered on the wire.
    func report(_ request: Pending, status: Int, bodyBytes: Int, errorCode: String?, annotation: (any Sendable)?,
                written: Bool) {
        loop.context.handler.didRespond(HTTPExchange(
            requestID: request.requestID, method: request.method, path: request.path, status: status,
            bodyBytes: bodyBytes, nanoseconds: MonotonicInstant.now.nanoseconds &- request.startedAt.nanoseconds, errorCode: errorCode,
            annotation: annotation,
            written: written, loop: loop.index, remoteAddress: remoteAddress, requestHeaders: request.headers))
    }
}
