import Foundation
import Logging
import SystemCalls

/// An event loop on a thread of its own that serves no connections: for code that watches
/// its own descriptors and runs timers outside a server's request (a client called from a
/// command-line tool or a test). The loop stops when this object goes away, or at `stop`.
public final class EventLoopThread: Sendable {
    /// The loop; use it as a server's (`watch`, `schedule(at:_:)`, `execute`).
    public let loop: EventLoop

    /// Starts a loop on a new thread named `name` (as `ps` and /proc show it: at most 15
    /// bytes); its own failures (epoll errors) are logged to `logger`. Throws when no epoll
    /// instance or eventfd can be made.
    public init(name: String, logger: Logger = Logger(label: "EventLoopThread")) throws {
        let context = ServerContext(configuration: HTTPServer.Configuration(), handler: NoRequests(), logger: logger)
        loop = try EventLoop(index: 0, context: context)
        let thread = Thread { [loop] in
            System.nameCurrentThread(name)
            loop.run()
        }
        thread.name = name
        thread.start()
    }

    /// Ends the loop: its thread returns once the current pass is over. Tasks, timers and
    /// watches still pending are dropped.
    public func stop() {
        loop.stop()
    }

    deinit {
        loop.stop()
    }
}

/// The handler of a loop that accepts no connections: never called.
private struct NoRequests: HTTPHandler {
    func handle(_ request: HTTPRequest, responder: HTTPResponder) {}
}
