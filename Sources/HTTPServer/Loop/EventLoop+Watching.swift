/// Watching descriptors the application owns (an upstream client's sockets) on the loop's
/// epoll instance, next to the server's own connections.
///
/// Call these on the loop's thread (`inLoop`; from elsewhere, go through `execute`), and
/// `unwatch` a descriptor before you close it. Registrations are level-triggered: ask for
/// `writable` only while you have bytes waiting, or the loop wakes for nothing.
extension EventLoop {
    /// One descriptor watched by `watch`, until `unwatch`.
    public struct Watch: Hashable, Sendable {
        let token: UInt64
        let fd: Int32
    }

    /// What a watched descriptor is ready for, as one `epoll_wait` reported it. An error or
    /// hang-up sets all three: the next read or write on the descriptor says what happened.
    public struct Readiness: Sendable, Equatable {
        /// Input (or the peer's half-close) is waiting.
        public var readable: Bool
        /// Output would not block.
        public var writable: Bool
        /// An error or hang-up (`EPOLLERR`, `EPOLLHUP`).
        public var hangUp: Bool
    }

    /// A watched descriptor's handler.
    struct Watcher {
        let fd: Int32
        let handler: (Readiness) -> Void
    }

    /// Starts watching the non-blocking `fd` for `readable` and/or `writable`; `handler` runs
    /// on the loop's thread each time the loop finds it ready, until `unwatch`. Throws when
    /// epoll refuses the descriptor.
    public func watch(
        _ fd: Int32, readable: Bool, writable: Bool, _ handler: @escaping (Readiness) -> Void
    ) throws -> Watch {
        precondition(inLoop, "EventLoop.watch must be called on the loop's thread")
        let token = makeToken()
        try selector.register(fd: fd, token: token, read: readable, write: writable)
        watchers[token] = Watcher(fd: fd, handler: handler)
        return Watch(token: token, fd: fd)
    }

    /// Changes what `watch` waits for.
    public func setInterest(_ watch: Watch, readable: Bool, writable: Bool) throws {
        precondition(inLoop, "EventLoop.setInterest must be called on the loop's thread")
        guard watchers[watch.token] != nil else { return }
        try selector.reregister(fd: watch.fd, token: watch.token, read: readable, write: writable)
    }

    /// Stops watching (its handler is released and never runs again, even for an event
    /// already reported in this pass). Call it before closing the descriptor.
    public func unwatch(_ watch: Watch) {
        precondition(inLoop, "EventLoop.unwatch must be called on the loop's thread")
        guard watchers.removeValue(forKey: watch.token) != nil else { return }
        selector.deregister(fd: watch.fd)
    }
}
