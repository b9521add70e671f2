import SDUI

/// A route's preview (SPEC §8.2, §13): a bar with links that switch the variant and the
/// release and a form that adds a client or sets the device, locale, capabilities and request
/// headers, then a phone-sized column per client, drawn with the catalog's preview templates.
/// Framed by `PreviewDocument` (style, reload script, the banner of a rejected reload).
struct PreviewPage {
    let route: String
    let query: PreviewQuery
    let site: Site
    let generation: Int
    let rejection: SiteStore.Rejection?
    let columns: [PreviewColumn]

    var html: String {
        PreviewDocument(title: "Preview " + route, generation: generation, version: site.version, rejection: rejection,
                        body: bar + #"<main class="columns">"# + columns.map(column).joined() + "</main>").html
    }

    private var bar: String {
        var html = #"<header class="bar"><h1>Preview <code>"# + HTML.escape(route) + "</code></h1>"
        html += #"<a class="index" href="/_preview/">all routes</a>"#
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
        html += field("client", "client: android/5.2.0, none", nil)
        html += field("device", "device id", query.device)
        html += field("locale", "locale: fr", query.locale)
        html += field("capabilities", "capabilities: page,text", query.capabilities)
        for header in query.headers { html += field("header", "header", header.name + ": " + header.value) }
        html += field("header", "header: Authorization: Bearer alice", nil)
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
            html += #"<div class="phone">"# + ComponentHTML(page: page, records: column.records, previews: site.previewTemplates,
                                                                   sections: column.sections).html
                + "</div>"
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

    /// A text field `name` showing `value`, labelled by `placeholder`.
    private func field(_ name: String, _ placeholder: String, _ value: String?) -> String {
        #"<input name=""# + HTML.escape(name) + #"" placeholder=""# + HTML.escape(placeholder) + #"" aria-label=""#
            + HTML.escape(placeholder) + #"" value=""# + HTML.escape(value ?? "") + #"">"#
    }

    private func hidden(_ name: String, _ value: String) -> String {
        #"<input type="hidden" name=""# + HTML.escape(name) + #"" value=""# + HTML.escape(value) + #"">"#
    }
}
