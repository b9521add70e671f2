/// Routes of one Pages version as a tree of segments. A literal segment beats a `:param` at
/// the same position (with backtracking, so `/a/b` falls back to `/a/:x` when `/a/b/...`
/// doesn't lead anywhere). Matching is case-sensitive; the caller strips the query string.
struct RouteTable: Sendable {
    private final class Node: @unchecked Sendable {
        // Mutated only while the table is built; read-only once it is shared.
        var literals: [String: Node] = [:]
        var param: Node?
        var page: (name: String, route: Route, hasSections: Bool, sections: [RoutedSection])?
        /// How many `:param` segments the route ending here has.
        var paramCount = 0
    }

    private let root = Node()
    /// Routes without a parameter, by their exact path: most requests are answered by one
    /// dictionary look-up, without splitting the path (a literal route always wins over a
    /// parameter, so this agrees with the walk).
    private var exact: [String: (page: String, hasSections: Bool, sections: [RoutedSection])] = [:]

    /// Adds a route (shapes were checked unique by the loader) to `page`, which (or whose canary)
    /// has sections or not; `sections` are the page's own.
    mutating func add(_ route: Route, page: String, hasSections: Bool = false, sections: [RoutedSection] = []) {
        var node = root
        for segment in route.segments {
            switch segment {
            case .literal(let text):
                if node.literals[text] == nil { node.literals[text] = Node() }
                node = node.literals[text]!
            case .param:
                if node.param == nil { node.param = Node() }
                node = node.param!
            }
        }
        node.page = (page, route, hasSections, sections)
        node.paramCount = route.segments.count { if case .param = $0 { true } else { false } }
        if !route.segments.contains(where: { if case .param = $0 { true } else { false } }) {
            exact["/" + route.segments.map { if case .literal(let text) = $0 { text } else { "" } }.joined(separator: "/")] = (page, hasSections, sections)
        }
    }

    /// The page and params for `path` (no query string), or nil: a JSON 404. A path that is
    /// no exact route is walked over its bytes: each segment is a range of them, and only a
    /// parameter's value becomes a `String`.
    func match(_ path: String) -> RouteMatch? {
        if let exact = exact[path] { return RouteMatch(page: exact.page, params: [:], hasSections: exact.hasSections, sections: exact.sections) }
        var path = path
        return path.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return nil }
            // `/` has no segment; every other path starts one after each `/`, a last empty one included.
            let first = bytes.count == 1 ? nil : 1
            guard let node = find(root, bytes, segmentAt: first), let (name, route, hasSections, sections) = node.page else { return nil }
            var params = [String: String](minimumCapacity: node.paramCount)
            var start = first
            for segment in route.segments {
                guard let from = start else { break }
                let (end, next) = Self.segment(bytes, at: from)
                if case .param(let name) = segment { params[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<end]), as: UTF8.self) }
                start = next
            }
            return RouteMatch(page: name, params: params, hasSections: hasSections, sections: sections)
        }
    }

    /// The end of the segment starting at `start` in `bytes`, and where the next one starts (nil: none follows).
    private static func segment(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, next: Int?) {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
        return (end, end < bytes.count ? end + 1 : nil)
    }

    /// The node of the page reached from `node` by the segments from `start` on (nil: none
    /// left). The node, not its page, is handed back up: one reference, not the page's fields.
    private func find(_ node: Node, _ bytes: UnsafeBufferPointer<UInt8>, segmentAt start: Int?) -> Node? {
        guard let start else { return node.page == nil ? nil : node }
        let (end, next) = Self.segment(bytes, at: start)
        let part = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !node.literals.isEmpty, let literal = node.literals[String(decoding: part, as: UTF8.self)],
           let found = find(literal, bytes, segmentAt: next) {
            return found
        }
        if let param = node.param, (1...128).contains(part.count), part.allSatisfy(Route.isValueByte) {
            return find(param, bytes, segmentAt: next)
        }
        return nil
    }
}
