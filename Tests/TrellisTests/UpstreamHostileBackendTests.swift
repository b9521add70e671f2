import Dispatch
import HTTPClient
import SDUI
import Synchronization
import Testing
@testable import Trellis

/// A backend that breaks keep-alive's one-request-one-response order (SPEC §14): pooled
/// connections are shared by every user of a host and port, so an answer left on one would
/// be the next user's. Each final response names the user it is for (`HostileAnswer`).
@Suite final class UpstreamHostileBackendTests: Sendable {
    let fake = FakeUpstream()
    let registry = MetricsRegistry()
    let client: UpstreamClient

    init() {
        client = UpstreamClient(registry: registry)
    }

    deinit { fake.stop() }

    /// A request for `path` on behalf of `user` (forwarded `Authorization`, cached per user).
    func request(_ path: String, for user: String, timeout: Duration = .seconds(5)) -> UpstreamRequest {
        var request = fake.request(path, source: "hostile", timeout: timeout)
        request.headers = [ClientHeader("Authorization", user)]
        request.cacheKey += " " + user
        return request
    }

    /// The user the value was for.
    func user(_ value: JSONValue?) -> String? { value?["user"]?.stringValue }

    @Test func anInterimResponseInItsOwnSegmentIsSkippedToTheFinalOne() {
        fake.script("/hints", .steps(HostileAnswer.hintsFirst(oneSegment: false)))
        let answer = Mutex<JSONValue?>(nil)
        let done = DispatchSemaphore(value: 0)
        client.fetch(request("/hints", for: "alice")) { value in
            answer.withLock { $0 = value?.json }
            done.signal()
        }
        // The 103 is on the wire alone; only then does the 200 follow.
        #expect(fake.awaitSends(1))
        fake.openGate()
        done.wait()
        #expect(user(answer.withLock { $0 }) == "alice")
        #expect(user(client.value(request("/hints", for: "bob"))) == "bob")
        #expect(fake.connections == 1)  // the exchange ended at its final response: reused
    }

    @Test func interimResponsesInOneSegmentWithTheFinalOneAreSkipped() {
        fake.script("/hints", .steps(HostileAnswer.hintsFirst(oneSegment: true)))
        #expect(user(client.value(request("/hints", for: "alice"))) == "alice")
        #expect(user(client.value(request("/hints", for: "bob"))) == "bob")
        #expect(fake.connections == 1)
    }

    @Test func switchingProtocolsIsNoValue() {
        fake.script("/upgrade", .steps { head, _ in
            [.send("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n" + HostileAnswer.ok(for: HostileAnswer.user(in: head)))]
        })
        #expect(client.value(request("/upgrade", for: "alice")) == nil)
        #expect(registry.render().contains(#"trellis_upstream_failures_total{source="hostile"} 1"#))
    }

    @Test(arguments: [true, false]) func anExtraResponseNeverAnswersTheNextRequest(oneSegment: Bool) {
        fake.script("/extra", .steps(HostileAnswer.extraResponse(on: 1, for: "mallory", oneSegment: oneSegment)))
        #expect(user(client.value(request("/extra", for: "alice"))) == "alice")
        fake.openGate()
        #expect(fake.awaitSends(oneSegment ? 1 : 2))  // the unsolicited answer is on the wire before the next request
        #expect(user(client.value(request("/extra", for: "bob"))) == "bob")
        #expect(fake.connections == 2)  // the connection with bytes left to read was closed
    }

    @Test func aBareLFResponseFailsAtOnceAndItsConnectionIsClosed() {
        fake.script("/lf", .steps { head, number in
            number == 1 ? [.send(HostileAnswer.bareLF(for: HostileAnswer.user(in: head)))] : [.send(HostileAnswer.ok(for: HostileAnswer.user(in: head)))]
        })
        #expect(client.value(request("/lf", for: "alice", timeout: .seconds(3))) == nil)
        let metrics = registry.render()
        #expect(metrics.contains(#"trellis_upstream_failures_total{source="hostile"} 1"#))
        #expect(!metrics.contains(#"trellis_upstream_timeouts_total{source="hostile"} 1"#))  // failed, not timed out
        #expect(user(client.value(request("/lf", for: "bob"))) == "bob")
        #expect(fake.connections == 2)
    }

    @Test func aCloseMidResponseIsNoValueAndNotRetriedOrReused() {
        fake.script("/cut", .steps { head, number in
            let answer = HostileAnswer.ok(for: HostileAnswer.user(in: head))
            switch number {
            case 1: return [.send(String(answer.dropLast(4))), .close]
            case 2: return [.send(HostileAnswer.earlyHints), .close]
            default: return [.send(answer)]
            }
        })
        #expect(client.value(request("/cut", for: "alice")) == nil)
        #expect(client.value(request("/cut", for: "alice")) == nil)
        #expect(fake.requests("/cut") == 2)  // a response had begun: no retry
        #expect(user(client.value(request("/cut", for: "bob"))) == "bob")
        #expect(fake.connections == 3)
    }

    /// Users alternate requests on one host and port at once, while the backend sometimes
    /// sends interim responses (alone or with the final one) and once an extra response:
    /// each user only ever sees their own data, and every request gets a value. The answer with
    /// the extra response right behind it is no answer on a reused connection (which of the two
    /// was asked for can't be told there): that request goes again on a fresh one.
    @Test func concurrentUsersOnOneHostOnlyEverSeeTheirOwnData() {
        fake.script("/me", .steps { head, number in
            let answer = HostileAnswer.ok(for: HostileAnswer.user(in: head))
            switch number % 4 {
            case 1: return [.send(HostileAnswer.earlyHints), .send(answer)]
            case 2: return [.send(HostileAnswer.earlyHints + answer)]
            default: return number == 7 ? [.send(answer + HostileAnswer.ok(for: "mallory"))] : [.send(answer)]
            }
        })
        let users = ["alice", "bob", "carol", "dave"]
        let seen = Mutex<[String: [String?]]>([:])
        DispatchQueue.concurrentPerform(iterations: users.count) { index in
            let user = users[index]
            for _ in 0..<25 {
                let value = self.user(client.value(request("/me", for: user)))
                seen.withLock { $0[user, default: []].append(value) }
            }
        }
        let answers = seen.withLock { $0 }
        for user in users {
            #expect(answers[user] == Array(repeating: user, count: 25), "\(user) saw \(answers[user] ?? [])")
        }
        #expect((100...101).contains(fake.requests("/me")))
    }
}
