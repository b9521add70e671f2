/// One served component (SPEC §1): `{"id":…,"type":…,"data":{…}}`. Types this library knows
/// decode into typed content; any other type (or a known one whose fields don't decode) is kept
/// as `.unknown(type:data:)`, with the components in its data still reachable as `children`,
/// so a page from a newer server never fails to decode.
public struct Component: Sendable, Equatable, Identifiable, Decodable {
    /// Unique within the page.
    public let id: String
    public let content: Content
    /// For an unknown type: the components found in its data's arrays.
    private let unknownChildren: [Component]

    /// The typed content of a component.
    public indirect enum Content: Sendable, Equatable {
        /// The root: a title and its children.
        case page(title: String?, children: [Component])
        /// `column`, `row`, `list` and `footer`: a stack of elements, with the stack's type.
        case stack(type: String, elements: [Component])
        case text(text: String, style: String?)
        case image(url: String, alt: String?)
        case button(title: String, style: String?, action: Action?)
        case carousel(items: [Component])
        /// A type this library doesn't know, with its data as sent.
        case unknown(type: String, data: JSON)
    }

    /// The component's `type` as the server sent it.
    public var type: String {
        switch content {
        case .page: "page"
        case .stack(let type, _): type
        case .text: "text"
        case .image: "image"
        case .button: "button"
        case .carousel: "carousel"
        case .unknown(let type, _): type
        }
    }

    /// The child components: slots of known types; in an unknown one's data, every array of
    /// component objects.
    public var children: [Component] {
        switch content {
        case .page(_, let children), .stack(_, let children), .carousel(let children): children
        case .text, .image, .button: []
        case .unknown: unknownChildren
        }
    }

    /// This component and every one below it, depth first.
    public var allComponents: [Component] { [self] + children.flatMap(\.allComponents) }

    private enum Keys: String, CodingKey { case id, type, data }

    private struct DataKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a component; never fails on an unknown type or unexpected data.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decode(String.self, forKey: .id)
        let type = try container.decode(String.self, forKey: .type)
        let data = try container.decode(JSON.self, forKey: .data)
        if let known = try? Self.known(type, container.superDecoder(forKey: .data)) {
            content = known
            unknownChildren = []
        } else {
            content = .unknown(type: type, data: data)
            let fields = try container.nestedContainer(keyedBy: DataKey.self, forKey: .data)
            unknownChildren = fields.allKeys.sorted { $0.stringValue < $1.stringValue }.flatMap { key in
                (try? fields.decode([Component].self, forKey: key)) ?? []
            }
        }
    }

    private struct Fields: Decodable {
        var title: String?, text: String?, style: String?, url: String?, alt: String?, action: Action?
        var children: [Component]?, elements: [Component]?, items: [Component]?
    }

    private static func known(_ type: String, _ decoder: any Decoder) throws -> Content? {
        let fields = try Fields(from: decoder)
        switch type {
        case "page": return .page(title: fields.title, children: fields.children ?? [])
        case "column", "row", "list", "footer": return .stack(type: type, elements: fields.elements ?? [])
        case "text": return fields.text.map { .text(text: $0, style: fields.style) }
        case "image": return fields.url.map { .image(url: $0, alt: fields.alt) }
        case "button": return fields.title.map { .button(title: $0, style: fields.style, action: fields.action) }
        case "carousel": return .carousel(items: fields.items ?? [])
        default: return nil
        }
    }
}
