import Dispatch
import HTTPServer
import Synchronization
import Testing
@testable import Trellis

/// Where upstream calls run: on the event loop the caller names (a page request's), else on
/// the client's own loop — never on a thread of their own.
@Suite final class UpstreamEventLoopTests: Sendable {
    let fake = FakeUpstream()

    deinit { fake.stop() }

    /// Fetches `request` on `loop`; the value, and whether the completion ran on that loop.
    func fetch(_ client: UpstreamClient, _ request: UpstreamRequest, on loop: EventLoop?) -> (Int?, onLoop: Bool?) {
        let answer = Mutex<(Int?, Bool?)>((nil, nil))
        let done = DispatchSemaphore(value: 0)
        client.fetch(request, on: loop) { value in
            answer.withLock { $0 = (value?.json.intValue, loop?.inLoop) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        return answer.withLock { $0 }
    }

    @Test func aCallRunsOnTheLoopItIsGivenFromAnyThread() throws {
        fake.script("/n", .json("7"))
        fake.script("/m", .json("8"))
        let thread = try EventLoopThread(name: "page-loop")
        let client = UpstreamClient(registry: MetricsRegistry())
        let (value, onLoop) = fetch(client, fake.request("/n"), on: thread.loop)
        #expect(value == 7 && onLoop == true)
        #expect(fetch(client, fake.request("/m"), on: nil).0 == 8)  // no loop named: the client's own
    }

    @Test func theTimeoutIsALoopTimerOnThatLoop() throws {
        fake.script("/hang", .hang)
        let thread = try EventLoopThread(name: "page-loop")
        let started = ContinuousClock.now
        let (value, onLoop) = fetch(UpstreamClient(registry: MetricsRegistry()), fake.request("/hang", timeout: .milliseconds(50)), on: thread.loop)
        #expect(value == nil && onLoop == true)
        #expect(ContinuousClock.now - started >= .milliseconds(50))
    }
}
