import Dispatch
import Glibc
import HTTPClient
import SDUI
import Synchronization
import Testing
@testable import Trellis

/// Name resolution inside the fetch's deadline (SPEC §6.2): a silent resolver holds no caller
/// and no fetch past its timeout, lookups of one name are shared, answers are kept, and the
/// number of lookups at once is bounded.
@Suite struct NameResolverTests {
    /// A blocking lookup that answers only when `release` is signalled (or after 10 s, so a
    /// broken resolver fails the test instead of hanging it), counting its calls.
    final class SilentLookup: Sendable {
        let release = DispatchSemaphore(value: 0)
        let calls = Atomic<Int>(0)
        let answer = SocketAddress.lookup(host: "127.0.0.1", port: 80, flags: AI_NUMERICHOST)

        var lookup: NameResolver.Lookup {
            { [self] _, _ in
                calls.add(1, ordering: .relaxed)
                _ = release.wait(timeout: .now() + 10)
                return answer
            }
        }
    }

    /// The answers `resolve` gave so far, and a signal per answer.
    final class Answers: Sendable {
        let list = Mutex<[Result<SocketAddress, ClientError>]>([])
        let arrived = DispatchSemaphore(value: 0)

        var completion: NameResolver.Completion {
            { [self] result in
                list.withLock { $0.append(result) }
                arrived.signal()
            }
        }

        var count: Int { list.withLock { $0.count } }
        var all: [Result<SocketAddress, ClientError>] { list.withLock { $0 } }
    }

    @Test func anAddressLiteralNeedsNoLookup() throws {
        let silent = SilentLookup()
        let resolver = NameResolver(lookup: silent.lookup)
        let answers = Answers()
        resolver.resolve(host: "::1", port: 8080, completion: answers.completion)
        let address = try #require(try answers.all.first?.get())  // at once, on this thread
        #expect(address.family == AF_INET6 && silent.calls.load(ordering: .relaxed) == 0)
    }

    @Test func aSilentResolverHoldsNoCallerAndLateAnswersAreShared() throws {
        let silent = SilentLookup()
        let resolver = NameResolver(lookup: silent.lookup)
        let answers = Answers()
        resolver.resolve(host: "silent.test", port: 80, completion: answers.completion)
        resolver.resolve(host: "silent.test", port: 80, completion: answers.completion)
        #expect(answers.count == 0)  // neither call waited for the lookup
        silent.release.signal()
        #expect(answers.arrived.wait(timeout: .now() + 10) == .success)
        #expect(answers.arrived.wait(timeout: .now() + 10) == .success)
        #expect(answers.all.map { try? $0.get().bytes } == [silent.answer?.bytes, silent.answer?.bytes])
        #expect(silent.calls.load(ordering: .relaxed) == 1)  // the second fetch joined the first lookup
        resolver.resolve(host: "silent.test", port: 80, completion: answers.completion)
        #expect(answers.count == 3)  // kept: answered at once, without another lookup
        #expect(silent.calls.load(ordering: .relaxed) == 1)
    }

    @Test func lookupsAtOnceAreBoundedAndTheRestHaveNoValueAtOnce() {
        let silent = SilentLookup()
        let resolver = NameResolver(maxLookups: 1, lookup: silent.lookup)
        let answers = Answers()
        resolver.resolve(host: "a.test", port: 80, completion: answers.completion)
        resolver.resolve(host: "b.test", port: 80, completion: answers.completion)
        #expect(answers.count == 1)
        #expect(throws: ClientError.unresolvable) { try answers.all.first?.get() }
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
