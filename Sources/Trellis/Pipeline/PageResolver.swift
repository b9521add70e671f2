import Foundation
import SDUI

/// Turns a plan and its data into a `PageResult` with one Pages version, following the
/// SPEC §4.1 order after the data step: a required entry with no value gives the
/// `not-found` page (404); a required component no fallback can render gives the `upgrade`
/// page. Those two pages are negotiated for the same client, with no experiments and the
/// stable release. All three are localized for the plan's locale and rendered as of `date`;
/// only a routed page carries the update banner.
struct PageResolver: Sendable {
    let site: Site
    /// Record each fallback's path, types and reason (`render --explain`, the preview).
    var explains = false
    /// The Pages version's `X-Trellis-Edge` (`EdgeModel.hash`).
    var edge = ""
    /// CORS is on: `Vary` names `Origin`.
    var varyOrigin = false

    func resolve(_ plan: PagePlan, data: PageData, at date: Date) -> PageResult {
        let page = rendered(plan, data: data, at: date)
        let rendered = page.rendered, routed = page.routed
        // One memberwise call: the result is made in place, never copied out.
        return PageResult(
            status: page.status, page: plan.page, template: page.template, body: rendered.body,
            maxAge: site.maxAge(of: page.template), variantsHeader: routed ? plan.variantsHeader : nil,
            release: routed ? plan.release : .stable, fallbacks: rendered.fallbacks, fallbackTypes: rendered.fallbackTypes,
            actionFallbackTypes: rendered.actionFallbackTypes, upgradeRequired: !routed && page.template == "upgrade",
            missingOptional: routed ? data.missingOptional : [], stale: data.stale, personal: plan.personal,
            fallbackRecords: rendered.fallbackRecords, contentLanguage: plan.locale,
            upgradeSuggested: routed && plan.upgradeSuggested,
            nextEdge: site.nextEdge(of: page.template, after: date, updateBanner: routed && plan.upgradeSuggested),
            section: routed ? plan.kind.section : nil, deferredSections: routed ? (plan.deferred?.names.sorted() ?? []) : [],
            absentSections: explains && routed && plan.kind == .page
                ? site.absentSections(template: plan.template, client: plan.client).sorted() : [],
            shared: SharedCacheHeaders(plan: plan, template: page.template, routed: routed, site: site, edge: edge,
                                       varyOrigin: varyOrigin))
    }

    /// The page rendered for a plan: the routed one, or a special page in its place.
    struct Rendered {
        var template: String
        var status: Int
        var rendered: RenderedPage
        /// The plan's own template: its experiments, release, missing entries and banner apply.
        var routed: Bool
    }

    /// The page (or section) of `plan` rendered with its `data` as of `date`, before it becomes
    /// a result: what `resolve` describes, and all that an action's refreshed section needs
    /// (`ActionRefresh`).
    func rendered(_ plan: PagePlan, data: PageData, at date: Date) -> Rendered {
        if plan.belowMinimumVersion { return special("upgrade", status: 200, plan: plan, date: date) }
        if !data.missingRequired.isEmpty { return special("not-found", status: 404, plan: plan, date: date) }
        switch plan.kind {
        case .page: return ownPage(plan, data: data, date: date)
        case .section(let name, let after): return section(name, after: after, plan, data: data, date: date)
        }
    }

    /// Section `name` of the plan's page alone (SPEC §10.1): its component (200), or with `after`
    /// the array of a page of its list (SPEC §10.2), nothing in its place for this client (204,
    /// no body; `X-Fallbacks` what was dropped there for it), or the `upgrade` page as the page would be.
    private func section(_ name: String, after: Int?, _ plan: PagePlan, data: PageData, date: Date) -> Rendered {
        switch site.renderSection(name, template: plan.template, params: plan.params, query: plan.query, data: data.values,
                                  client: plan.client, variants: plan.variants, locale: plan.locale, at: date, after: after) {
        case .component(let rendered): Rendered(template: plan.template, status: 200, rendered: rendered, routed: true)
        case .nothing(let counted): Rendered(template: plan.template, status: 204, rendered: counted, routed: true)
        case .upgradeRequired: special("upgrade", status: 200, plan: plan, date: date)
        }
    }

    /// The plan's own page, or the `upgrade` page when a required component can't be rendered.
    private func ownPage(_ plan: PagePlan, data: PageData, date: Date) -> Rendered {
        switch site.render(template: plan.template, params: plan.params, query: plan.query, data: data.values,
                           client: plan.client, variants: plan.variants, locale: plan.locale, at: date,
                           updateBanner: plan.upgradeSuggested, explain: explains, deferred: plan.deferred?.names ?? []) {
        case .upgradeRequired:
            return special("upgrade", status: 200, plan: plan, date: date)
        case .page(let rendered):
            return Rendered(template: plan.template, status: 200, rendered: rendered, routed: true)
        }
    }

    private func special(_ template: String, status: Int, plan: PagePlan, date: Date) -> Rendered {
        switch site.render(template: template, params: [:], data: [:], client: plan.client, variants: [:],
                           locale: plan.locale, at: date, explain: explains) {
        case .page(let page): Rendered(template: template, status: status, rendered: page, routed: false)
        case .upgradeRequired: Rendered(template: template, status: status, rendered: RenderedPage.emptyPage(id: template), routed: false)
        }
    }
}

extension RenderedPage {
    /// `{"id":…,"type":"page","data":{"children":[]}}`: what an upgrade or not-found page
    /// whose own required components can't be rendered degrades to.
    static func emptyPage(id: String) -> RenderedPage {
        var writer = JSONWriter()
        writer.write(.object(JSONObject([
            "id": .string(id), "type": .string("page"), "data": .object(JSONObject(["children": .array([])])),
        ])))
        return RenderedPage(body: writer.bytes, fallbacks: 0, fallbackTypes: [:])
    }
}
