import Foundation
import Glibc
import HTTPServer
import SDUI

/// `trellis bench --served-hits N`: the whole server path of a cached page, in one process,
/// so that `valgrind --tool=callgrind` can count its instructions (valgrind can't run `serve`,
/// whose Dispatch signal sources it crashes on). One event loop serves a loopback socket; a
/// client thread sends N identical GETs of `/home` (or another target, such as a section:
/// `/home?_section=deals`; gzip, a mobile client's headers), 16
/// pipelined at a time, and reads every answer. Parsing, deciding, the cache look-up, writing,
/// the access log (to /dev/null) and the metrics all run as in `serve`. `bench/hit_cost.sh`
/// runs it twice under callgrind and divides the difference by the extra requests.
public enum ServedHitBenchmark {
    /// The request sent for `target`: what a signed-out mobile client sends for a page.
    static func request(_ target: String) -> [UInt8] {
        Array(("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\nX-Client-Version: ios/5.2.0\r\n"
            + "X-Device-Id: device-1\r\nAccept-Language: en\r\n\r\n").utf8)
    }
    /// Requests sent before the client waits for their answers.
    static let depth = 16

    /// Serves `requests` cached hits of `target` from the Pages at `pages`; returns what to print,
    /// or a failure message.
    public static func run(pages: String, requests: Int, target: String = "/home") -> Result<String, ServedHitFailure> {
        guard case .success(let site) = PagesLoader.load(PagesFolder(path: pages)) else {
            return .failure(ServedHitFailure(message: "\(pages): not a valid Pages folder"))
        }
        var options = ServeOptions()
        options.http.host = "127.0.0.1"
        options.http.port = 0
        options.http.eventLoops = 1
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
        let answered = LoopbackClient.exchange(port: server.boundPort, request: request(target), count: requests + 1, depth: depth)
        let elapsed = clock.now - start
        guard answered == requests + 1 else {
            return .failure(ServedHitFailure(message: "only \(answered) of \(requests + 1) requests were answered with 200"))
        }
        return .success("served \(requests) cached \(target) hits (+1 miss) in \(elapsed)")
    }
}

/// Why the served-hit benchmark could not run.
public struct ServedHitFailure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
