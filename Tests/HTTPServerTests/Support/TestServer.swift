import Dispatch
import Foundation
import Synchronization
@testable import HTTPServer

/// The handler the end-to-end tests talk to.
///  - `/echo…`: 200 with `method path query body-size`
///  - `/async`: answers later from `DispatchQueue.global()`
///  - `/hold`: answers when the test calls `release()`
///  - `/big`: a 1 MiB body
///  - `/304`: 304 with no body
///  - `/twice`: answers `first`, then tries again at once and from another thread (signalling
///    `lateAnswerTried` after that last try)
/// The server's own errors to a request whose head was read whole carry `X-Head: <method>
/// <path> <id>`, and `X-Marked: v` when it had `X-Mark: v`.
final class TestHandler: HTTPHandler {
    let held = Mutex<[HTTPResponder]>([])
    let exchanges = Mutex<[HTTPExchange]>([])
    let lateAnswerTried = DispatchSemaphore(value: 0)

    func handle(_ request: HTTPRequest, responder: HTTPResponder) {
        switch request.path {
        case "/async":
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                responder.respond(HTTPResponse(status: 200, body: Array("async".utf8)))
            }
        case "/hold":
            held.withLock { $0.append(responder) }
        case "/big":
            responder.respond(HTTPResponse(status: 200, body: [UInt8](repeating: 65, count: 1 << 20)))
        case "/twice":
            responder.respond(HTTPResponse(status: 200, body: Array("first".utf8)))
            responder.respond(HTTPResponse(status: 500, body: Array("again".utf8)))
            DispatchQueue.global().async { [lateAnswerTried] in
                responder.respond(HTTPResponse(status: 500, body: Array("late".utf8)))
                lateAnswerTried.signal()
            }
        case "/304":
            responder.respond(HTTPResponse(status: 304, headers: HTTPHeaders([("ETag", "\"x\"")])))
        default:
            let text = "\(request.method) \(request.path) \(request.query ?? "-") \(request.body.count)"
            var response = HTTPResponse(
                status: 200, headers: HTTPHeaders([("Content-Type", "text/plain")]), body: Array(text.utf8))
            response.preformattedHeaders = Array("X-Pre: 1\r\n".utf8)
            responder.respond(response)
        }
    }

    func didRespond(_ exchange: HTTPExchange) {
        exchanges.withLock { $0.append(exchange) }
    }

    func response(for error: HTTPError, head: HTTPRequest?) -> HTTPResponse {
        var response = error.response
        if let head {
            response.headers.add("X-Head", "\(head.method) \(head.path) \(head.requestID)")
            if let mark = head.headers["X-Mark"] { response.headers.add("X-Marked", mark) }
        }
        return response
    }

    var heldCount: Int { held.withLock { $0.count } }

    func release() {
        let responders = held.withLock { list in
            defer { list.removeAll() }
            return list
        }
        for responder in responders { responder.respond(HTTPResponse(status: 200, body: Array("held".utf8))) }
    }
}

/// Starts a server on 127.0.0.1, port 0.
func makeServer(
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
) throws -> (HTTPServer, TestHandler) {
    var configuration = HTTPServer.Configuration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.eventLoops = 2
    configuration.lingerTimeout = .milliseconds(500)
    configure(&configuration)
    let handler = TestHandler()
    let server = HTTPServer(configuration: configuration, handler: handler)
    try server.start()
    return (server, handler)
}

/// Polls `condition` until it holds or `seconds` pass.
func eventually(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(2000)
    }
    return condition()
}
