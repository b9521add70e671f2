import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A server inside the URL loading system, for testing the client without sockets: a
/// `URLProtocol` that answers each request from the session's stub with a canned answer per
/// method and path, and records what it was sent (method, path and query, headers, body).
final class StubServer: @unchecked Sendable {
    struct Answer {
        var status = 200
        var headers: [String: String] = [:]
        var body = ""
    }

    struct Received {
        let method: String
        let target: String
        let headers: [String: String]
        let body: Data
    }

    private let lock = NSLock()
    private var answers: [String: Answer] = [:]
    private var received: [Received] = []
    private let name = UUID().uuidString.lowercased()
    /// A session whose requests this stub answers.
    let session: URLSession
    /// The stub's own address: `https://<a unique name>.stub`.
    var baseURL: URL { URL(string: "https://\(name).stub")! }

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        session = URLSession(configuration: configuration)
        StubProtocol.register(self, as: name)
    }

    /// Answers `method target` (`GET /home`, `POST /_actions/add-to-cart`) with `answer`.
    func answer(_ request: String, _ answer: Answer) { lock.withLock { answers[request] = answer } }

    /// What it was sent, in order.
    var requests: [Received] { lock.withLock { received } }

    fileprivate func respond(to request: URLRequest, body: Data) -> Answer {
        let url = request.url!
        let target = url.path + (url.query.map { "?" + $0 } ?? "")
        let method = request.httpMethod ?? "GET"
        return lock.withLock {
            received.append(Received(method: method, target: target, headers: request.allHTTPHeaderFields ?? [:], body: body))
            return answers[method + " " + target] ?? Answer(status: 404, body: #"{"error":{"status":404,"code":"not_found","message":"no stub"}}"#)
        }
    }
}

/// The protocol behind `StubServer`: finds its stub by the host of the request.
final class StubProtocol: URLProtocol, @unchecked Sendable {
    nonisolated(unsafe) private static var stubs: [String: StubServer] = [:]
    private static let lock = NSLock()

    static func register(_ stub: StubServer, as name: String) { lock.withLock { stubs[name] = stub } }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let name = String(request.url?.host?.dropLast(".stub".count) ?? "")
        guard let stub = Self.lock.withLock({ Self.stubs[name] }) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        let answer = stub.respond(to: request, body: Self.body(of: request))
        let response = HTTPURLResponse(url: request.url!, statusCode: answer.status, httpVersion: "HTTP/1.1",
                                       headerFields: answer.headers)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(answer.body.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}

    /// The request's body, whether the loading system kept it as data or turned it into a stream.
    private static func body(of request: URLRequest) -> Data {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return Data() }
        stream.open()
        defer { stream.close() }
        var data = Data(), buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 { data.append(buffer, count: count) }
        return data
    }
}
