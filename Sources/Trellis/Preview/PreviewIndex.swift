import SDUI

/// `/_preview/` (SPEC §13): every routed page as a link to its preview, a parameter route at
/// its sample path (`Site.samplePath(of:)`, the sample `diff` renders: `/product/1`), the route
/// `/` with a query (without one, `/_preview/` is this index); a route with no sample is listed
/// unlinked, to be opened with a path typed by hand.
struct PreviewIndex {
    let site: Site
    let generation: Int
    let rejection: SiteStore.Rejection?

    var html: String {
        var list = ""
        for (page, route) in site.routedPages.sorted(by: { $0.route < $1.route }) {
            let name = " <small>" + HTML.escape(page) + "</small>"
            if let path = site.samplePath(of: page) {
                let href = PreviewEndpoint.prefix + path + (path == "/" ? PreviewQuery(nil).link() : "")
                list += #"<li><a href=""# + HTML.escape(href) + #"">"# + HTML.escape(route) + "</a>"
                    + (path == route ? "" : " <code>" + HTML.escape(path) + "</code>") + name + "</li>"
            } else {
                list += "<li>" + HTML.escape(route) + name + " <small>(no sample key: open " + HTML.escape(PreviewEndpoint.prefix)
                    + "/… with one)</small></li>"
            }
        }
        let bar = #"<header class="bar"><h1>Preview</h1><span class="meta">Pages generation \#(generation) · version "#
            + HTML.escape(String(site.version.prefix(12))) + "</span></header>"
        return PreviewDocument(title: "Preview", generation: generation, version: site.version, rejection: rejection,
                               body: bar + #"<ul class="routes">"# + list + "</ul>").html
    }
}
