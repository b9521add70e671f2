import Testing
@testable import HTTPServer

@Suite("Connection state machine (fake clock)")
struct ConnectionStateMachineTests {
    let start = MonotonicInstant.now
    let timeouts = ConnectionStateMachine.Timeouts(head: .seconds(10), idle: .seconds(60), linger: .seconds(2))

    func at(_ seconds: Double) -> MonotonicInstant { start + .milliseconds(Int(seconds * 1000)) }

    @Test func headTimeoutRunsFromAccept() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        #expect(machine.deadline == at(10))
        do {
            let result = machine.timerFired(now: at(9.9))
            #expect(result == .none)
        }
        do {
            let result = machine.timerFired(now: at(10))
            #expect(result == .sendError(.requestTimeout))
        }
        #expect(machine.isClosing)
        do {
            let result = machine.responseWritten(now: at(10.1), closing: true, bytesBuffered: false)
            #expect(result == .shutdownAndLinger)
        }
        #expect(machine.deadline == at(12.1))
        do {
            let result = machine.timerFired(now: at(12.1))
            #expect(result == .close)
        }
    }

    @Test func headTimeoutIsNotResetByTrickledBytes() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        for tenth in 1..<100 {
            machine.bytesArrived(now: at(Double(tenth) / 10))
            #expect(machine.deadline == at(10))
        }
        do {
            let result = machine.timerFired(now: at(10))
            #expect(result == .sendError(.requestTimeout))
        }
    }

    @Test func laterRequestsHeadTimeoutRunsFromTheirFirstByte() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(1), keepAlive: true)
        do {
            let result = machine.responseWritten(now: at(1), closing: false, bytesBuffered: false)
            #expect(result == .none)
        }
        #expect(machine.deadline == at(61))  // idle
        machine.bytesArrived(now: at(30))
        #expect(machine.deadline == at(40))  // head of the second request
        machine.bytesArrived(now: at(35))
        #expect(machine.deadline == at(40))
        do {
            let result = machine.timerFired(now: at(40))
            #expect(result == .sendError(.requestTimeout))
        }
    }

    @Test func aHeadTimeoutAfterTheIdleDeadlineStillGets408AndTimeToWriteIt() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(0), keepAlive: true)
        _ = machine.responseWritten(now: at(0), closing: false, bytesBuffered: false)
        machine.bytesArrived(now: at(55))  // the head deadline (65) falls after the idle one (60)
        #expect(machine.timerFired(now: at(60)) == .none)
        #expect(machine.timerFired(now: at(65)) == .sendError(.requestTimeout))
        #expect(machine.deadline == at(125))  // the 408 has a full idle period to be written
        #expect(machine.timerFired(now: at(65)) == .none)
    }

    @Test func idleTimeoutClosesSilently() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(1), keepAlive: true)
        _ = machine.responseWritten(now: at(2), closing: false, bytesBuffered: false)
        do {
            let result = machine.timerFired(now: at(61))
            #expect(result == .none)
        }
        do {
            let result = machine.timerFired(now: at(62))
            #expect(result == .close)
        }
    }

    @Test func noIdleTimeoutWhileAResponseIsOwedButStallTimeoutApplies() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(1), keepAlive: true)
        #expect(machine.deadline == at(61))
        machine.writeProgressed(now: at(50))
        do {
            let result = machine.timerFired(now: at(61))
            #expect(result == .none)
        }
        do {
            let result = machine.timerFired(now: at(110))
            #expect(result == .close)
        }
    }

    @Test func closeRequestedByClientLingersAfterTheResponse() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(1), keepAlive: false)
        #expect(machine.isClosing)
        do {
            let result = machine.responseCloses(keepAlive: false, moreOwed: false, bytesBuffered: false)
            #expect(result)
        }
        do {
            let result = machine.responseWritten(now: at(1), closing: true, bytesBuffered: false)
            #expect(result == .shutdownAndLinger)
        }
        do {
            let result = machine.peerClosed()
            #expect(result == .close)
        }
    }

    @Test func drainClosesAnIdleConnectionWithNoBytesWaiting() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(1), keepAlive: true)
        _ = machine.responseWritten(now: at(1), closing: false, bytesBuffered: false)
        do {
            let result = machine.drain(bytesBuffered: false)
            #expect(result == .close)
        }
    }

    @Test func drainWaitsForARequestWhoseBytesAreArriving() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.bytesArrived(now: at(1))
        do {
            let result = machine.drain(bytesBuffered: true)
            #expect(result == .none)
        }
        machine.requestCompleted(now: at(2), keepAlive: true)
        do {
            let result = machine.responseCloses(keepAlive: true, moreOwed: false, bytesBuffered: false)
            #expect(result)
        }
        do {
            let result = machine.responseWritten(now: at(2), closing: true, bytesBuffered: false)
            #expect(result == .shutdownAndLinger)
        }
    }

    @Test func drainWithARequestInFlightAnswersItWithClose() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(1), keepAlive: true)
        do {
            let result = machine.drain(bytesBuffered: false)
            #expect(result == .none)
        }
        do {
            let result = machine.responseCloses(keepAlive: true, moreOwed: false, bytesBuffered: false)
            #expect(result)
        }
        #expect(machine.isClosing)
    }

    @Test func drainWithPipelinedRequestsAnswersAllAndClosesOnTheLast() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(1), keepAlive: true)
        machine.requestCompleted(now: at(1), keepAlive: true)
        machine.requestCompleted(now: at(1), keepAlive: true)
        do {
            let result = machine.drain(bytesBuffered: false)
            #expect(result == .none)
        }
        do {
            let result = machine.responseCloses(keepAlive: true, moreOwed: true, bytesBuffered: false)
            #expect(!result)
        }
        do {
            let result = machine.responseWritten(now: at(2), closing: false, bytesBuffered: false)
            #expect(result == .none)
        }
        do {
            let result = machine.responseCloses(keepAlive: true, moreOwed: true, bytesBuffered: false)
            #expect(!result)
        }
        do {
            let result = machine.responseWritten(now: at(2), closing: false, bytesBuffered: false)
            #expect(result == .none)
        }
        do {
            let result = machine.responseCloses(keepAlive: true, moreOwed: false, bytesBuffered: false)
            #expect(result)
        }
        do {
            let result = machine.responseWritten(now: at(2), closing: true, bytesBuffered: false)
            #expect(result == .shutdownAndLinger)
        }
    }

    @Test func drainWithBytesOfAnotherRequestBufferedKeepsTheConnection() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(1), keepAlive: true)
        _ = machine.drain(bytesBuffered: true)
        do {
            let result = machine.responseCloses(keepAlive: true, moreOwed: false, bytesBuffered: true)
            #expect(!result)
        }
    }

    @Test func protocolErrorIsOwedOnceAndStopsReading() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        do {
            let result = machine.protocolError(.badRequest("x"), now: at(1))
            #expect(result == .sendError(.badRequest("x")))
        }
        do {
            let result = machine.protocolError(.badRequest("y"), now: at(1))
            #expect(result == .none)
        }
        #expect(!machine.owesNothing)
        do {
            let result = machine.responseWritten(now: at(2), closing: true, bytesBuffered: false)
            #expect(result == .shutdownAndLinger, "one error owed: its write ends it")
        }
        do {
            let result = machine.timerFired(now: at(3))
            #expect(result == .none)
        }
    }

    @Test func peerCloseWithResponsesOwedWaitsForThem() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(1), keepAlive: true)
        do {
            let result = machine.peerClosed()
            #expect(result == .none)
        }
        do {
            let result = machine.responseCloses(keepAlive: true, moreOwed: false, bytesBuffered: false)
            #expect(result)
        }
    }

    @Test func peerCloseWithPipelinedResponsesOwedClosesOnlyOnTheLast() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.requestCompleted(now: at(1), keepAlive: true)
        machine.requestCompleted(now: at(1), keepAlive: true)
        _ = machine.peerClosed()
        let first = machine.responseCloses(keepAlive: true, moreOwed: true, bytesBuffered: false)
        #expect(!first)
        let last = machine.responseCloses(keepAlive: true, moreOwed: false, bytesBuffered: false)
        #expect(last)
    }

    @Test func aStalledBodyGets408SayingTheBodyTimedOut() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.bytesArrived(now: at(0))
        machine.headCompleted(now: at(1))
        #expect(machine.deadline == at(61))
        let result = machine.timerFired(now: at(61))
        #expect(result == .sendError(.bodyTimeout))
    }

    @Test func quiescingClosesOnTheNextAnswerButKeepsAnIdleConnection() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.bytesArrived(now: at(0))
        machine.requestCompleted(now: at(1), keepAlive: true)
        machine.quiesce()
        let closes = machine.responseCloses(keepAlive: true, moreOwed: false, bytesBuffered: false)
        #expect(closes)
        var idle = ConnectionStateMachine(now: start, timeouts: timeouts)
        idle.bytesArrived(now: at(0))
        idle.requestCompleted(now: at(1), keepAlive: true)
        _ = idle.responseWritten(now: at(2), closing: false, bytesBuffered: false)
        idle.quiesce()
        #expect(idle.acceptsRequest(maxOwed: 16), "an idle connection is served during the grace period")
    }
}
