import Testing
@testable import HTTPServer

@Suite("FIFO: the records of responses being written")
struct FIFOTests {
    @Test func popsInOrderAndKeepsItsStorageOnceEmptied() {
        var queue = FIFO<String>()
        queue.append("a")
        queue.append("b")
        #expect(queue.popFirst() == "a" && !queue.isEmpty)
        queue.append("c")
        #expect(queue.popFirst() == "b" && queue.popFirst() == "c" && queue.popFirst() == nil && queue.isEmpty)
        let capacity = queue.capacity
        queue.append("d")
        #expect(capacity > 0 && queue.capacity == capacity, "emptied by popping, the storage is reused")
    }

    @Test func removeAllReturnsWhatIsLeft() {
        var queue = FIFO<Int>()
        for value in 1...3 { queue.append(value) }
        _ = queue.popFirst()
        #expect(queue.removeAll() == [2, 3] && queue.isEmpty && queue.popFirst() == nil)
    }
}
