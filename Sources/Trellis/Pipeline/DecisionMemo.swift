import Foundation
import HTTPServer

/// The cache keys of recent page requests on one event loop, by the bytes that decided them: a
/// client that sends the same request again — the same method, target and header fields, but
/// for the few that never take part in a decision (`ignoredFields`) — finds its key without
/// the SPEC §4.1 decisions being taken anew, which are a function of exactly those bytes and
/// the Pages version — and, for a page whose `"auto"` sections were inline, the freshness of the
/// upstream values that kept them so (SPEC §10.1), checked again on every use.
/// `PagePipeline.serve` keeps no personal plan, nor one deferred for want of a fresh value.
///
/// Bounded: `slots` entries, direct-mapped by a seeded hash of a request's bytes, each of at
/// most `maxRequestBytes`; a newcomer replaces whatever held its slot. A request is remembered
/// at its second sighting in a row at its slot (the first only notes its hash), as `HeadMemo`
/// does: requests that never come again — every device its own, every id unique — write no
/// slot, so the memory of slots no request repeats is never touched. Exact: an entry answers
/// only a request whose bytes equal its own, byte for byte, in its own Pages generation.
/// Owned by one event loop and used from its thread only, so it takes no lock.
final class DecisionMemo: @unchecked Sendable {
    /// Entries kept.
    static let slots = 256
    /// The longest request (method, target, kept fields) remembered; longer ones are decided each time.
    static let maxRequestBytes = 1024

    private struct Entry {
        /// How many bytes of its slot in `stored` are the request's.
        let length: Int
        let key: CacheKey
        /// The coding the request's `Accept-Encoding` asks for (its bytes are among the request's).
        let coding: ContentCoding
        /// Freshness tokens (`UpstreamFetching`) that must all still be fresh for `key` to stand.
        let freshness: [String]
    }

