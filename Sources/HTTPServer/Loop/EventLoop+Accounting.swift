extension EventLoop {
    /// A connection of this loop closed: count it and let a paused listener resume.
    func connectionClosed() {
        let context = self.context
        context.openConnections.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        if context.acceptPaused.exchange(false, ordering: .sequentiallyConsistent) {
            guard let first = context.loops.withLock({ $0.first }) else { return }
            first.execute { first.listener?.resume() }
        }
    }
}
