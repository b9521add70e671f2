import Dispatch
import Foundation
import HTTPServer
import SDUI

/// `trellis upstream`: a tiny backend for local runs of `url` sources. It serves a JSON file
/// of values keyed by id: `GET /<anything>/<id>` answers the value of `<id>` (compact JSON),
/// an unknown id is a JSON 404. `--latency-ms` delays every answer, to watch timeouts work.
public enum SampleUpstream {
    /// Serves until SIGTERM/SIGINT; returns the exit status.
    public static func run(data path: String, host: String, port: Int, latency: Duration) -> Int32 {
        guard let bytes = FileManager.default.contents(atPath: path),
              case .object(let values)? = try? JSONParser.parse(Array(bytes)) else {
            FileHandle.standardError.write(Data("\(path): not a readable JSON object\n".utf8))
            return 1
        }
        signal(SIGPIPE, SIG_IGN)
        SignalHandlers.block([SIGTERM, SIGINT])
        var configuration = HTTPServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.eventLoops = 1
        let server = HTTPServer(configuration: configuration, handler: Handler(values: values, latency: latency))
        do {
            try server.start()
        } catch {
            FileHandle.standardError.write(Data("cannot start on \(host):\(port): \(error)\n".utf8))
            return 1
        }
        FileHandle.standardError.write(Data("listening on http://\(host):\(server.boundPort) (\(values.count) values from \(path))\n".utf8))
        let signals = SignalHandlers()
        signals.on(SIGTERM, SIGINT) { exit(0) }
        withExtendedLifetime((server, signals)) { dispatchMain() }
    }

    /// Answers `GET /…/<id>` from the values.
    struct Handler: HTTPHandler {
        let values: JSONObject
        let latency: Duration

        func handle(_ request: HTTPRequest, responder: HTTPResponder) {
            let id = String(request.path.split(separator: "/").last ?? "").removingPercentEncoding ?? ""
            var response: HTTPResponse
            if let value = values[id] {
                response = HTTPResponse(status: 200, body: JSONWriter.encode(value))
                response.headers.add("Content-Type", "application/json; charset=utf-8")
            } else {
                response = HTTPError.notFound.response
            }
            guard latency > .zero else { return responder.respond(response) }
            DispatchQueue.global().asyncAfter(deadline: .now() + latency.dispatchInterval) { [response] in
                responder.respond(response)
            }
        }
    }
}
