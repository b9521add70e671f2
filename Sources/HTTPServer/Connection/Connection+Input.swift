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
        let work = self.work
        var input = UnsafeRawBufferPointer(rebasing: loop.readBuffer[..<count])
        machine.bytesArrived(now: .now)
        if !work.bytesBuffered && work.parser.isAtStart { answerRepeatedHeads(in: &input, work: work) }
        work.inbound.append(contentsOf: input)
        processInput()
        flush()
    }

    /// Answers the requests at the start of `input` (just read, nothing buffered before it)
    /// whose heads are the one this connection was answered for last, while they still stand
    /// (`answerAgain`), where they were read: the bytes of a client that sends the same
    /// request again are never copied. `input` keeps what is left, which `processInput` takes
    /// as before; so does a head that differs.
    private func answerRepeatedHeads(in input: inout UnsafeRawBufferPointer, work: ConnectionWork) {
        guard let memo = loop.headMemo else { return }
        processing = true
        defer {
            processing = false
            work.unappended = 0
        }
        while !closed, machine.acceptsRequest(maxOwed: Self.maxOwed), !input.isEmpty,
              let entry = memo.entry(in: Int(lastHeadSlot), startOf: input) {
            work.unappended = input.count
            guard answerAgain(entry, work: work, fromUnappended: true) else { return }
            input = UnsafeRawBufferPointer(rebasing: input[entry.length...])
        }
    }

    /// Parses and dispatches buffered requests until one is incomplete, the pipeline is full or
    /// the connection stops reading; synchronous answers are queued for one `writev`.
    func processInput() {
        guard let work = lent else { return }
        processing = true
        defer { processing = false }
        while !closed, machine.acceptsRequest(maxOwed: Self.maxOwed), work.inboundWaiting {
            let memo = work.parser.isAtStart && Self.mayBeRemembered(work.inbound[work.inboundStart]) ? loop.headMemo : nil
            let sighting = memo.flatMap { memo in
                work.inbound.withUnsafeBytes {
                    memo.sight(UnsafeRawBufferPointer(rebasing: $0[work.inboundStart...]), lookingFirstAt: Int(lastHeadSlot))
                }
            }
            if let entry = sighting?.entry, answerAgain(entry, work: work, fromUnappended: false) { continue }
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
                let start = work.inboundStart
                work.inboundStart += consumed
                work.continueSent = false
                request.requestID = RequestID.of(request.headers)
                let now = MonotonicInstant.now
                let keepAlive = request.wantsKeepAlive
                machine.requestCompleted(now: now, keepAlive: keepAlive)
                if work.bytesBuffered { machine.bytesArrived(now: now) }
                let sequence = dispatch(request, keepAlive: keepAlive, now: now, work: work)
                if let sighting, sighting.length == consumed {
                    offer(request, sequence: sequence, sighting: sighting, headAt: start, work: work)
                }
                renderReady()
            }
        }
        compactInbound(work)
    }

    /// Whether a head whose first byte is `first` may be one the head memo remembers: a `GET`'s
    /// or a `HEAD`'s (`offer`), or an empty line before one. Another method's head (an action's
    /// `POST`) can never be answered again, so it is not hashed and looked up for nothing.
    static func mayBeRemembered(_ first: UInt8) -> Bool {
        first == UInt8(ascii: "G") || first == UInt8(ascii: "H") || first == ByteClass.cr
    }

    /// Parses more once the pipeline has room again (after responses are written).
    func resumeInput() {
        guard !processing, !closed, bytesBuffered, machine.acceptsRequest(maxOwed: Self.maxOwed) else { return }
        processInput()
    }

    /// Hands `request` to the handler; returns its sequence number.
    private func dispatch(_ request: HTTPRequest, keepAlive: Bool, now: MonotonicInstant, work: ConnectionWork) -> UInt64 {
        let sequence = work.order.add(Pending(request, id: request.requestID, keepAlive: keepAlive, startedAt: now))
        loop.context.handler.handle(request, responder: HTTPResponder(eventLoop: loop, connectionID: id, sequence: sequence))
        return sequence
    }

    /// Answers the request whose head is `entry`'s bytes, at the start of the input (of the
    /// bytes not yet appended to `inbound`, `fromUnappended`, or of `inbound`'s), with
    /// `entry`'s answer when it still stands (`RepeatableAnswer`): the connection takes it as it
    /// takes a parsed request the handler answered at once. False: it is parsed and handled.
    private func answerAgain(_ entry: HeadMemo.Entry, work: ConnectionWork, fromUnappended: Bool) -> Bool {
        var response = entry.response
        guard let memo = loop.headMemo, entry.answer.answersAgain(&response) else {
            loop.headMemo?.forget(entry)
            return false
        }
        lastHeadSlot = UInt16(memo.slot(of: entry))
        if fromUnappended {
            work.unappended -= entry.length
        } else {
            work.inboundStart += entry.length
        }
        work.continueSent = false
        let now = MonotonicInstant.now
        machine.requestCompleted(now: now, keepAlive: entry.keepAlive)
        if work.bytesBuffered { machine.bytesArrived(now: now) }
        let id = entry.clientID ?? RequestID.next()
        if !work.order.hasMoreOwed,
           !machine.responseCloses(keepAlive: entry.keepAlive, moreOwed: false, bytesBuffered: work.bytesBuffered) {
            // Nothing owed before it and the connection stays open: written at once, its head from the template.
            var head = work.output.takeBuffer()
            if entry.head.write(into: &head, dateLine: loop.date.headerLine(), requestID: id) {
                queue(head: head, response, for: Pending(entry.request, id: id, keepAlive: entry.keepAlive, startedAt: now),
                      sequence: work.order.pass(), closing: false)
                return true
            }
        }
        let sequence = work.order.add(Pending(entry.request, id: id, keepAlive: entry.keepAlive, startedAt: now))
        work.order.fulfil(sequence, with: response)
        renderReady()
        return true
    }

    /// Offers the handler to remember the answer it just gave `request` (number `sequence`),
    /// read from exactly the head `sighting` saw at `start` of the input: a `GET` or `HEAD`
    /// answered before `handle` returned, whose head the loop's memo admits.
    private func offer(_ request: HTTPRequest, sequence: UInt64, sighting: HeadMemo.Sighting, headAt start: Int, work: ConnectionWork) {
        guard let memo = loop.headMemo, request.method == "GET" || request.method == "HEAD",
              memo.admits(sighting), let response = work.order.answer(for: sequence),
              let answer = loop.context.handler.repeatable(request, response: response, loop: loop.index)
        else { return }
        let entry = HeadMemo.Entry(length: sighting.length, hash: sighting.hash, request: request, response: response, answer: answer,
                                   serverLine: loop.context.serverLine, dateLine: loop.date.headerLine())
        work.inbound.withUnsafeBytes { memo.remember(entry, head: UnsafeRawBufferPointer(rebasing: $0[start..<(start + entry.length)])) }
        lastHeadSlot = UInt16(memo.slot(of: entry))
    }

    /// Queues the server's own error answer after everything owed; it closes the connection.
    /// Once the head was read whole (a body's failure), its fields can be read: the client's
    /// valid `X-Request-Id` is kept (SPEC §13) and the handler is shown the head. Before (the
    /// head's own failure), its fields are offsets into bytes not yet copied in, unreadable.
    /// A `HEAD` gets the error's head alone, as every answer to a `HEAD` (RFC 9110 §9.3.2).
    func queueError(_ error: HTTPError) {
        let work = self.work
        let line = work.parser.request  // the request line, when it was complete
        var head = work.parser.wholeHead
        let id = head.map { RequestID.of($0.headers) } ?? RequestID.next()
        head?.requestID = id
        // No request fields in the record (the log's `client=-`), as before: only its id is kept.
        let sequence = work.order.add(Pending(
            requestID: id, method: line?.method ?? "-", path: line?.path ?? "-", version: .http1_1,
            keepAlive: false, isHead: line?.method == "HEAD", startedAt: .now, headers: HTTPHeaders()))
        work.order.fulfil(sequence, with: loop.context.handler.response(for: error, head: head))
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
