import Testing
@testable import HTTPServer

/// `ConnectionStateMachine.keepOpenForOutput`: a close waits for output the transport still
/// holds (TLS records), up to the linger deadline.
@Suite("Connection state machine: closing with transport output still queued")
struct ConnectionLingerForOutputTests {
    typealias Machine = ConnectionStateMachine

    @Test func closeWaitsForQueuedOutputUntilTheLingerDeadline() {
        let start = MonotonicInstant.now
        var machine = Machine(now: start, timeouts: .init(head: .seconds(1), idle: .seconds(5), linger: .seconds(2)))
        let first = machine.keepOpenForOutput(now: start)
        #expect(first && machine.deadline == start + .seconds(2))
        let before = machine.keepOpenForOutput(now: start + .seconds(1))
        let after = machine.keepOpenForOutput(now: start + .seconds(2))
        #expect(before && !after)
        let action = machine.timerFired(now: start + .seconds(2))
        #expect(action == .close)
    }
}
