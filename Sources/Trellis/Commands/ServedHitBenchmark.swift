import Foundation
import Glibc
import HTTPServer
import SDUI

/// `trellis bench --served-hits N`: the whole server path of a cached page, in one process,
/// so that `valgrind --tool=callgrind` can count its instructions (valgrind can't run `serve`,
/// whose Dispatch signal sources it crashes on). One event loop serves a loopback socket; a
/// client on the calling thread sends N identical requests, 16 pipelined at a time, and reads
/// every answer: GETs of `/home` or another target (a section: `/home?_section=deals`; a page
/// of a list: `…&_after=4`), or POSTs of a JSON body (an action: `/_actions/add-to-cart`),
/// always with gzip and a mobile client's headers. Parsing, deciding, the cache look-up, an
/// action's checks and backend calls, writing, the access log (to /dev/null) and the metrics
/// all run as in `serve`. With a `ServedBackend`, the sample carts backend answers on its own
/// event loop thread in this process, so that an action's backend is instant and its thread
/// can be left out of the count. `bench/hit_cost.sh` runs it twice under callgrind and divides
/// the difference by the extra requests.
public enum ServedHitBenchmark {
    /// What the client sends, and the status every answer must have.
    public struct Exchange: Sendable {
        /// The request target.
        public var target = "/home"
        /// A JSON body: the request is then a POST with `Content-Type: application/json`.
        public var body: [UInt8]?
        /// Header fields sent after the mobile client's own (e.g. `Authorization`).
        public var headers: [(String, String)] = []
        /// The status every answer must have (400 for an action's bad input).
        public var status = 200
        /// The heads the event loop answers again without handling them (`HeadMemo`; 0: every
        /// request is parsed and handled, as one that never repeats its head is).
        public var repeatedHeads = HTTPServer.Configuration().repeatedHeads

        public init(target: String = "/home") {
            self.target = target
        }
    }

    /// The request sent for `exchange`: what a signed-out mobile client sends for a page, or
    /// posts for an action.
    static func request(_ exchange: Exchange) -> [UInt8] {
        var head = "\(exchange.body == nil ? "GET" : "POST") \(exchange.target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Accept-Encoding: gzip\r\nX-Client-Version: ios/5.2.0\r\nX-Device-Id: device-1\r\nAccept-Language: en\r\n"
        for (name, value) in exchange.headers { head += "\(name): \(value)\r\n" }
        if let body = exchange.body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + (exchange.body ?? [])
    }
    /// Requests sent before the client waits for their answers.
    static let depth = 16

    /// Sends `requests` + 1 of `exchange` (the first one warms the cache up) to a server of the
    /// Pages at `pages`, with `backend` answering in process when given; returns what to print,
    /// or a failure message.
    public static func run(pages: String, requests: Int, exchange: Exchange = Exchange(),
                           backend: ServedBackend? = nil) -> Result<String, ServedHitFailure> {
        guard case .success(let site) = PagesLoader.load(PagesFolder(path: pages)) else {
            return .failure(ServedHitFailure(message: "\(pages): not a valid Pages folder"))
        }
        let backendServer: HTTPServer?
        switch backend.map({ $0.start(pages: pages) }) {
        case nil: backendServer = nil
        case .success(let started)?: backendServer = started
        case .failure(let failure)?: return .failure(failure)
        }
        defer { backendServer?.stop() }
        var options = ServeOptions()
        options.http.host = "127.0.0.1"
        options.http.port = 0
        options.http.eventLoops = 1
        options.http.repeatedHeads = exchange.repeatedHeads
        let devNull = open("/dev/null", O_WRONLY)  // left open: the log's writer thread may write until exit
        let app = TrellisApplication(site: site, options: options, accessLog: AccessLog(fileDescriptor: devNull, loops: 1))
        let server = HTTPServer(configuration: options.http, handler: app.handler)
        do {
            try server.start()
        } catch {
            return .failure(ServedHitFailure(message: "cannot listen: \(error)"))
        }
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let answered = LoopbackClient.exchange(port: server.boundPort, request: request(exchange), count: requests + 1, depth: depth,
                                               status: exchange.status)
        let elapsed = clock.now - start
        guard answered == requests + 1 else {
            return .failure(ServedHitFailure(message: "only \(answered) of \(requests + 1) requests were answered with \(exchange.status)"))
        }
        if exchange.body != nil {
            return .success("served \(requests) POST \(exchange.target) answers (\(exchange.status), +1 first) in \(elapsed)")
        }
        return .success("served \(requests) cached \(exchange.target) hits (+1 miss) in \(elapsed)")
    }
}

/// Why the served-hit benchmark could not run.
public struct ServedHitFailure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
