import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

extension Connection {
    private static let crlf: [UInt8] = [13, 10]

    /// A handler's response arrived (on the loop thread), possibly out of order.
    func receive(_ response: HTTPResponse, sequence: UInt64) {
        guard !closed, pending[sequence] != nil else { return }
        ready[sequence] = response
        guard !processing else { return }  // processInput renders and flushes
        renderReady()
        flush()
        afterEvent()
    }

    /// Serializes every response that is next in order; stops after one that closes.
    func renderReady() {
        while let response = ready[nextToRender], let request = pending[nextToRender] {
            ready[nextToRender] = nil
            pending[nextToRender] = nil
            nextToRender += 1
            let closing = machine.responseCloses(
                keepAlive: request.keepAlive, moreOwed: nextToRender < nextSequence, bytesBuffered: bytesBuffered)
            var head = ResponseHead.render(
                response, requestID: request.requestID, version: request.version, closing: closing,
                serverLine: loop.context.serverLine, dateLine: loop.date.headerLine())
            let sendBody = !request.isHead && !ResponseHead.isBodiless(response.status) && !response.body.isEmpty
            let exchange = HTTPExchange(
                requestID: request.requestID, method: request.method, path: request.path, status: response.status,
                bodyBytes: sendBody ? response.body.count : 0, duration: .zero, logFields: response.logFields,
                written: true, loop: loop.index)
            let completion = Completion(exchange: exchange, startedAt: request.startedAt, closing: closing)
            if response.preformattedHeaders.isEmpty {
                head.append(contentsOf: Self.crlf)
                enqueue(head, completion: sendBody ? nil : completion)
            } else {
                enqueue(head, completion: nil)
                enqueue(response.preformattedHeaders, completion: nil)
                enqueue(Self.crlf, completion: sendBody ? nil : completion)
            }
            if sendBody { enqueue(response.body, completion: completion) }
            if closing { break }
        }
    }

    func enqueue(_ bytes: [UInt8], completion: Completion?) {
        outbound.append(Outbound(bytes: bytes, completion: completion))
        outboundBytes += bytes.count
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
        while !closed, outboundHead < outbound.count {
            let result: IOResult<Int>
            do {
                result = try writeSome()
            } catch {
                close()  // EPIPE, ECONNRESET: the peer is gone
                return
            }
            guard case .processed(let written) = result else { break }
            machine.writeProgressed(now: .now)
            advance(by: written)
        }
        if outboundHead == outbound.count, outboundHead > 0 {
            outbound.removeAll(keepingCapacity: true)
            outboundHead = 0
        }
        resumeInput()
    }

    /// One `writev` of up to 16 queued chunks, without copying them (the iovecs on the stack).
    private func writeSome() throws -> IOResult<Int> {
        let end = min(outbound.count, outboundHead + 16)
        return try withUnsafeTemporaryAllocation(of: iovec.self, capacity: end - outboundHead) { buffer in
            try gather(outboundHead, end: end, into: buffer)
        }
    }

    private func gather(
        _ index: Int, end: Int, into vectors: UnsafeMutableBufferPointer<iovec>
    ) throws -> IOResult<Int> {
        guard index < end else { return try transport.write(UnsafeBufferPointer(vectors)) }
        let offset = index == outboundHead ? outboundOffset : 0
        return try outbound[index].bytes.withUnsafeBytes { (bytes) throws -> IOResult<Int> in
            let base = bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0 + offset) }
            vectors[index - outboundHead] = iovec(iov_base: base, iov_len: bytes.count - offset)
            return try gather(index + 1, end: end, into: vectors)
        }
    }

    /// Drops `written` bytes from the queue and completes the responses they finished.
    private func advance(by written: Int) {
        var remaining = written
        while outboundHead < outbound.count, !closed {
            let left = outbound[outboundHead].bytes.count - outboundOffset
            guard remaining >= left else {
                outboundOffset += remaining
                return
            }
            remaining -= left
            outboundBytes -= outbound[outboundHead].bytes.count
            let completion = outbound[outboundHead].completion
            outboundHead += 1
            outboundOffset = 0
            if let completion { complete(completion) }
        }
    }

    private func complete(_ completion: Completion) {
        let now = ContinuousClock.now
        var exchange = completion.exchange
        exchange.duration = now - completion.startedAt
        loop.context.handler.didRespond(exchange)
        perform(machine.responseWritten(now: now, closing: completion.closing, bytesBuffered: bytesBuffered))
    }

    /// Reports a request that will never be answered on the wire.
    func report(_ request: Pending, status: Int, bodyBytes: Int, logFields: String, written: Bool) {
        loop.context.handler.didRespond(HTTPExchange(
            requestID: request.requestID, method: request.method, path: request.path, status: status,
            bodyBytes: bodyBytes, duration: .now - request.startedAt, logFields: logFields, written: written,
            loop: loop.index))
    }
}
