/// Routes of one Pages version as a tree of segments. A literal segment beats a `:param` at
/// the same position (with backtracking, so `/a/b` falls back to `/a/:x` when `/a/b/...`
/// doesn't lead anywhere). Matching is case-sensitive; the caller strips the query string.
struct RouteTable: Sendable {
    private final class Node: @unchecked Sendable {
        // Mutated only while the table is built; read-only once it is shared.
        var literals: [String: Node] = [:]
        var param: Node?
        var page: (name: String, route: Route)?
    }

    private let root = Node()
    /// Routes without a parameter, by their exact path: most requests are answered by one
    /// dictionary look-up, without splitting the path (a literal route always wins over a
    /// parameter, so this agrees with the walk).
    private var exact: [String: String] = [:]

    /// Adds a route (shapes were checked unique by the loader).
    mutating func add(_ route: Route, page: String) {
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
        node.page = (page, route)
        if !route.segments.contains(where: { if case .param = $0 { true } else { false } }) {
            exact["/" + route.segments.map { if case .literal(let text) = $0 { text } else { "" } }.joined(separator: "/")] = page
        }
    }

    /// The page and params for `path` (no query string), or nil: a JSON 404.
    func match(_ path: String) -> RouteMatch? {
        if let page = exact[path] { return RouteMatch(page: page, params: [:]) }
        guard path.hasPrefix("/") else { return nil }
        let parts: [Substring] = path == "/" ? [] : path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard let (name, route) = find(root, parts[...]) else { return nil }
        var params: [String: String] = [:]
        for (segment, part) in zip(route.segments, parts) {
            if case .param(let name) = segment { params[name] = String(part) }
        }
        return RouteMatch(page: name, params: params)
    }

    private func find(_ node: Node, _ parts: ArraySlice<Substring>) -> (String, Route)? {
        guard let part = parts.first else { return node.page }
        if let next = node.literals[String(part)], let found = find(next, parts.dropFirst()) { return found }
        if let next = node.param, (1...128).contains(part.utf8.count), part.utf8.allSatisfy(Route.isValueByte) {
            return find(next, parts.dropFirst())
        }
        return nil
    }
}
