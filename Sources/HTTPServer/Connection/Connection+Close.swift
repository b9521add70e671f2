extension Connection {
    /// Closes the socket, reports owed responses as failed and frees the slot.
    func close() {
        guard !closed else { return }
        closed = true
        loop.selector.deregister(fd: transport.fd)
        transport.close()
        loop.remove(self)
        if let work = dropWork() {  // not given back: it may hold a half-parsed request
            _ = work.output.removeAll()
            for var completion in work.unwritten.removeAll() {
                completion.exchange.written = false
                loop.context.handler.didRespond(completion.exchange)
            }
            for request in work.order.removeAll() {
                report(request, status: 0, bodyBytes: 0, errorCode: nil, annotation: nil, written: false)
            }
        }
        loop.connectionClosed()
    }

    /// For a socket that could not be registered.
    func transportClosedWithoutRegistration() {
        closed = true
        transport.close()
        loop.connectionClosed()
    }
}
