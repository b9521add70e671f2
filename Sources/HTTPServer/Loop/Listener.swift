import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// The listening socket, served by loop 0: accepts until EAGAIN and hands connections to the
/// loops round-robin. At `maxConnections` it leaves epoll (new clients wait in the kernel's
/// backlog) until a connection closes.
final class Listener {
    let fd: Int32
    unowned let loop: EventLoop
    let loops: [EventLoop]
    private var next = 0
    private var registered = false
    private var closed = false
    /// How long accepting pauses after a failed `accept` (out of descriptors, of buffers).
    static let backOff: Duration = .milliseconds(100)

    init(fd: Int32, loop: EventLoop, loops: [EventLoop]) {
        self.fd = fd
        self.loop = loop
        self.loops = loops
    }

    /// Starts watching for connections.
    func resume() {
        guard !closed, !registered else { return }
        loop.context.acceptPaused.store(false, ordering: .sequentiallyConsistent)
        do {
            try loop.selector.register(fd: fd, token: EventLoop.listenerToken, read: true, write: false)
            registered = true
        } catch {
            loop.schedule(token: EventLoop.listenerToken, at: .now + .milliseconds(100))
            return
        }
        acceptAll()
    }

    private func pause(retryAfter: Duration? = nil) {
        if registered {
            loop.selector.deregister(fd: fd)
            registered = false
        }
        if let retryAfter {
            loop.schedule(token: EventLoop.listenerToken, at: .now + retryAfter)
            return
        }
        let context = loop.context
        context.acceptPaused.store(true, ordering: .sequentiallyConsistent)
        // A connection may have closed between the check and the flag: look again.
        if context.openConnections.load(ordering: .sequentiallyConsistent) < context.configuration.maxConnections {
            resume()
        }
    }

    /// Accepts every pending connection (the listener is readable).
    func acceptAll() {
        let context = loop.context
        while registered {
            if context.openConnections.load(ordering: .sequentiallyConsistent) >= context.configuration.maxConnections {
                pause()
                return
            }
            let result: IOResult<Int32>
            do {
                result = try context.accept(fd)
            } catch let error {
                if error.errno == ECONNABORTED || error.errno == EPROTO { continue }
                // EMFILE, ENFILE, ENOBUFS: back off instead of spinning on a readable listener.
                context.failures.report(
                    .acceptBackOff, "\(error); not accepting for \(Self.backOff)", level: .warning)
                pause(retryAfter: Self.backOff)
                return
            }
            guard case .processed(let client) = result else { return }
            context.openConnections.wrappingAdd(1, ordering: .sequentiallyConsistent)
            let target = loops[next % loops.count]
            next &+= 1
            if target === loop {
                target.adopt(fd: client)
            } else {
                target.execute { target.adopt(fd: client) }
            }
        }
    }

    /// Stops listening for good (drain).
    func close() {
        guard !closed else { return }
        closed = true
        if registered { loop.selector.deregister(fd: fd) }
        registered = false
        System.close(fd)
    }
}
