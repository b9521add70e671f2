import Dispatch
import Foundation
import HTTPClient
import HTTPServer
import SDUI
import Synchronization

/// `trellis act`: runs an action in process against a Pages folder (SPEC §11), its backend
/// called for real, through the same `ActionRunner` as a served `POST /_actions/<name>`, with
/// no response cache; prints the answer, as `render` does for pages.
public enum ActionPerforming {
    /// What `act` prints: the answer's body on stdout, its status (and error code) on stderr.
    public struct Output: Sendable {
        public var body: [UInt8]
        public var summary: String
        /// 0 for a 2xx answer; 1 otherwise (invalid pages, a refused input, a backend failure).
        public var exitStatus: Int32
    }

    /// Performs action `name` with `input` (JSON text) on behalf of a client on `page` sending
    /// `headers`, trusting `upstreamCAs` for https backends, as of `date`.
    public static func perform(_ name: String, input: String, page: String?, pages: String, headers: [(String, String)],
                               upstreamCAs: [String] = [], pretty: Bool, date: Date) -> Output {
        let site: Site
        switch PagesLoader.load(PagesFolder(path: pages)) {
        case .success(let loaded): site = loaded
        case .failure(let failure):
            return Output(body: [], summary: failure.problems.map { "\($0)\n" }.joined(), exitStatus: 1)
        }
        let tls: ClientTLSContext
        do {
            tls = try ClientTLSContext(caFiles: upstreamCAs)
        } catch {
            return Output(body: [], summary: "\(error)\n", exitStatus: 1)
        }
        let upstream = UpstreamClient(registry: MetricsRegistry(), tls: tls)
        let runner = ActionRunner(pipeline: PagePipeline(site: site, upstream: upstream), calls: ActionCalls(upstream: upstream),
                                  upstream: upstream, cors: nil, maxBody: .max)
        var body = #"{"input":"#.utf8 + Array(input.utf8)
        if let page { body += #","page":"#.utf8 + JSONWriter.encode(.string(page)) }
        body += "}".utf8
        let request = HTTPRequest(method: "POST", target: ActionCheck.prefix + name,
                                  headers: HTTPHeaders([("Content-Type", "application/json")] + headers), body: body)
        let answer = Mutex<HTTPResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        runner.run(request, context: PageRequestContext(request, date: date)) { response in
            answer.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        let response = answer.withLock { $0 }!
        var printed = response.body
        if pretty, let value = try? JSONParser.parse(printed) { printed = JSONPrettyWriter.encode(value) }
        let record = response.annotation as? ActionRecord
        let backend = record?.backendStatus.map { " backend=\($0)" } ?? ""
        return Output(body: printed, summary: "\(response.status) action=\(name)\(backend)\n",
                      exitStatus: (200..<300).contains(response.status) ? 0 : 1)
    }
}
