import Foundation

/// A page as the app holds it while the user is on it: the component tree that `load` and an
/// action's ops change in place (SPEC §10, §11), kept as JSON so that any model decodes it —
/// this library's `Component`, or the models `trellis client-models --swift` generates.
public struct Screen: Sendable, Equatable {
    /// The path and query the page was loaded from: what an action names as its `page`.
    public let path: String
    /// The root component, with every change applied.
    public private(set) var tree: JSON
    /// The headers of the page's answer.
    public let headers: ResponseHeaders

    /// The screen of a loaded page.
    public init(path: String, tree: JSON, headers: ResponseHeaders) {
        self.path = path
        self.tree = tree
        self.headers = headers
    }

    /// The tree as this library's `Component`.
    public var root: Component {
        get throws { try decode(Component.self) }
    }

    /// The tree decoded as `Model` (a generated `Component`, for one).
    public func decode<Model: Decodable>(_ type: Model.Type) throws -> Model {
        try tree.decode(Model.self)
    }

    /// Puts `components` where the component with id `target` stands: one replaces it, none
    /// removes it, several are spliced in its place (a list's next page). The root can only be
    /// replaced by one component. False when no component has that id.
    @discardableResult
    public mutating func replace(_ target: String, with components: [JSON]) -> Bool {
        if Self.isComponent(tree, id: target) {
            guard components.count == 1 else { return false }
            tree = components[0]
            return true
        }
        var found = false
        tree = Self.replacing(target, with: components, in: tree, found: &found)
        return found
    }

    /// Whether `value` is a component object with id `id`.
    static func isComponent(_ value: JSON, id: String) -> Bool {
        value["id"]?.stringValue == id && value["type"]?.stringValue != nil
    }

    /// `value` with the first component of id `target` inside an array replaced by `components`.
    private static func replacing(_ target: String, with components: [JSON], in value: JSON, found: inout Bool) -> JSON {
        switch value {
        case .array(let elements):
            var result: [JSON] = []
            for element in elements {
                if !found, isComponent(element, id: target) {
                    result += components
                    found = true
                } else {
                    result.append(found ? element : replacing(target, with: components, in: element, found: &found))
                }
            }
            return .array(result)
        case .object(let members):
            // Keys in a fixed order, so the same tree is searched the same way every time.
            var result = members
            for key in members.keys.sorted() where !found {
                result[key] = replacing(target, with: components, in: members[key]!, found: &found)
            }
            return .object(result)
        default:
            return value
        }
    }
}
