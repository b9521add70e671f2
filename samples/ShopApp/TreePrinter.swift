import Foundation
import TrellisClient

/// The screen as an indented tree, one component a line, as a mobile team would first print it
/// before drawing it: the type, its main text, and where its action leads.
enum TreePrinter {
    /// `component` and everything below it, indented two spaces a level.
    static func lines(_ component: Component, depth: Int = 0) -> [String] {
        [String(repeating: "  ", count: depth) + describe(component)] + component.children.flatMap { lines($0, depth: depth + 1) }
    }

    /// One line: `type "text"` and what it does, from the generated models' typed fields.
    static func describe(_ component: Component) -> String {
        switch component {
        case .page(_, let page): return "page" + quoted(page.title)
        case .text(_, let text): return "text" + quoted(text.text) + (text.style.map { " (\($0.rawValue))" } ?? "")
        case .cartCount(_, let count): return "cart-count" + quoted(count.text) + (count.style.map { " (\($0.rawValue))" } ?? "")
        case .image(_, let image): return "image " + image.url + (image.alt.map { " alt=\"\($0)\"" } ?? "")
        case .button(_, let button): return "button" + quoted(button.title) + leads(button.action)
        case .productCard(_, let card): return "product-card" + quoted(card.title) + price(card.price) + leads(card.action)
        case .topBar(_, let bar): return "top-bar" + quoted(bar.title)
        case .hero(_, let hero): return "hero" + quoted(hero.title) + leads(hero.action ?? [])
        case .price(_, let price): return "price \(price.amount) \(price.currency)"
        case .rating(_, let rating): return "rating \(rating.value)" + (rating.count.map { " (\($0))" } ?? "")
        case .chipRow(_, let row): return "chip-row (\(row.chips.count) chips)"
        case .skeleton(_, let skeleton): return "skeleton \(skeleton.height)pt" + leads(skeleton.onAppear ?? [])
        case .loadMore(_, let more): return "load-more" + quoted(more.title) + leads(more.onAppear)
        case .unknown(_, let type, _): return "? \(type) (not in this app's models)"
        default: return component.type
        }
    }

    private static func quoted(_ text: String?) -> String { text.map { " \"\($0)\"" } ?? "" }

    private static func price(_ price: [String: JSON]) -> String {
        guard let amount = price["amount"]?.stringValue, let currency = price["currency"]?.stringValue else { return "" }
        return " \(amount) \(currency)"
    }

    /// ` → navigate app://cart`, ` → load /search?…`, ` → submit add-to-cart {"productId":"3"}` for each action.
    private static func leads(_ actions: [Action]) -> String {
        actions.map { action in
            switch action {
            case .navigate(let navigate): " → navigate " + (navigate.url.stringValue ?? "?")
            case .load(let load): " → load " + (load.url.stringValue ?? "?")
            case .addToCart(let add): " → add-to-cart " + (add.productId.stringValue ?? "?")
            case .submit(let submit): " → submit " + (submit.action.stringValue ?? "?") + (submit.raw["input"].map { " " + compact($0) } ?? "")
            default: " → " + action.type
            }
        }.joined()
    }

    /// `value` as one line of JSON, its keys sorted: a submit's input as the app sends it.
    private static func compact(_ value: JSON) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}
