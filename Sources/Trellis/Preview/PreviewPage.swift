import Foundation
import HTTPServer
import SDUI

/// The preview's HTML document: a bar with links that switch the variant and the release and a
/// form that adds a client or sets the device and locale, then a phone-sized column per client.
/// Self-contained: its style and its one script are inline, allowed by the CSP (the script by
/// its hash; it may only fetch this origin).
struct PreviewPage {
    let route: String
    let query: PreviewQuery
    let site: Site
    let generation: Int
    let columns: [PreviewColumn]

    /// Polls `/_preview` every second and reloads when the Pages generation changes.
    static let script = #"(function(){var g=document.documentElement.getAttribute("data-generation");"#
        + #"setInterval(function(){fetch("/_preview",{method:"HEAD",cache:"no-store"}).then(function(r){"#
        + #"var n=r.headers.get("X-Pages-Generation");if(n&&n!==g){location.reload();}},function(){});},1000);})();"#

    /// SPEC §8.2's policy, plus only what the reload script needs: itself (by hash) and fetches
    /// to this origin. Forms may only submit to this origin, and no `<base>` may move where the
    /// page's relative links and form go (SPEC §14).
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; "
        + "script-src 'sha256-\(Data(SHA256.digest(script)).base64EncodedString())'; connect-src 'self'; form-action 'self'; "
        + "base-uri 'none'"

    /// The HTTP response for a rendered preview.
    static func response(_ html: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: HTTPHeaders([
            ("Content-Type", "text/html; charset=utf-8"), ("Content-Security-Policy", contentSecurityPolicy),
            ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
        ]), body: Array(html.utf8))
    }

    var html: String {
        "<!doctype html><html lang=\"en\" data-generation=\"\(generation)\"><head><meta charset=\"utf-8\">"
            + #"<meta name="viewport" content="width=device-width, initial-scale=1">"#
            + "<title>Preview " + HTML.escape(route) + "</title><style>" + PreviewStyle.css + "</style></head><body>"
            + bar + #"<main class="columns">"# + columns.map(column).joined() + "</main><script>" + Self.script
            + "</script></body></html>"
    }

    private var bar: String {
        var html = #"<header class="bar"><h1>Preview <code>"# + HTML.escape(route) + "</code></h1>"
        html += #"<span class="meta">Pages generation \#(generation) · version "# + HTML.escape(String(site.version.prefix(12))) + "</span><nav>"
        let page = site.match(path: route)?.page
        for experiment in site.rollout.experiments where page.map(experiment.pages.contains) ?? false {
            let prefix = experiment.name + "="
            let current = query.variants.first { $0.hasPrefix(prefix) }
            html += #"<span class="group">"# + HTML.escape(experiment.name)
            html += link("auto", current == nil) { $0.variants.removeAll { $0.hasPrefix(prefix) } }
            for variant in experiment.variants {
                html += link(variant.name, current == prefix + variant.name) { query in
                    query.variants.removeAll { $0.hasPrefix(prefix) }
                    query.variants.append(prefix + variant.name)
                }
            }
            html += "</span>"
        }
        if let page, site.rollout.canary(forPage: page) != nil {
            html += #"<span class="group">release"#
            for release in [nil, "stable", "canary"] {
                html += link(release ?? "auto", query.release == release) { $0.release = release }
            }
            html += "</span>"
        }
        return html + "</nav>" + form + "</header>"
    }

    private var form: String {
        var html = #"<form method="get">"#
        for client in query.clients { html += hidden("client", client) }
        for variant in query.variants { html += hidden("variant", variant) }
        if let release = query.release { html += hidden("release", release) }
        for (name, value) in query.passthrough { html += hidden(name, value) }
        html += #"<input name="client" placeholder="add a client: android/5.2.0 or none" aria-label="add a client">"#
        html += #"<input name="device" placeholder="device id" aria-label="device id" value=""# + HTML.escape(query.device ?? "") + #"">"#
        html += #"<input name="locale" placeholder="locale: fr" aria-label="locale" value=""# + HTML.escape(query.locale ?? "") + #"">"#
        return html + "<button>Show</button></form>"
    }

    private func column(_ column: PreviewColumn) -> String {
        var html = #"<section class="client"><h2>"# + HTML.escape(column.client)
        if query.clients.count > 1 {
            html += link("×", false, title: "remove") { query in
                if let index = query.clients.firstIndex(of: column.client) { query.clients.remove(at: index) }
            }
        }
        html += #"</h2><dl class="headers"><dt>status</dt><dd>\#(column.status)</dd>"#
        for header in column.headers {
            html += "<dt>" + HTML.escape(header.name) + "</dt><dd>" + HTML.escape(header.value) + "</dd>"
        }
        html += "</dl>"
        if let error = column.error {
            html += #"<p class="error">"# + HTML.escape(error) + "</p>"
        } else if let page = column.page {
            html += #"<div class="phone">"# + ComponentHTML(page: page, records: column.records).html + "</div>"
        }
        if !column.records.isEmpty {
            html += #"<details class="explain" open><summary>\#(column.records.count) fallback(s)</summary><ol>"#
            html += column.records.map { "<li><code>" + HTML.escape($0.line) + "</code></li>" }.joined() + "</ol></details>"
        }
        return html + "</section>"
    }

    private func link(_ text: String, _ current: Bool, title: String? = nil, _ change: (inout PreviewQuery) -> Void) -> String {
        let titled = title.map { #" title=""# + HTML.escape($0) + #"""# } ?? ""
        return #"<a href=""# + HTML.escape(query.link(change)) + #"""# + (current ? #" class="on""# : "") + titled + ">"
            + HTML.escape(text) + "</a>"
    }

    private func hidden(_ name: String, _ value: String) -> String {
        #"<input type="hidden" name=""# + HTML.escape(name) + #"" value=""# + HTML.escape(value) + #"">"#
    }
}
