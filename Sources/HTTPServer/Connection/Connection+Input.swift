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
        inbound.append(contentsOf: UnsafeRawBufferPointer(rebasing: loop.readBuffer[..<count]))
        machine.bytesArrived(now: .now)
        processInput()
        flush()
    }

    /// Parses and dispatches buffered requests until one is incomplete, the pipeline is full or
    /// the connection stops reading; synchronous answers are queued for one `writev`.
    func processInput() {
        processing = true
        defer { processing = false }
        let loop = self.loop  // one strong reference for the loop's spare header storage
        while !closed, machine.acceptsRequest(maxOwed: Self.maxOwed), bytesBuffered {
            if parser.spareCapacity == 0 { parser.exchangeSpare(&loop.spareHeaders) }  // borrowed from the loop
            let result = inbound.withUnsafeBufferPointer { all in
                parser.parse(UnsafeBufferPointer(rebasing: all[inboundStart...]))
            }
            switch consume result {  // the request's only copy is the one handed on (`recycle`)
            case .needMore:
                if parser.isReadingBody {
                    machine.headCompleted(now: .now)
                    sendContinueIfExpected()
                }
                inboundStart += parser.releaseConsumed()  // a chunked body's raw bytes are not kept
                compactInbound()
                return
            case .failure(let error):
                perform(machine.protocolError(error, now: .now))
            case .request(var request, let consumed):
                inboundStart += consumed
                continueSent = false
                request.requestID = RequestID.next()
                let now = MonotonicInstant.now
                let keepAlive = request.wantsKeepAlive
                machine.requestCompleted(now: now, keepAlive: keepAlive)
                if bytesBuffered { machine.bytesArrived(now: now) }
                dispatch(request, keepAlive: keepAlive, now: now)
                parser.recycle(&request.headers)
                if loop.spareHeaders.capacity == (0, 0) { parser.exchangeSpare(&loop.spareHeaders) }  // given back
                renderReady()
            }
        }
        compactInbound()
    }

    /// Parses more once the pipeline has room again (after responses are written).
    func resumeInput() {
        guard !processing, !closed, bytesBuffered, machine.acceptsRequest(maxOwed: Self.maxOwed) else { return }
        processInput()
    }

    private func dispatch(_ request: HTTPRequest, keepAlive: Bool, now: MonotonicInstant) {
        let sequence = order.add(Pending(
            requestID: request.requestID, method: request.method, path: request.path,
            version: request.version, keepAlive: keepAlive, isHead: request.method == "HEAD",
            startedAt: now))
        loop.context.handler.handle(request, responder: HTTPResponder(eventLoop: loop, connectionID: id, sequence: sequence))
    }

    /// Queues the server's own error answer after everything owed; it closes the connection.
    func queueError(_ error: HTTPError) {
        let line = parser.request  // the request line, when it was complete
        let sequence = order.add(Pending(
            requestID: RequestID.next(), method: line?.method ?? "-", path: line?.path ?? "-", version: .http1_1,
            keepAlive: false, isHead: false, startedAt: .now))
        order.fulfil(sequence, with: loop.context.handler.response(for: error, requestHeaders: line?.headers ?? HTTPHeaders()))
        renderReady()
    }

    /// `Expect: 100-continue` with the body not yet sent: tell the client to go on, unless
    /// earlier responses are still owed (an interim answer must not overtake them).
    private func sendContinueIfExpected() {
        guard parser.expectsContinue, !continueSent, machine.owesNothing, output.isEmpty else { return }
        continueSent = true
        output.append(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }

    private func compactInbound() {
        if inboundStart == inbound.count {
            inbound.removeAll(keepingCapacity: inbound.capacity <= 65536)
            inboundStart = 0
        } else if inboundStart > 0 {
            inbound.removeFirst(inboundStart)
            inboundStart = 0
        }
    }
}
