import SystemCalls
extension Connection {
    /// Reads once into the loop's buffer and parses every complete request now buffered.
    func readInput() {
        let result: IOResult<Int>
        do {
            result = try transport.read(into: loop.readBuffer)
        } catch {
            if !transport.isEstablished {
                loop.context.failures.report(.tlsHandshake, "TLS handshake failed: \(error)", level: .warning)
            }
            close()  // ECONNRESET and friends: an ordinary end
            return
        }
        guard case .processed(let count) = result else { return }
        if count == 0 {
            readClosed = true
            perform(machine.peerClosed())
            return
        }
        // Lingering (or past a closing request): input is read only to be discarded.
        guard !machine.discardsInput else { return }
        work.inbound.append(contentsOf: UnsafeRawBufferPointer(rebasing: loop.readBuffer[..<count]))
        machine.bytesArrived(now: .now)
        processInput()
        flush()
    }

    /// Parses and dispatches buffered requests until one is incomplete, the pipeline is full or
    /// the connection stops reading; synchronous answers are queued for one `writev`.
    func processInput() {
        guard let work = lent else { return }
        processing = true
        defer { processing = false }
        while !closed, machine.acceptsRequest(maxOwed: Self.maxOwed), work.bytesBuffered {
            let result = work.inbound.withUnsafeBufferPointer { all in
                work.parser.parse(UnsafeBufferPointer(rebasing: all[work.inboundStart...]))
            }
            switch consume result {  // the request's only copy is the one handed on (`recycle`)
            case .needMore:
                if work.parser.isReadingBody {
                    machine.headCompleted(now: .now)
                    sendContinueIfExpected(work)
                }
                work.inboundStart += work.parser.releaseConsumed()  // a chunked body's raw bytes are not kept
                compactInbound(work)
                return
            case .failure(let error):
                perform(machine.protocolError(error, now: .now))
            case .request(var request, let consumed):
                work.inboundStart += consumed
                work.continueSent = false
                request.requestID = RequestID.of(request.headers)
                let now = MonotonicInstant.now
                let keepAlive = request.wantsKeepAlive
                machine.requestCompleted(now: now, keepAlive: keepAlive)
                if work.bytesBuffered { machine.bytesArrived(now: now) }
                dispatch(request, keepAlive: keepAlive, now: now, work: work)
                renderReady()
            }
        }
        compactInbound(work)
    }

    /// Parses more once the pipeline has room again (after responses are written).
    func resumeInput() {
        guard !processing, !closed, bytesBuffered, machine.acceptsRequest(maxOwed: Self.maxOwed) else { return }
        processInput()
    }

    private func dispatch(_ request: HTTPRequest, keepAlive: Bool, now: MonotonicInstant, work: ConnectionWork) {
        let sequence = work.order.add(Pending(
            requestID: request.requestID, method: request.method, path: request.path,
            version: request.version, keepAlive: keepAlive, isHead: request.method == "HEAD",
            startedAt: now, headers: request.headers))
        loop.context.handler.handle(request, responder: HTTPResponder(eventLoop: loop, connectionID: id, sequence: sequence))
    }

    /// Queues the server's own error answer after everything owed; it closes the connection.
    func queueError(_ error: HTTPError) {
        let work = self.work
        let line = work.parser.request  // the request line, when it was complete
        let sequence = work.order.add(Pending(
            requestID: RequestID.next(), method: line?.method ?? "-", path: line?.path ?? "-", version: .http1_1,
            keepAlive: false, isHead: false, startedAt: .now, headers: HTTPHeaders()))
        work.order.fulfil(sequence, with: loop.context.handler.response(for: error, requestHeaders: line?.headers ?? HTTPHeaders()))
        renderReady()
    }

    /// `Expect: 100-continue` with the body not yet sent: tell the client to go on, unless
    /// earlier responses are still owed (an interim answer must not overtake them).
    private func sendContinueIfExpected(_ work: ConnectionWork) {
        guard work.parser.expectsContinue, !work.continueSent, machine.owesNothing, work.output.isEmpty else { return }
        work.continueSent = true
        work.output.append(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }

    private func compactInbound(_ work: ConnectionWork) {
        if work.inboundStart == work.inbound.count {
            work.inbound.removeAll(keepingCapacity: work.inbound.capacity <= 65536)
            work.inboundStart = 0
        } else if work.inboundStart > 0 {
            work.inbound.removeFirst(work.inboundStart)
            work.inboundStart = 0
        }
    }
}
