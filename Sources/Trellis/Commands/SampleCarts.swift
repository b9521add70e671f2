import HTTPServer
import SDUI
import Synchronization

/// The sample cart backend's memory (`trellis upstream --key-header Authorization`, SPEC §11):
/// each user's cart, starting from the data file's value for that user, that
/// `POST /v1/cart/items` adds lines to. A product the products file marks `"soldOut": true`
/// is refused with a 409 and a JSON reason; the cart's GET reflects every line added (one line
/// per product, with its quantity).
final class SampleCarts: Sendable {
    /// Carts by user (the key header's value), as the GET answers them.
    private let carts: Mutex<JSONObject>
    /// The sample products by id (`Pages/data/products.json`), for titles, prices and stock.
    private let products: JSONObject

    init(values: JSONObject, products: JSONObject) {
        carts = Mutex(values)
        self.products = products
    }

    /// The value for `id` now.
    func value(_ id: String) -> JSONValue? {
        carts.withLock { $0[id] }
    }

    /// `POST …/items` with `{"productId": "3", "quantity": 2}` (quantity default 1) for `user`:
    /// 201 with a message and the new count, 409 for a sold-out product, 404 for an unknown
    /// one, 400 for a body that is not such an object, 401 without a user.
    func add(_ body: [UInt8], for user: String) -> HTTPResponse {
        guard !user.isEmpty else { return Self.json(401, #"{"reason":"sign in first"}"#) }
        guard case .object(let input)? = try? JSONParser.parse(body), let id = input["productId"]?.stringValue else {
            return Self.json(400, #"{"reason":"expected {\"productId\": …}"}"#)
        }
        let quantity = input["quantity"]?.intValue ?? 1
        guard let product = products[id] else { return Self.json(404, #"{"reason":"no such product"}"#) }
        let title = product["title"]?.stringValue ?? id
        if product["soldOut"] == .bool(true) {
            return Self.json(409, String(decoding: JSONWriter.encode(.object(JSONObject(["reason": .string("\(title) is sold out")]))), as: UTF8.self))
        }
        let count = carts.withLock { carts in
            var cart = carts[user]?.objectValue ?? JSONObject(["itemCount": .number("0"), "items": .array([])])
            var items = cart["items"]?.arrayValue ?? []
            // One line per product: adding it again raises its quantity.
            if let index = items.firstIndex(where: { $0["id"]?.stringValue == id }), var line = items[index].objectValue {
                line["quantity"] = .number(String((line["quantity"]?.intValue ?? 1) + quantity))
                items[index] = .object(line)
            } else {
                var line = JSONObject(["id": .string(id), "title": .string(title)])
                line["price"] = product["price"]
                line["quantity"] = .number(String(quantity))
                items.append(.object(line))
            }
            let count = (cart["itemCount"]?.intValue ?? 0) + quantity
            cart["items"] = .array(items)
            cart["itemCount"] = .number(String(count))
            carts[user] = .object(cart)
            return count
        }
        let answer = JSONObject(["message": .string("\(title) is in your cart"), "itemCount": .number(String(count))])
        return Self.json(201, String(decoding: JSONWriter.encode(.object(answer)), as: UTF8.self))
    }

    private static func json(_ status: Int, _ body: String) -> HTTPResponse {
        var response = HTTPResponse(status: status, body: Array(body.utf8))
        response.headers.add("Content-Type", "application/json; charset=utf-8")
        return response
    }
}
