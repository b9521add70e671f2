import Foundation
import SDUI

/// A page answer before encoding: its status, body and what the headers say about it.
struct PageResult: Sendable {
    var status: Int
    /// The routed page, for metrics and the access log.
    var page: String
    /// The template actually rendered (`home.canary`, `not-found`, `upgrade`).
    var template: String
    var body: [UInt8]
    var maxAge: Int
    var variantsHeader: String?
    var release: Release
    var fallbacks: Int
    var fallbackTypes: [String: Int]
    /// Actions replaced or dropped, by original action type (SPEC §7.4).
    var actionFallbackTypes: [String: Int] = [:]
    var upgradeRequired: Bool
    /// Optional data entries that got no value (the access log's `missing=`).
    var missingOptional: [String] = []
    /// The sources whose stale value stood in for a failed fetch (the access log's `stale=`;
    /// `Cache-Control: no-store`).
    var stale: [String] = []
    /// A personal page: `Cache-Control: private, no-cache` (SPEC §6.2).
    var personal = false
    /// Each fallback's path, types and reason; only when the pipeline explains.
    var fallbackRecords: [FallbackRecord] = []
    /// `Content-Language` (and `Accept-Language` in `Vary`), nil when the site has no locales.
    var contentLanguage: String?
    /// `X-Upgrade-Suggested: true`: the update banner is on the page (SPEC §7.3).
    var upgradeSuggested = false
    /// When the page's content next changes by its schedule (SPEC §7.5): `max-age` never
    /// reaches past it.
    var nextEdge: Date?
    /// The section answered alone (`X-Section`, the access log's `section=`; SPEC §10.1); nil
    /// for a page, and for the upgrade or not-found page answered in a section's place.
    var section: String?
    /// The sections the page served as their placeholder, in name order (`render --explain`).
    var deferredSections: [String] = []
    /// The page's sections that show its client nothing whatever the data, so their entries
    /// were not read (`Site.absentSections`), in name order; worked out only when explaining
    /// (`render --explain`), where no dropped component would tell of them.
    var absentSections: [String] = []
    /// What the answer tells shared caches (SPEC §12): `Vary`, `X-Trellis-Plan`, `xkey`,
    /// `X-Trellis-Edge`, stale times.
    var shared = SharedCacheHeaders.minimal
}

extension PageResult {
    /// The heap bytes the result holds beyond its inline fields (its body by capacity, its
    /// strings, lists and tables): part of a cached `Representation`'s cost.
    var heapBytes: Int {
        HeapBytes.of(body) + HeapBytes.of(page) + HeapBytes.of(template) + (variantsHeader.map(HeapBytes.of) ?? 0)
            + HeapBytes.of(fallbackTypes) + HeapBytes.of(actionFallbackTypes) + HeapBytes.of(strings: missingOptional)
            + HeapBytes.of(strings: stale) + HeapBytes.of(fallbackRecords)
            + (contentLanguage.map(HeapBytes.of) ?? 0) + (section.map(HeapBytes.of) ?? 0)
            + HeapBytes.of(strings: deferredSections) + HeapBytes.of(strings: absentSections) + shared.heapBytes
    }
}
