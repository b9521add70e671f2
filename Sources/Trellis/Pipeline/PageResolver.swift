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

    func resolve(_ plan: PagePlan, data: PageData, at date: Date = Date()) -> PageResult {
        var result = page(plan, data: data, date: date)
        result.body = result.body.compacted()
        result.personal = plan.personal
        result.stale = data.stale
        result.forwardedNames = plan.forwardedNames
        result.contentLanguage = plan.locale
        result.nextEdge = site.nextEdge(of: result.template, after: date, updateBanner: result.upgradeSuggested)
        return result
    }

    private func page(_ plan: PagePlan, data: PageData, date: Date) -> PageResult {
        if plan.belowMinimumVersion { return special("upgrade", status: 200, plan: plan, date: date) }
        if !data.missingRequired.isEmpty { return special("not-found", status: 404, plan: plan, date: date) }
        switch site.render(template: plan.template, params: plan.params, query: plan.query, data: data.values,
                           client: plan.client, variants: plan.variants, locale: plan.locale, at: date,
                           updateBanner: plan.upgradeSuggested, explain: explains) {
        case .upgradeRequired:
            return special("upgrade", status: 200, plan: plan, date: date)
        case .page(let rendered):
            var result = PageResult(
                status: 200, page: plan.page, template: plan.template, body: rendered.body,
                maxAge: site.maxAge(of: plan.template), variantsHeader: plan.variantsHeader,
                release: plan.release, fallbacks: rendered.fallbacks, fallbackTypes: rendered.fallbackTypes,
                actionFallbackTypes: rendered.actionFallbackTypes, upgradeRequired: false, missingOptional: data.missingOptional,
                fallbackRecords: rendered.fallbackRecords)
            result.upgradeSuggested = plan.upgradeSuggested
            return result
        }
    }

    private func special(_ template: String, status: Int, plan: PagePlan, date: Date) -> PageResult {
        let rendered: RenderedPage
        switch site.render(template: template, params: [:], data: [:], client: plan.client, variants: [:],
                           locale: plan.locale, at: date, explain: explains) {
        case .page(let page): rendered = page
        case .upgradeRequired: rendered = RenderedPage.emptyPage(id: template)
        }
        return PageResult(
            status: status, page: plan.page, template: template, body: rendered.body,
            maxAge: site.maxAge(of: template), variantsHeader: nil, release: .stable,
            fallbacks: rendered.fallbacks, fallbackTypes: rendered.fallbackTypes,
            actionFallbackTypes: rendered.actionFallbackTypes, upgradeRequired: template == "upgrade",
            fallbackRecords: rendered.fallbackRecords)
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
