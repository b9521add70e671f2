import Foundation
import HTTPServer
import Synchronization
import TestSupport

/// An actions backend in the test process (SPEC §11): a real `HTTPServer` on 127.0.0.1 (TLS
/// when given a certificate) that records every request it receives (method, target, header
/// fields, body) and answers through the test's `answer` closure. With `gated`, answers wait
/// until `openGate()`, so a test can hold calls in flight.
final class RecordingBackend: HTTPHandler, @unchecked Sendable {
    /// One request received.
    struct Call: Sendable {
        let method: String
        let target: String
        let headers: [(String, String)]
        let body: String

        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }

    private let calls = Mutex<[Call]>([])
    private let answer: @Sendable (Call) -> (status: Int, body: String)
    private let gate = Mutex<(open: Bool, waiting: [@Sendable () -> Void])>((true, []))
    private var server: HTTPServer!

    /// Starts at once; `tls` serves HTTPS with that certificate and key.
    init(tls: TestCertificateAuthority.Pair? = nil, gated: Bool = false,
         answer: @escaping @Sendable (Call) -> (status: Int, body: String) = { _ in (200, #"{"ok":true}"#) }) throws {
        self.answer = answer
        gate.withLock { $0.open = !gated }
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.eventLoops = 1
        configuration.tls = tls.map { TLSConfiguration(certificatePath: $0.certificate, privateKeyPath: $0.key) }
        server = HTTPServer(configuration: configuration, handler: self)
        try server.start()
    }

    /// `http(s)://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "\(server.configuration.tls == nil ? "http" : "https")://127.0.0.1:\(server.boundPort)\(path)" }

    /// Every request received so far, in order.
    var received: [Call] { calls.withLock { $0 } }

    /// Lets every held answer, and those to come, go.
    func openGate() {
        let held = gate.withLock { gate in
            gate.open = true
            defer { gate.waiting = [] }
            return gate.waiting
        }
        for answer in held { answer() }
    }

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        let call = Call(method: request.method, target: request.target, headers: request.headers.map { ($0.name, $0.value) },
                        body: String(decoding: request.body, as: UTF8.self))
        calls.withLock { $0.append(call) }
        let send: @Sendable () -> Void = { [answer] in
            let (status, body) = answer(call)
            var response = HTTPResponse(status: status, body: Array(body.utf8))
            if !body.isEmpty { response.headers.add("Content-Type", "application/json") }
            responder.respond(response)
        }
        let now = gate.withLock { gate in
            if !gate.open { gate.waiting.append(send) }
            return gate.open
        }
        if now { send() }
    }

    /// Waits (at most 10 s) until `count` requests have arrived; whether they did.
    func awaitCalls(_ count: Int) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while received.count < count {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }

    deinit { server.stop() }
}
