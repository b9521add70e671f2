import Testing
@testable import HTTPServer

@Suite("ResponseOrder: answers handed out in request order")
struct ResponseOrderTests {
    private func pending(_ path: String) -> Connection.Pending {
        Connection.Pending(requestID: path, method: "GET", path: path, version: .http1_1, keepAlive: true, isHead: false,
                           startedAt: .now)
    }

    @Test func answersArrivingOutOfOrderLeaveInOrder() {
        var order = ResponseOrder()
        let first = order.add(pending("/a")), second = order.add(pending("/b")), third = order.add(pending("/c"))
        let thirdTaken = order.fulfil(third, with: HTTPResponse(status: 203))
        let beforeFirst = order.popNext()
        #expect(thirdTaken && beforeFirst == nil, "the first answer has not arrived")
        order.fulfil(first, with: HTTPResponse(status: 201))
        let firstOut = order.popNext(), stillWaiting = order.popNext()
        #expect(firstOut?.request.path == "/a" && firstOut?.response.status == 201 && stillWaiting == nil)
        #expect(order.hasMoreOwed)
        order.fulfil(second, with: HTTPResponse(status: 202))
        let secondOut = order.popNext(), thirdOut = order.popNext()
        #expect(secondOut?.response.status == 202 && thirdOut?.response.status == 203)
        #expect(!order.hasMoreOwed)
    }

    @Test func aSecondAnswerOrAnUnknownSequenceIsRefused() {
        var order = ResponseOrder()
        let only = order.add(pending("/a"))
        let answered = order.fulfil(only, with: HTTPResponse(status: 200))
        let answeredTwice = order.fulfil(only, with: HTTPResponse(status: 500))
        let unknown = order.fulfil(only + 1, with: HTTPResponse(status: 200))
        #expect(answered && !answeredTwice && !unknown)
        let out = order.popNext()
        let afterHandedOut = order.fulfil(only, with: HTTPResponse(status: 200))
        #expect(out?.response.status == 200 && !afterHandedOut)
    }

    @Test func aLateAnswerAfterGivingUpIsRefusedAndNumbersAreNotReused() {
        var order = ResponseOrder()
        let abandoned = order.add(pending("/a"))
        _ = order.add(pending("/b"))
        let givenUp = order.removeAll()
        #expect(givenUp.map(\.path) == ["/a", "/b"] && !order.hasMoreOwed)
        let next = order.add(pending("/c"))
        let late = order.fulfil(abandoned, with: HTTPResponse(status: 200))
        let current = order.fulfil(next, with: HTTPResponse(status: 200))
        let out = order.popNext()
        #expect(next > abandoned + 1 && !late && current && out?.request.path == "/c")
    }
}
