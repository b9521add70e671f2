import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads pages and revalidates them with their ETag: a page it has seen is asked for with
/// `If-None-Match`, and a `304 Not Modified` answers with the page it kept.
public final class PageClient: @unchecked Sendable {
    /// A loaded page and what its headers said.
    public struct Page: Sendable, Equatable {
        /// The root `page` component.
        public let root: Component
        public let status: Int
        public let etag: String?
        /// True when the server answered 304 and this is the kept copy.
        public let revalidated: Bool
        /// `X-Fallbacks`: components replaced or dropped for this app.
        public let fallbacks: Int
        /// `X-Upgrade-Required: true`: the upgrade page.
        public let upgradeRequired: Bool
    }

    /// Why a page could not be loaded.
    public enum Failure: Error, Sendable {
        /// The request failed before an answer (refused, timed out).
        case transport(String)
        /// An answer that is not a page (a JSON error such as a 400), with its status.
        case status(Int)
        /// A body that is not a component tree.
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
        let request = builder.request(path: path, etag: previous?.etag)
        session.dataTask(with: request) { [self] data, response, error in
            guard let http = response as? HTTPURLResponse else {
                return completion(.failure(.transport(error.map { "\($0)" } ?? "no response")))
            }
            let result = Self.page(status: http.statusCode, header: { http.value(forHTTPHeaderField: $0) },
                                   body: data ?? Data(), previous: previous)
            if case .success(let page) = result, page.etag != nil { locked { kept[path] = page } }
            completion(result)
        }.resume()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// The page an answer means: a 304 is `previous` revalidated; a 200 (or the not-found
    /// page's 404) is decoded; anything else is a failure.
    public static func page(status: Int, header: (String) -> String?, body: Data, previous: Page?) -> Result<Page, Failure> {
        if status == 304, let previous {
            return .success(Page(root: previous.root, status: previous.status, etag: header("ETag") ?? previous.etag,
                                 revalidated: true, fallbacks: previous.fallbacks, upgradeRequired: previous.upgradeRequired))
        }
        guard status == 200 || (status == 404 && header("X-Fallbacks") != nil) else { return .failure(.status(status)) }
        do {
            let root = try JSONDecoder().decode(Component.self, from: body)
            return .success(Page(root: root, status: status, etag: header("ETag"), revalidated: false,
                                 fallbacks: header("X-Fallbacks").flatMap { Int($0) } ?? 0,
                                 upgradeRequired: header("X-Upgrade-Required") == "true"))
        } catch {
            return .failure(.undecodable("\(error)"))
        }
    }
}
