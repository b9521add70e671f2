import HTTPClient
import HTTPServer
import SDUI
import Synchronization

/// Actions' backend calls (SPEC §11): each made once, never retried. Concurrent requests with
/// the same action, `Idempotency-Key`, forwarded credentials and input join the call under
/// way and get its answer; a request without a key never joins.
final class ActionCalls: Sendable {
    /// What the backend answered.
    enum Answer: Sendable {
        /// A response, whatever its status.
        case response(status: Int, body: [UInt8])
        /// No response by the action's `timeoutMs`.
        case timedOut
        /// No connection, a broken or malformed response.
        case failed
    }

    private let upstream: UpstreamClient
    /// The calls under way by join key, with the completions of the requests that joined.
    private let inFlight = Mutex<[String: [@Sendable (Answer) -> Void]]>([:])
    private let joins = Atomic<Int>(0)

    /// How many requests joined a call under way instead of making their own.
    var joined: Int { joins.load(ordering: .relaxed) }

    init(upstream: UpstreamClient) {
        self.upstream = upstream
    }

    /// Calls `check`'s backend for a request with `headers`, `requestID` and `trace`, on
    /// `loop` (nil: the upstream client's own); `completion` runs once.
    func call(_ check: ActionCheck, headers: HTTPHeaders, requestID: String, trace: TraceContext, on loop: EventLoop?,
              completion: @escaping @Sendable (Answer) -> Void) {
        let upstream = check.action.upstream
        let forwarded = upstream.forwardHeaders.compactMap { name in
            ForwardedHeaders.value(name, of: headers).map { ClientHeader(name, bytes: $0) }
        }
        let body = JSONWriter.encode(.object(check.input))
        let joinKey = check.idempotencyKey.map { key in
            [check.action.name, key, ForwardedHeaders.identity(forwarded), SHA256.hex(SHA256.digest(body))].joined(separator: "\n")
        }
        if let joinKey {
            let leads = inFlight.withLock { calls in
                if calls[joinKey] != nil {
                    calls[joinKey]!.append(completion)
                    joins.add(1, ordering: .relaxed)
                    return false
                }
                calls[joinKey] = [completion]
                return true
            }
            guard leads else { return }
        }
        var fields = [ClientHeader("Content-Type", "application/json"), ClientHeader("Accept", "application/json")] + forwarded
        fields += [ClientHeader("X-Request-Id", requestID), ClientHeader("traceparent", trace.childTraceparent())]
        if let key = check.idempotencyKey { fields.append(ClientHeader("Idempotency-Key", key)) }
        let finish: @Sendable (Answer) -> Void = { [self] answer in
            guard let joinKey else { return completion(answer) }
            let waiters = inFlight.withLock { $0.removeValue(forKey: joinKey) ?? [] }
            for waiter in waiters { waiter(answer) }
        }
        let request: ClientRequest
        do {
            request = try ClientRequest(ClientRequest.Method(rawValue: upstream.method) ?? .post, url: upstream.url(input: check.input),
                                        headers: fields, body: body)
        } catch {
            return finish(.failed)
        }
        self.upstream.send(request, timeout: .milliseconds(upstream.timeoutMs), on: loop) { result in
            switch result {
            case .success(let response): finish(.response(status: response.status, body: response.body))
            case .failure(.timeout): finish(.timedOut)
            case .failure: finish(.failed)
            }
        }
    }
}
