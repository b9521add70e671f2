import Dispatch
import Glibc
import SDUI
import Synchronization
import Testing
@testable import Trellis

/// Name resolution inside the fetch's deadline (SPEC §6.2): a silent resolver holds no fetch
/// past its timeout, lookups of one name are shared, answers are kept, and the number of
/// lookups at once is bounded.
@Suite struct NameResolverTests {
    /// A blocking lookup that answers only when `release` is signalled (or after 10 s, so a
    /// broken resolver fails the test instead of hanging it), counting its calls.
    final class SilentLookup: Sendable {
        let release = DispatchSemaphore(value: 0)
        let calls = Atomic<Int>(0)
        let answer = UpstreamAddress.lookup(host: "127.0.0.1", port: 80, flags: AI_NUMERICHOST)

        var lookup: NameResolver.Lookup {
            { [self] _, _ in
                calls.add(1, ordering: .relaxed)
                _ = release.wait(timeout: .now() + 10)
                return answer
            }
        }
    }

    @Test func anAddressLiteralNeedsNoLookup() throws {
        let silent = SilentLookup()
        let resolver = NameResolver(lookup: silent.lookup)
        let address = try resolver.resolve(host: "::1", port: 8080, deadline: UpstreamDeadline(after: .milliseconds(10)))
        #expect(address.family == AF_INET6 && silent.calls.load(ordering: .relaxed) == 0)
    }

    @Test func aSilentResolverEndsAtTheDeadlineAndLateAnswersAreKept() throws {
        let silent = SilentLookup()
        let resolver = NameResolver(lookup: silent.lookup)
        let started = ContinuousClock.now
        #expect(throws: UpstreamError.timeout) {
            try resolver.resolve(host: "silent.test", port: 80, deadline: UpstreamDeadline(after: .milliseconds(100)))
        }
        #expect(throws: UpstreamError.timeout) {
            try resolver.resolve(host: "silent.test", port: 80, deadline: UpstreamDeadline(after: .milliseconds(50)))
        }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(silent.calls.load(ordering: .relaxed) == 1)  // the second fetch joined the first lookup
        silent.release.signal()
        let address = try resolver.resolve(host: "silent.test", port: 80, deadline: UpstreamDeadline(after: .seconds(5)))
        #expect(address.bytes == silent.answer?.bytes)
        _ = try resolver.resolve(host: "silent.test", port: 80, deadline: UpstreamDeadline(after: .milliseconds(1)))
        #expect(silent.calls.load(ordering: .relaxed) == 1)
    }

    @Test func lookupsAtOnceAreBoundedAndTheRestHaveNoValueAtOnce() {
        let silent = SilentLookup()
        let resolver = NameResolver(maxLookups: 1, lookup: silent.lookup)
        #expect(throws: UpstreamError.timeout) {
            try resolver.resolve(host: "a.test", port: 80, deadline: UpstreamDeadline(after: .milliseconds(20)))
        }
        #expect(throws: UpstreamError.unresolvable) {
            try resolver.resolve(host: "b.test", port: 80, deadline: UpstreamDeadline(after: .seconds(30)))
        }
        silent.release.signal()
    }

    @Test func aFetchFromASilentlyResolvingHostIsNoValueWithinItsTimeout() {
        let silent = SilentLookup()
        let client = UpstreamClient(registry: MetricsRegistry(), resolver: NameResolver(lookup: silent.lookup))
        let done = DispatchSemaphore(value: 0)
        let answered = Mutex<(Bool, JSONValue?)>((false, nil))
        let started = ContinuousClock.now
        client.fetch(UpstreamRequest(source: "s", url: "http://silent.test:9100/x", timeout: .milliseconds(80), ttl: .zero)) {
            let fetched = $0?.json
            answered.withLock { $0 = (true, fetched) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(ContinuousClock.now - started < .seconds(5))
        let (called, fetched) = answered.withLock { $0 }
        #expect(called && fetched == nil)
        silent.release.signal()
    }
}
