import Foundation
import HTTPServer
import SDUI

/// The frame every preview page shares (the route index and a route's columns): the inline
/// style and reload script the CSP allows, and the banner of a rejected reload (SPEC §13), so
/// the author sees what is wrong on whichever preview page is open.
struct PreviewDocument {
    let title: String
    /// The served version's generation and content hash.
    let generation: Int
    let version: String
    /// The last reload refused since the served version was loaded.
    let rejection: SiteStore.Rejection?
    /// The markup after the banner.
    let body: String

    /// Polls `/_preview` every second and reloads when the Pages generation or the last
    /// rejection changes.
    static let script = #"(function(){var d=document.documentElement,g=d.getAttribute("data-generation"),"#
        + #"j=d.getAttribute("data-rejection");setInterval(function(){fetch("/_preview",{method:"HEAD",cache:"no-store"})"#
        + #".then(function(r){var n=r.headers.get("X-Pages-Generation"),m=r.headers.get("X-Pages-Rejection");"#
        + #"if((n&&n!==g)||(m&&m!==j)){location.reload();}},function(){});},1000);})();"#

    /// SPEC §8.2's policy, plus only what the reload script needs: itself (by hash) and fetches
    /// to this origin. Forms may only submit to this origin, and no `<base>` may move where the
    /// page's relative links and form go (SPEC §14).
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; "
        + "script-src 'sha256-\(Data(SHA256.digest(script)).base64EncodedString())'; connect-src 'self'; form-action 'self'; "
        + "base-uri 'none'"

    /// The HTTP response for a preview page.
    static func response(_ html: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: HTTPHeaders([
            ("Content-Type", "text/html; charset=utf-8"), ("Content-Security-Policy", contentSecurityPolicy),
            ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
        ]), body: Array(html.utf8))
    }

    var html: String {
        "<!doctype html><html lang=\"en\" data-generation=\"\(generation)\" data-rejection=\"\(rejection?.number ?? 0)\">"
            + #"<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">"#
            + "<title>" + HTML.escape(title) + "</title><style>" + PreviewStyle.css + PreviewTemplateStyle.css + "</style></head><body>"
            + banner + body + "<script>" + Self.script + "</script></body></html>"
    }

    /// The rejected reload's problems, one `file:path: message` line each, and what still serves.
    private var banner: String {
        guard let rejection else { return "" }
        let count = rejection.problems.count
        return #"<div class="rejected" role="alert"><b>Reload rejected: \#(count) problem\#(count == 1 ? "" : "s").</b> "#
            + "Still serving generation \(generation), version <code>" + HTML.escape(String(version.prefix(12))) + "</code>.<ul>"
            + rejection.problems.map { "<li><code>" + HTML.escape($0.description) + "</code></li>" }.joined() + "</ul></div>"
    }
}
