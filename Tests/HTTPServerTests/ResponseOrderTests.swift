import Testing
@testable import HTTPServer

/// `ResponseOrder`: answers arriving in any order go out in request order; slots are reused
/// between requests, compacted under endless pipelining and freed once nothing is owed.
@Suite("ResponseOrder: pipelined answers in order")
struct ResponseOrderTests {
    static func pending(_ path: String) -> Connection.Pending {
        Connection.Pending(requestID: "r", method: "GET", path: path, version: .http1_1, keepAlive: true, isHead: false,
                           startedAt: .now, headers: HTTPHeaders())
    }

    @Test func answersGoOutInRequestOrderAndOnlyOnce() {
        var order = ResponseOrder()
        let first = order.add(Self.pending("/1")), second = order.add(Self.pending("/2"))
        let early = order.fulfil(second, with: HTTPResponse(status: 202))
        let blocked = order.popNext()
        let twice = order.fulfil(second, with: HTTPResponse(status: 500))
        #expect(early && blocked == nil && !twice)
        order.fulfil(first, with: HTTPResponse(status: 201))
        let one = order.popNext(), more = order.hasMoreOwed, two = order.popNext()
        #expect(one?.request.path == "/1" && one?.response.status == 201 && one?.sequence == first && more)
        #expect(two?.request.path == "/2" && two?.response.status == 202 && two?.sequence == second)
        let late = order.fulfil(first, with: HTTPResponse(status: 200))
        #expect(!order.hasMoreOwed && !late)
    }

    @Test func endlessPipeliningKeepsTheSlotsFew() {
        var order = ResponseOrder()
        var owed = [order.add(Self.pending("/0"))]
        var inOrder = true
        for index in 1...1000 {
            owed.append(order.add(Self.pending("/\(index)")))
            order.fulfil(owed.removeFirst(), with: HTTPResponse(status: 200))
            let next = order.popNext()
            inOrder = inOrder && next?.request.path == "/\(index - 1)" && next?.sequence == UInt64(index - 1)
        }
        #expect(inOrder && order.hasMoreOwed && order.capacity <= 64)
        let left = order.removeAll().map(\.path)
        let givenUp = order.fulfil(owed[0], with: HTTPResponse(status: 200))
        #expect(left == ["/1000"] && !givenUp)
    }

    /// Storage that served another connection numbers this one's requests from where they
    /// stopped, so an old sequence number finds no slot.
    @Test func resumedNumberingGoesOnAndRefusesOldNumbers() {
        var order = ResponseOrder()
        let first = order.add(Self.pending("/a"))
        order.fulfil(first, with: HTTPResponse(status: 200))
        _ = order.popNext()
        #expect(order.capacity > 0 && order.nextSequence == 1, "kept for the next request")
        order.resume(at: 7)
        let next = order.add(Self.pending("/b"))
        #expect(next == 7 && !order.fulfil(first, with: HTTPResponse(status: 200)))
        #expect(order.fulfil(next, with: HTTPResponse(status: 200)) && order.popNext()?.request.path == "/b")
    }
}
