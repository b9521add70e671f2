import Foundation
import TrellisClient

/// A command-line "app" on the sample shop: the reference a mobile team reads first. It opens
/// the home page, a product (loading its deferred sections as an app does when they appear),
/// adds the product to the cart (SPEC §11), tries a sold-out one, opens the cart, and pages
/// through search results (SPEC §10.2), printing each screen as an indented tree of the models
/// `trellis client-models --swift --client ios/6.0.0` generated (Models.swift).
///
///     ShopApp --server http://127.0.0.1:8080 [--client ios/6.0.0] [--product 3] [--sold-out 7]
///             [--query all] [--authorization "Bearer alice"]
@main
struct ShopApp {
    static func main() async {
        let arguments = Arguments(CommandLine.arguments.dropFirst())
        guard let server = arguments["--server"].flatMap(URL.init(string:)) else {
            FileHandle.standardError.write(Data(("usage: ShopApp --server http://127.0.0.1:8080 [--client ios/6.0.0] [--product 3] "
                                                 + "[--sold-out 7] [--query all] [--authorization \"Bearer alice\"]\n").utf8))
            exit(2)
        }
        let client = PageClient(builder: PageRequestBuilder(
            baseURL: server, clientVersion: arguments["--client"] ?? "ios/6.0.0", deviceID: arguments["--device-id"] ?? "sample-device",
            acceptLanguage: "en", timeout: 30, forwarded: arguments["--authorization"].map { [("Authorization", $0)] } ?? []))
        do {
            try await run(client, product: arguments["--product"] ?? "3", soldOut: arguments["--sold-out"] ?? "7",
                          query: arguments["--query"] ?? "all")
        } catch {
            print("failed: \(error)")
            exit(1)
        }
    }

    static func run(_ client: PageClient, product: String, soldOut: String, query: String) async throws {
        let home = try await client.screen("/home")
        try show(home)

        var screen = try await client.screen("/product/\(product)")
        try await loadDeferredSections(client, &screen)
        try show(screen)
        try await addToCart(client, &screen)

        // The sample backend refuses a sold-out product (409): the answer replaces the button.
        var refused = try await client.screen("/product/\(soldOut)")
        try await addToCart(client, &refused)

        // The cart as the backend now holds it (per user: empty of lines when signed out).
        try show(try await client.screen("/cart"))

        var search = try await client.screen("/search?q=\(query)")
        var page = 1
        print("search \"\(query)\": page \(page), \(try results(search)) results")
        while let more = try search.decode(Component.self).all.first(where: { $0.type == "load-more" }), page < 50 {
            guard case .loadMore(_, let data) = more, let load = data.onAppear.first else { break }
            _ = try await client.perform(json(load), on: &search)
            page += 1
            print("search \"\(query)\": page \(page), \(try results(search)) results")
        }
        try show(search)
    }

    /// Performs the `load` of each placeholder that has one, as a screen does when it appears.
    static func loadDeferredSections(_ client: PageClient, _ screen: inout Screen) async throws {
        for case .skeleton(let id, let skeleton) in try screen.decode(Component.self).all {
            guard let load = skeleton.onAppear?.first else { continue }
            print("loading section in place of \(id)")
            _ = try await client.perform(json(load), on: &screen)
        }
    }

    /// Taps the product's add-to-cart button. Its action is performed as the server says: a
    /// `submit` (POST /_actions/<name> with the screen's path) as it is; the older
    /// `add-to-cart` action as a submit of that action with its product id. The answer's ops
    /// change the screen; the app prints its toasts, each component that now reads differently,
    /// and the cart badge as it now reads. A failure (a 404 from a server without the action, a
    /// 502 with the cart backend down) is reported, and the app goes on.
    static func addToCart(_ client: PageClient, _ screen: inout Screen) async throws {
        let before = try screen.decode(Component.self).all
        guard case .button(_, let button)? = before.first(where: { $0.id == "add-to-cart" }),
              let action = button.action.first
        else { return print("add to cart \(screen.path): no add-to-cart button on this screen") }
        do {
            let effects: [Effect]
            switch action {
            case .submit(let submit):
                effects = try await client.perform(submit.raw, on: &screen)
            case .addToCart(let add):
                effects = try await client.submit("add-to-cart", input: .object(["productId": add.productId]), on: &screen)
            default:
                effects = try await client.perform(json(action), on: &screen)
            }
            print("add to cart \(screen.path): done" + effects.map { ", " + describe($0) }.joined())
            // What the ops changed, as the lines of the tree that now read differently.
            let printed = Dictionary(before.map { ($0.id, TreePrinter.describe($0)) }) { first, _ in first }
            let after = try screen.decode(Component.self).all
            for component in after where component.id != "cart-count" && printed[component.id] != TreePrinter.describe(component) {
                print("  now \(component.id): " + TreePrinter.describe(component))
            }
            if let badge = after.first(where: { $0.id == "cart-count" }) {
                print("  cart badge: " + TreePrinter.describe(badge))
            }
        } catch PageClient.Failure.status(let status, let error) {
            print("add to cart \(screen.path): the server answered \(status) \(error?.code ?? "")")
        }
    }

    static func describe(_ effect: Effect) -> String {
        switch effect {
        case .toast(let component): "toast: " + ((try? component.decode(Component.self)).map(TreePrinter.describe) ?? "?")
        case .navigate(let url): "navigate \(url)"
        case .upgradeRequired: "upgrade required"
        case .unhandled(let op): "unhandled \(op["op"]?.stringValue ?? op["type"]?.stringValue ?? "?")"
        }
    }

    static func show(_ screen: Screen) throws {
        let headers = screen.headers
        print("== \(screen.path) (release \(headers.release ?? "-"), variants \(headers.abVariant ?? "-"), "
              + "language \(headers.contentLanguage ?? "-")\(headers.upgradeSuggested ? ", upgrade suggested" : ""))")
        TreePrinter.lines(try screen.decode(Component.self)).forEach { print($0) }
    }

    static func results(_ screen: Screen) throws -> Int {
        try screen.decode(Component.self).all.filter { $0.id.hasPrefix("result-") }.count
    }

    /// An action as the JSON it was sent as, for `PageClient.perform`.
    static func json(_ action: Action) throws -> JSON {
        try JSONDecoder().decode(JSON.self, from: JSONEncoder().encode(action))
    }
}

extension Component {
    /// This component and every one below it, depth first.
    var all: [Component] { [self] + children.flatMap(\.all) }
}

/// `--name value` pairs.
struct Arguments {
    private var values: [String: String] = [:]

    init(_ arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let name = iterator.next() {
            if name.hasPrefix("--"), let value = iterator.next() { values[name] = value }
        }
    }

    subscript(name: String) -> String? { values[name] }
}
