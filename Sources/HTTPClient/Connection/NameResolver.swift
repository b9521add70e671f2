import Foundation
import Synchronization

/// Resolves host names without holding a request past its deadline (SPEC §6.2: a hanging
/// resolver can't hold a request past its `timeoutMs`).
///
/// `getaddrinfo` blocks with no timeout of its own, so an address literal resolves at once and
/// a name is looked up on a thread of its own — one lookup per name at a time, joined by every
/// fetch that needs it. `resolve` never blocks: the answer comes through a completion, and each
/// fetch stops waiting at its own deadline (its loop timer). An answer is kept for `ttl`; a
/// failed lookup is not kept. At most `maxLookups` names are looked up at once (so a silent
/// resolver can't pile up threads): a fetch for another name meanwhile has no value at once.
package final class NameResolver: Sendable {
    /// Looks a name up, blocking; nil: it does not resolve.
    package typealias Lookup = @Sendable (_ host: String, _ port: UInt16) -> SocketAddress?
    /// Receives the address, or `.unresolvable`.
    package typealias Completion = @Sendable (Result<SocketAddress, ClientError>) -> Void

    /// A name's state: resolved until an instant, or being looked up.
    private enum Entry {
        case resolved(SocketAddress, until: ContinuousClock.Instant)
        case pending(PendingLookup)
    }

    /// What a `resolve` call found under the lock.
    private enum Step {
        case known(SocketAddress)
        case joined(start: PendingLookup?)
        case busy
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let lookup: Lookup
    private let ttl: Duration
    private let maxLookups: Int

    /// A resolver keeping answers for `ttl`, with at most `maxLookups` lookups at once;
    /// `lookup` is the blocking look-up (tests inject a silent one).
    package init(ttl: Duration = .seconds(30), maxLookups: Int = 16,
         lookup: @escaping Lookup = { SocketAddress.lookup(host: $0, port: $1, flags: 0) }) {
        self.ttl = ttl
        self.maxLookups = maxLookups
        self.lookup = lookup
    }

    /// Calls `completion` once with the address of `host`:`port`: at once (on the caller's
    /// thread) for a literal, a kept answer, or `.unresolvable` when too many lookups are under
    /// way; otherwise from the lookup's thread when it ends (`.unresolvable`: the name does not
    /// resolve).
    package func resolve(host: String, port: UInt16, completion: @escaping Completion) {
        if let literal = SocketAddress.lookup(host: host, port: port, flags: AI_NUMERICHOST) {
            return completion(.success(literal))
        }
        let key = "\(host):\(port)"
        let now = ContinuousClock.now
        let step: Step = entries.withLock { entries in
            switch entries[key] {
            case .resolved(let address, let until)? where until > now:
                return .known(address)
            case .pending(let pending)?:
                pending.add(completion)
                return .joined(start: nil)
            default:
                let running = entries.values.count { if case .pending = $0 { true } else { false } }
                guard running < maxLookups else { return .busy }
                let pending = PendingLookup()
                pending.add(completion)
                entries[key] = .pending(pending)
                return .joined(start: pending)
            }
        }
        switch step {
        case .known(let address): completion(.success(address))
        case .busy: completion(.failure(.unresolvable))
        case .joined(let start): if let start { startLookup(key: key, host: host, port: port, pending: start) }
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

/// One lookup under way and the completions waiting for it.
private final class PendingLookup: Sendable {
    private let waiting = Mutex<[NameResolver.Completion]>([])

    /// Adds a completion to call when the lookup ends.
    func add(_ completion: @escaping NameResolver.Completion) {
        waiting.withLock { $0.append(completion) }
    }

    /// Calls every completion with the answer (nil: does not resolve).
    func finish(_ address: SocketAddress?) {
        let all = waiting.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
        for completion in all { completion(address.map { .success($0) } ?? .failure(.unresolvable)) }
    }
}
