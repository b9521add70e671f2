#if canImport(Glibc)
import Glibc
#endif

/// The answers one event loop may give again without parsing or handling a request, by the
/// exact bytes of the request's head (`RepeatableAnswer`): a client that asks for the same
/// cached page again with the same head — an app polling a screen, a load balancer's health
/// check, a benchmark — is answered from here.
///
/// Bounded: `slots` entries, direct-mapped by a seeded hash of a head of at most
/// `maxHeadBytes`; a newcomer replaces what held its slot. A head is remembered at its second
/// sighting in a row at its slot (the first only notes its hash), so heads that never come
/// again — every request with its own id or trace — cost no entry and no allocation. Exact: an
/// entry answers only a head equal to its own byte for byte, which the parser read as one
/// request with no body, and only while its answer says it stands; one that no longer does is
/// dropped at once, so what an entry holds (a cached page) outlives the cache's own copy only
/// until its head comes again or its slot is taken. Used from its loop's thread only.
final class HeadMemo {
    /// The longest head remembered.
    static let maxHeadBytes = 1024

    /// A remembered head: the request it parsed to and what answered it.
    final class Entry {
        let length: Int
        let hash: UInt64
        let request: HTTPRequest
        /// The request's own valid `X-Request-Id`, which every answer to it carries; nil: each
        /// answer takes a new id, as a parsed request would.
        let clientID: String?
        let keepAlive: Bool
        let response: HTTPResponse
        /// The response's head, with room for its `Date` and request id.
        let head: ResponseHead.Template
        let answer: any RepeatableAnswer

        /// The entry for a head of `length` bytes hashing to `hash`, read as `request`, answered
        /// with `response` by `answer`, on a server whose `Server` and (current) `Date` lines these are.
        init(length: Int, hash: UInt64, request: HTTPRequest, response: HTTPResponse, answer: any RepeatableAnswer,
             serverLine: [UInt8], dateLine: [UInt8]) {
            self.length = length
            self.hash = hash
            self.request = request
            clientID = RequestID.clientSupplied(request.headers)
            keepAlive = request.wantsKeepAlive
            self.response = response
            head = ResponseHead.Template(response, version: request.version, clientID: clientID, serverLine: serverLine, dateLine: dateLine)
            self.answer = answer
        }
    }

    /// A complete head at the start of a connection's input: its length and hash, and the entry
    /// remembered for exactly these bytes, if any.
    struct Sighting {
        let length: Int
        let hash: UInt64
        let entry: Entry?
    }

    private let mask: Int
    private var entries: [Entry?]
    /// Per slot, the hash of the last head seen there that had no entry.
    private var missed: [UInt64]
    /// Each slot's head bytes, `maxHeadBytes` apart, allocated once.
    private let stored: UnsafeMutablePointer<UInt8>
    private let seed = UInt64.random(in: .min ... .max)

    /// The most slots a memo has (a connection keeps the one it used last in 16 bits).
    static let maxSlots = 1 << 15

    /// A memo of `slots` entries (rounded up to a power of two, at most `maxSlots`).
    init(slots: Int) {
        let slots = min(slots, Self.maxSlots)
        let count = slots <= 1 ? 1 : 1 << (Int.bitWidth - (slots - 1).leadingZeroBitCount)
        mask = count - 1
        entries = Array(repeating: nil, count: count)
        missed = Array(repeating: 0, count: count)
        stored = .allocate(capacity: count * Self.maxHeadBytes)
    }

    deinit {
        stored.deallocate()
    }

    /// The head at the start of `input`, when it ends (CRLF CRLF) within `maxHeadBytes`.
    func sight(_ input: UnsafeRawBufferPointer) -> Sighting? {
        guard let length = Self.headLength(input) else { return nil }
        let head = UnsafeRawBufferPointer(rebasing: input[..<length])
        let hash = ByteHash.hash(head, seed: seed)
        let slot = Int(truncatingIfNeeded: hash) & mask
        guard let entry = entries[slot], entry.length == length,
              memcmp(stored + slot * Self.maxHeadBytes, head.baseAddress!, length) == 0
        else { return Sighting(length: length, hash: hash, entry: nil) }
        return Sighting(length: length, hash: hash, entry: entry)
    }

    /// `sight(input)`, looking first at the entry in `slot` (the one the connection used last):
    /// when `input` starts with its head, that is the head found — no hash, and no search for
    /// the head's end, which its bytes hold (their only blank line ends them).
    func sight(_ input: UnsafeRawBufferPointer, lookingFirstAt slot: Int) -> Sighting? {
        if let entry = entry(in: slot, startOf: input) {
            return Sighting(length: entry.length, hash: entry.hash, entry: entry)
        }
        return sight(input)
    }

    /// The entry in `slot` when `input` starts with its head (its bytes hold its blank line).
    func entry(in slot: Int, startOf input: UnsafeRawBufferPointer) -> Entry? {
        guard slot <= mask, let entry = entries[slot], input.count >= entry.length,
              memcmp(stored + slot * Self.maxHeadBytes, input.baseAddress!, entry.length) == 0
        else { return nil }
        return entry
    }

    /// The slot of `entry`'s head.
    func slot(of entry: Entry) -> Int {
        Int(truncatingIfNeeded: entry.hash) & mask
    }

    /// Whether a head seen without an answer that stands (`sight`) may be remembered now: its
    /// slot's last head without an entry had its hash, or its own entry no longer stands.
    /// Otherwise notes its hash as that slot's last.
    func admits(_ sighting: Sighting) -> Bool {
        let slot = Int(truncatingIfNeeded: sighting.hash) & mask
        if sighting.entry != nil || missed[slot] == sighting.hash { return true }
        missed[slot] = sighting.hash
        return false
    }

    /// Forgets `entry`, whose answer no longer stands (so that the page it holds is not kept
    /// for it), noting its head as its slot's last: handled now, it is remembered anew.
    func forget(_ entry: Entry) {
        let slot = slot(of: entry)
        guard entries[slot] === entry else { return }
        entries[slot] = nil
        missed[slot] = entry.hash
    }

    /// Remembers `entry` for `head` (its bytes, `entry.length` of them), in place of what held its slot.
    func remember(_ entry: Entry, head: UnsafeRawBufferPointer) {
        let slot = slot(of: entry)
        (stored + slot * Self.maxHeadBytes).update(from: head.baseAddress!.assumingMemoryBound(to: UInt8.self), count: entry.length)
        entries[slot] = entry
        missed[slot] = 0
    }

    /// The length of the head at the start of `input` through its blank line (CRLF CRLF), if it
    /// ends within `maxHeadBytes`: each LF found by `memchr`, then the three bytes before it.
    static func headLength(_ input: UnsafeRawBufferPointer) -> Int? {
        let limit = min(input.count, maxHeadBytes)
        guard limit >= 4, let base = input.baseAddress else { return nil }
        var from = 3
        while from < limit, let found = memchr(base + from, Int32(ByteClass.lf), limit - from) {
            let index = base.distance(to: UnsafeRawPointer(found))
            if input[index - 1] == ByteClass.cr, input[index - 2] == ByteClass.lf, input[index - 3] == ByteClass.cr {
                return index + 1
            }
            from = index + 1
        }
        return nil
    }
}
