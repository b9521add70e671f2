import Foundation
import Synchronization

/// Resolves upstream host names within each fetch's deadline (SPEC §6.2: a hanging resolver
/// can't hold a request past its `timeoutMs`).
///
/// `getaddrinfo` blocks with no timeout of its own, so an address literal resolves at once and
/// a name is looked up on a thread of its own — one lookup per name at a time, joined by every
/// fetch that needs it — while each fetch waits only until its own deadline. An answer is kept
/// for `ttl`; a failed lookup is not kept. At most `maxLookups` names are looked up at once
/// (so a silent resolver can't pile up threads): a fetch for another name meanwhile has no
/// value at once.
package final class NameResolver: Sendable {
    /// Looks a name up, blocking; nil: it does not resolve.
    package typealias Lookup = @Sendable (_ host: String, _ port: UInt16) -> UpstreamAddress?

    /// A name's state: resolved until an instant, or being looked up.
    private enum Entry {
        case resolved(UpstreamAddress, until: ContinuousClock.Instant)
        case pending(PendingLookup)
    }

    /// What a `resolve` call found under the lock.
    private enum Step {
        case known(UpstreamAddress)
        case wait(PendingLookup, start: Bool)
        case busy
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let lookup: Lookup
    private let ttl: Duration
    private let maxLookups: Int

    /// A resolver keeping answers for `ttl`, with at most `maxLookups` lookups at once;
    /// `lookup` is the blocking look-up (tests inject a silent one).
    package init(ttl: Duration = .seconds(30), maxLookups: Int = 16,
         lookup: @escaping Lookup = { UpstreamAddress.lookup(host: $0, port: $1, flags: 0) }) {
        self.ttl = ttl
        self.maxLookups = maxLookups
        self.lookup = lookup
    }

    /// The address of `host`:`port`; `.timeout` when the deadline passes first, `.unresolvable`
    /// when the name does not resolve or too many lookups are under way.
    func resolve(host: String, port: UInt16, deadline: UpstreamDeadline) throws(UpstreamError) -> UpstreamAddress {
        if let literal = UpstreamAddress.lookup(host: host, port: port, flags: AI_NUMERICHOST) { return literal }
        let key = "\(host):\(port)"
        let now = ContinuousClock.now
        let step: Step = entries.withLock { entries in
            switch entries[key] {
            case .resolved(let address, let until)? where until > now:
                return .known(address)
            case .pending(let pending)?:
                return .wait(pending, start: false)
            default:
                let running = entries.values.count { if case .pending = $0 { true } else { false } }
                guard running < maxLookups else { return .busy }
                let pending = PendingLookup()
                entries[key] = .pending(pending)
                return .wait(pending, start: true)
            }
        }
        switch step {
        case .known(let address):
            return address
        case .busy:
            throw .unresolvable
        case .wait(let pending, let start):
            if start { startLookup(key: key, host: host, port: port, pending: pending) }
            switch pending.wait(until: deadline.instant) {
            case .some(.some(let address)): return address
            case .some(.none): throw .unresolvable
            case .none: throw .timeout
            }
        }
    }

    /// Runs the blocking lookup on a thread of its own; records and announces its answer.
    private func startLookup(key: String, host: String, port: UInt16, pending: PendingLookup) {
        Thread.detachNewThread { [self] in
            let address = lookup(host, port)
            entries.withLock { entries in
                if let address {
                    entries[key] = .resolved(address, until: .now + ttl)
                } else {
                    entries[key] = nil
                }
            }
            pending.finish(address)
        }
    }
}

/// One lookup under way: fetches wait on it, each until its own deadline.
private final class PendingLookup: Sendable {
    /// nil while running; then the answer (itself nil: does not resolve).
    private let answer = Mutex<UpstreamAddress??>(nil)
    private let condition = NSCondition()

    /// Records the answer and wakes every waiter.
    func finish(_ address: UpstreamAddress?) {
        condition.lock()
        answer.withLock { $0 = .some(address) }
        condition.broadcast()
        condition.unlock()
    }

    /// The answer, or nil when `deadline` passes first.
    func wait(until deadline: ContinuousClock.Instant) -> UpstreamAddress?? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let answer = answer.withLock({ $0 }) { return answer }
            let left = deadline - .now
            guard left > .zero else { return nil }
            let (seconds, attoseconds) = left.components
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
        }
    }
}
