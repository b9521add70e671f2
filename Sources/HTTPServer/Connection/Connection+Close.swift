extension Connection {
    /// Closes the socket, reports owed responses as failed and frees the slot.
    func close() {
        guard !closed else { return }
        closed = true
        loop.selector.deregister(fd: transport.fd)
        transport.close()
        loop.remove(self)
        for index in outboundHead..<outbound.count {
            if var completion = outbound[index].completion {
                completion.exchange.written = false
                loop.context.handler.didRespond(completion.exchange)
            }
        }
        outbound = []
        for (_, request) in pending.sorted(by: { $0.key < $1.key }) {
            report(request, status: 0, bodyBytes: 0, errorCode: nil, annotation: nil, written: false)
        }
        pending = [:]
        loop.connectionClosed()
    }

    /// For a socket that could not be registered.
    func transportClosedWithoutRegistration() {
        closed = true
        transport.close()
        loop.connectionClosed()
    }
}
