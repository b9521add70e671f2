/// What a tap does, as the server negotiated it for this app (SPEC §7.4): the shop's action
/// types, and `.unknown` for any other, kept with its fields instead of failing the page.
public enum Action: Sendable, Equatable, Decodable {
    /// Open a URL (an `app://` route or a web page).
    case navigate(url: String)
    /// Put a product in the cart.
    case addToCart(productId: String)
    /// Open the app's store page (the upgrade page's button).
    case openStore
    /// Share a URL with the system share sheet.
    case share(url: String)
    /// Any other type, or a known one whose fields don't decode.
    case unknown(type: String, data: JSON)

    private enum Keys: String, CodingKey { case type, url, productId }

    /// Decodes an action object `{ "type": …, … }`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "navigate": if let url = try? container.decode(String.self, forKey: .url) { self = .navigate(url: url); return }
        case "add-to-cart":
            if let id = try? container.decode(String.self, forKey: .productId) { self = .addToCart(productId: id); return }
        case "open-store": self = .openStore; return
        case "share": if let url = try? container.decode(String.self, forKey: .url) { self = .share(url: url); return }
        default: break
        }
        self = .unknown(type: type, data: try JSON(from: decoder))
    }

    /// The action's `type` as the server sent it.
    public var type: String {
        switch self {
        case .navigate: "navigate"
        case .addToCart: "add-to-cart"
        case .openStore: "open-store"
        case .share: "share"
        case .unknown(let type, _): type
        }
    }
}
