import Foundation
import Testing

/// The sample app (samples/ShopApp) against the running sample shop, the https carts backend
/// included: it opens the home page and a product (loading the deferred related section and
/// alice's cart badge), taps Add to cart (a `submit` of `add-to-cart`, SPEC §11) signed in as
/// alice, taps it on sold-out product 7, opens the cart, pages through every search result, and
/// prints each screen with its generated models, none of them unknown.
@Suite(.serialized) struct ShopAppEndToEndTests {
    @Test func theSampleAppBrowsesTheShop() throws {
        let shop = try SampleShopServers(carts: true)
        defer { shop.stop() }
        let app = URL(fileURLWithPath: ServerProcess.binary).deletingLastPathComponent().path + "/ShopApp"
        let run = try ToolRun.run(app, ["--server", shop.baseURL.absoluteString, "--client", "ios/6.0.0",
                                        "--authorization", "Bearer alice"])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(run.status == 0, "\(run.output)")
        #expect(lines.first?.hasPrefix("== /home (release stable, variants home-hero=") == true && lines.dropFirst().first == #"page "Home""#)
        #expect(lines.contains("loading section in place of related") && lines.contains(#"    text "You may also like" (title)"#))
        // The deferred badge loads alice's own cart from the backend: two items before the add.
        #expect(lines.contains("loading section in place of cart-count") && lines.contains(#"  cart-count "2 items in your cart" (caption)"#),
                "\(run.output)")
        // The button's action is the typed submit of the regenerated models, with its input.
        #expect(lines.contains(#"  button "Add to cart" → submit add-to-cart {"productId":"3"}"#), "\(run.output)")
        // The backend added the socks to alice's cart: the answer's toast says so, and the
        // refreshed badge section counts the new line.
        #expect(lines.contains(#"add to cart /product/3: done, toast: text "Merino Wool Socks (3-pack) is in your cart" (banner)"#), "\(run.output)")
        #expect(lines.contains(#"  cart badge: cart-count "3 items in your cart" (caption)"#), "\(run.output)")
        // Sold-out product 7: the backend's 409 is the action's onError, the button replaced.
        #expect(lines.contains("add to cart /product/7: done"), "\(run.output)")
        #expect(lines.contains(#"  now add-to-cart: text "Slim Fit Chinos is sold out" (badge)"#), "\(run.output)")
        #expect(!lines.contains { $0.hasPrefix("add to cart") && $0.contains("the server answered") }, "\(run.output)")
        // The cart as the backend holds it after the add: alice's two lines, and three items.
        #expect(lines.contains("== /cart (release stable, variants -, language en)"), "\(run.output)")
        #expect(lines.contains(#"    text "Your cart (3)" (title)"#), "\(run.output)")
        #expect(lines.contains { $0.hasPrefix(#"    product-card "Merino Wool Socks (3-pack)""#) })
        #expect(lines.contains(#"search "all": page 3, 45 results"#) && !lines.contains { $0.contains("page 4") })
        #expect(lines.filter { $0.hasPrefix("    product-card") }.count >= 45)
        #expect(!run.output.contains("not in this app's models"), "\(run.output)")
    }
}