    private var entries = [Entry?](repeating: nil, count: slots)
    /// Per slot, the hash of the last request decided there that was not remembered (0: none).
    private var noted = [UInt64](repeating: 0, count: slots)
    /// Each slot's request bytes, `maxRequestBytes` apart, allocated once: remembering a request
    /// copies into its slot and allocates nothing, so requests that never come again (every
    /// device its own) cost no allocation either.
    private let stored = UnsafeMutablePointer<UInt8>.allocate(capacity: slots * maxRequestBytes)
    /// The bytes of the request last looked up (`count` of them), and its slot (nil: not one to
    /// remember).
    private let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: maxRequestBytes)
    private var count = 0
    private var slot: Int?
    /// The hash of the request last looked up.
    private var hash: UInt64 = 0
    /// Requests that found their key here, and requests stored (tests see the memo at work).
    private(set) var found = 0, remembered = 0
    /// The slot of the entry the last `key(for:)` found (nil: it found none).
    private var foundSlot: Int?

    deinit {
        scratch.deallocate()
        stored.deallocate()
    }

    /// The key remembered for `request` in Pages generation `generation` whose freshness tokens
    /// `upstream` still holds fresh, with the coding its `Accept-Encoding` asks for; or nil.
    /// Leaves the request's bytes behind for `remember`, which the same request may call next.
    func key(for request: HTTPRequest, generation: Int, upstream: (any UpstreamFetching)?) -> (key: CacheKey, coding: ContentCoding)? {
        slot = nil
        foundSlot = nil
        guard write(request) else { return nil }
        let written = UnsafeBufferPointer(start: scratch, count: count)
        hash = ByteHash.hash(UnsafeRawBufferPointer(written), seed: Self.seed)
        let slot = Int(hash % UInt64(Self.slots))
        self.slot = slot
        guard let entry = entries[slot], entry.key.generation == generation,
              entry.length == count, memcmp(stored + slot * Self.maxRequestBytes, scratch, count) == 0,
              entry.freshness.isEmpty || entry.freshness.allSatisfy({ upstream?.isFresh($0) == true })
        else { return nil }
        found += 1
        foundSlot = slot
        return (entry.key, entry.coding)
    }

    /// What the last `key(for:)` found: the key, and the freshness tokens it stands on; nil
    /// when it found none.
    var lastFound: (key: CacheKey, freshness: [String])? {
        foundSlot.flatMap { entries[$0] }.map { ($0.key, $0.freshness) }
    }

    /// Remembers `key` and `coding`, standing on `freshness`, for the request `key(for:)` was
    /// last asked about and found nothing for, if its slot noted it last time (its second
    /// sighting: only then is `key` made, the cache's own object, `ResponseCache.storedKey`);
    /// otherwise notes it.
    func remember(_ key: @autoclosure () -> CacheKey, coding: ContentCoding, freshness: [String]) {
        guard let slot else { return }
        self.slot = nil
        guard noted[slot] == hash else {
            noted[slot] = hash
            return
        }
        (stored + slot * Self.maxRequestBytes).update(from: scratch, count: count)
        entries[slot] = Entry(length: count, key: key(), coding: coding, freshness: freshness)
        noted[slot] = 0
        remembered += 1
    }

    /// Fields that vary from request to request and decide nothing: ids, trace context, and the
    /// validator a client revalidates with (read for the answer, `AnswerTerms`, not the plan).
    /// `isIgnored` spells them out by length.
    static let ignoredFields = ["x-request-id", "traceparent", "tracestate", "if-none-match"]

    /// Writes what decides `request` into `scratch`: `method SP path [? query] LF`, then each
    /// kept field as `name:value LF`, in order (a name is a token and a value has no CR or LF,
    /// so different requests never write the same bytes). False when they pass `maxRequestBytes`.
    private func write(_ request: HTTPRequest) -> Bool {
        count = 0
        var method = request.method, path = request.path
        let line = method.withUTF8 { method in
            path.withUTF8 { path in reserve(method.count + path.count + 1) && put(method, Self.space, path) }
        }
        guard line else { return false }
        if var query = request.query {
            guard query.withUTF8({ query in reserve(query.count + 1) && put(Self.question, query) }) else { return false }
        }
        guard reserve(1) else { return false }
        put(Self.lineFeed)
        var fits = true
        request.headers.forEachField { name, value in
            guard fits, !Self.isIgnored(name) else { return }
            fits = reserve(name.count + value.count + 2) && put(name, Self.colon, value) && put(Self.lineFeed)
        }
        return fits
    }

    private static let space = UInt8(ascii: " "), question = UInt8(ascii: "?"), colon = UInt8(ascii: ":"), lineFeed = UInt8(ascii: "\n")

    /// Whether `extra` more bytes fit in `scratch`.
    private func reserve(_ extra: Int) -> Bool {
        count + extra <= Self.maxRequestBytes
    }

    /// Puts `byte` in `scratch`, which has room for it (`reserve`); true, to chain.
    @discardableResult
    private func put(_ byte: UInt8) -> Bool {
        scratch[count] = byte
        count += 1
        return true
    }

    /// Puts `bytes` in `scratch`, which has room for them (`reserve`).
    private func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        (scratch + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Puts `first`, then `separator`, then `second` in `scratch`, which has room for them; true, to chain.
    private func put(_ first: UnsafeBufferPointer<UInt8>, _ separator: UInt8, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        put(first)
        put(separator)
        put(second)
        return true
    }

    /// Puts `separator`, then `bytes` in `scratch`, which has room for them; true, to chain.
    private func put(_ separator: UInt8, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        put(separator)
        put(bytes)
        return true
    }

    /// Whether `name` is one of `ignoredFields`, in any case: a length picks the one to compare.
    private static func isIgnored(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let ignored: StaticString
        switch name.count {
        case 10: ignored = "tracestate"
        case 11: ignored = "traceparent"
        case 12: ignored = "x-request-id"
        case 13: ignored = "if-none-match"
        default: return false
        }
        return ByteClass.equalsLowercase(name, ignored)
    }

    /// This process's seed for `ByteHash`, so that which requests share a slot can't be known from outside.
    private static let seed = UInt64.random(in: .min ... .max)
}
