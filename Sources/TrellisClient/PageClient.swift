import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads pages and revalidates them with their ETag: a page it has seen is asked for with
/// `If-None-Match`, and a `304 Not Modified` answers with the page it kept. `load(_:completion:)`
/// calls back; `page(_:)` is the same, awaited. Performing actions on a screen is
/// `PageClient+Actions`.
public final class PageClient: @unchecked Sendable {
    /// A loaded page and what its headers said.
    public struct Page: Sendable, Equatable {
        /// The root `page` component.
        public let root: Component
        /// The same tree as JSON, for a `Screen` or a generated model to decode.
        public let tree: JSON
        public let status: Int
        /// True when the server answered 304 and this is the kept copy.
        public let revalidated: Bool
        /// The headers an app acts on (those of the kept copy for a 304, with its new ETag).
        public let headers: ResponseHeaders

        public var etag: String? { headers.etag }
        /// `X-Fallbacks`: components replaced or dropped for this app.
        public var fallbacks: Int { headers.fallbacks }
        /// `X-Upgrade-Required: true`: the upgrade page.
        public var upgradeRequired: Bool { headers.upgradeRequired }
    }

    /// Why a page could not be loaded or an action performed.
    public enum Failure: Error, Sendable, Equatable {
        /// The request failed before an answer (refused, timed out).
        case transport(String)
        /// An answer that is not a page or an action's ops, with its status and the server's
        /// JSON error object (nil when the body is not one).
        case status(Int, ServerError?)
        /// A body that is not what was asked for (a component tree, an array, ops).
        case undecodable(String)
    }

    public let builder: PageRequestBuilder
    private let session: URLSession
    private let lock = NSLock()
    private var kept: [String: Page] = [:]

    /// A client sending `builder`'s headers through `session`.
    public init(builder: PageRequestBuilder, session: URLSession = .shared) {
        self.builder = builder
        self.session = session
    }

    /// Loads `path`, revalidating a page kept from an earlier load; `completion` runs once, on
    /// a URLSession queue.
    public func load(_ path: String, completion: @escaping @Sendable (Result<Page, Failure>) -> Void) {
        let previous = locked { kept[path] }
        send(builder.request(path: path, etag: previous?.etag)) { [self] answer in
            let result = answer.flatMap { Self.page(status: $0.status, header: $0.header, body: $0.body, previous: previous) }
            if case .success(let page) = result, page.etag != nil { locked { kept[path] = page } }
            completion(result)
        }
    }

    /// Loads `path` as `load(_:completion:)` does, awaited: `try await client.page("/home")`.
    public func page(_ path: String) async throws(Failure) -> Page {
        try await withCheckedContinuation { continuation in load(path) { continuation.resume(returning: $0) } }.get()
    }

    /// Loads `path` as the screen an app shows, to perform actions on.
    public func screen(_ path: String) async throws(Failure) -> Screen {
        let page = try await page(path)
        return Screen(path: path, tree: page.tree, headers: page.headers)
    }

    /// One answer as this client reads it.
    struct Answer: Sendable {
        let status: Int
        /// Header fields by lowercased name.
        let fields: [String: String]
        let body: Data

        func header(_ name: String) -> String? { fields[name.lowercased()] }
    }

    /// Sends `request`; `completion` gets its answer or a transport failure.
    func send(_ request: URLRequest, completion: @escaping @Sendable (Result<Answer, Failure>) -> Void) {
        session.dataTask(with: request) { data, response, error in
            guard let http = response as? HTTPURLResponse else {
                return completion(.failure(.transport(error.map { "\($0)" } ?? "no response")))
            }
            var fields: [String: String] = [:]
            for case (let name as String, let value as String) in http.allHeaderFields { fields[name.lowercased()] = value }
            completion(.success(Answer(status: http.statusCode, fields: fields, body: data ?? Data())))
        }.resume()
    }

    /// `send`, awaited.
    func send(_ request: URLRequest) async throws(Failure) -> Answer {
        try await withCheckedContinuation { continuation in send(request) { continuation.resume(returning: $0) } }.get()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// The page an answer means: a 304 is `previous` revalidated; a 200 (or the not-found
    /// page's 404) is decoded; anything else is a failure carrying the server's error object.
    public static func page(status: Int, header: (String) -> String?, body: Data, previous: Page?) -> Result<Page, Failure> {
        if status == 304, let previous {
            var headers = previous.headers
            headers.etag = header("ETag") ?? previous.etag
            return .success(Page(root: previous.root, tree: previous.tree, status: previous.status, revalidated: true, headers: headers))
        }
        guard status == 200 || (status == 404 && header("X-Fallbacks") != nil) else {
            return .failure(failure(status: status, body: body))
        }
        do {
            let tree = try JSONDecoder().decode(JSON.self, from: body)
            let root = try JSONDecoder().decode(Component.self, from: body)
            return .success(Page(root: root, tree: tree, status: status, revalidated: false, headers: ResponseHeaders(header: header)))
        } catch {
            return .failure(.undecodable("\(error)"))
        }
    }

    /// The failure of an answer with `status`, keeping the error object its body holds.
    static func failure(status: Int, body: Data) -> Failure {
        .status(status, (try? JSONDecoder().decode(JSON.self, from: body)).flatMap(ServerError.init(body:)))
    }
}
