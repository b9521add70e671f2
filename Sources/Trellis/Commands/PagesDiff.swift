import Foundation
import SDUI

/// `trellis diff OLD NEW` (SPEC §8.4): every route for every client class that tells the two
/// Pages versions apart, rendered by both through the one `PagePipeline` (no response cache,
/// no upstreams: `url` sources have no value), and what changed per route and client.
public struct PagesDiff: Sendable {
    /// What changed for one route, client and rollout.
    public struct Change: Sendable, Equatable {
        public let path: String
        public let client: String
        public let rollout: String
        /// `id: carousel → column`, for a component served as another type now.
        public var replaced: [String] = []
        /// Components now left out for this client but served to another one.
        public var dropped: [String] = []
        /// Components no longer served to any client (removed from the page).
        public var removed: [String] = []
        /// Components served now that were not before.
        public var rendered: [String] = []
        /// The upgrade page newly served (true) or no longer served (false); nil: unchanged.
        public var upgrade: Bool?
        public var statusBefore = 0, statusAfter = 0
        public var bytesBefore = 0, bytesAfter = 0

        /// One line: `/home ios/5.0.0 (home-hero=A stable): replaced deals-carousel: carousel → column; bytes 5123 → 5301`.
        public var line: String {
            var parts: [String] = []
            if upgrade == true { parts.append("upgrade page newly served") }
            if upgrade == false { parts.append("upgrade page no longer served") }
            if statusBefore != statusAfter { parts.append("status \(statusBefore) → \(statusAfter)") }
            for (name, items) in [("replaced", replaced), ("dropped", dropped), ("now rendered", rendered), ("removed", removed)]
            where !items.isEmpty {
                parts.append(name + " " + items.joined(separator: ", "))
            }
            parts.append("bytes \(bytesBefore) → \(bytesAfter)")
            return "\(path) \(client) (\(rollout)): " + parts.joined(separator: "; ")
        }
    }

    /// What `--fail-on` can name.
    public enum Failure: String, Sendable, CaseIterable {
        case upgrade, drop
    }

    /// The changes, by route, then client, then rollout.
    public let changes: [Change]
    /// How many route × client × rollout samples were compared.
    public let compared: Int
    /// Routed pages with no sample path.
    public let unsampled: [String]

    /// Renders every sample of both sites as of `date` and compares them.
    public init(old: Site, new: Site, samples overrides: [String] = [], at date: Date) {
        let sweep = ClientSweep(sites: [old, new], overrides: overrides)
        let before = PagePipeline(site: old, upstream: nil), after = PagePipeline(site: new, upstream: nil)
        var served: [(ClientSweep.Sample, ServedPage, ServedPage)] = []
        // Component ids served to any client, per path and rollout, in the new version.
        var anywhere: [String: Set<String>] = [:]
        for sample in sweep.samples {
            guard let a = ServedPage(sample, pipeline: before, at: date), let b = ServedPage(sample, pipeline: after, at: date) else { continue }
            served.append((sample, a, b))
            anywhere[sample.path + " " + sample.rollout, default: []].formUnion(b.components.keys)
        }
        changes = served.compactMap { sample, a, b in
            Self.change(sample, a, b, servedElsewhere: anywhere[sample.path + " " + sample.rollout] ?? [])
        }
        compared = served.count
        unsampled = sweep.unsampled
    }

    private static func change(_ sample: ClientSweep.Sample, _ a: ServedPage, _ b: ServedPage,
                               servedElsewhere: Set<String>) -> Change? {
        var change = Change(path: sample.path, client: sample.client, rollout: sample.rollout)
        change.statusBefore = a.status
        change.statusAfter = b.status
        change.bytesBefore = a.bytes
        change.bytesAfter = b.bytes
        if a.upgrade != b.upgrade { change.upgrade = b.upgrade }
        if a.upgrade == b.upgrade && a.template == b.template {
            // A component gone with the one holding it is reported once, as its holder.
            for id in a.components.keys.sorted() where a.parents[id].map({ b.components[$0] != nil }) ?? true {
                switch b.components[id] {
                case let type? where type != a.components[id]: change.replaced.append("\(id): \(a.components[id]!) → \(type)")
                case nil where servedElsewhere.contains(id): change.dropped.append("\(id) (\(a.components[id]!))")
                case nil: change.removed.append("\(id) (\(a.components[id]!))")
                default: break
                }
            }
            for id in b.components.keys.sorted() where a.components[id] == nil && b.parents[id].map({ a.components[$0] != nil }) ?? true {
                change.rendered.append("\(id) (\(b.components[id]!))")
            }
        }
        return change.bytesBefore == change.bytesAfter && change.replaced.isEmpty && change.dropped.isEmpty
            && change.removed.isEmpty && change.rendered.isEmpty && change.upgrade == nil && a.status == b.status ? nil : change
    }

    /// Whether a change is one of `failures`: the upgrade page newly served, or a component dropped.
    public func fails(on failures: Set<Failure>) -> Bool {
        changes.contains { change in
            (failures.contains(.upgrade) && change.upgrade == true) || (failures.contains(.drop) && !change.dropped.isEmpty)
        }
    }

    /// The report: a line per change, then a summary line.
    public var report: String {
        var text = changes.map { $0.line + "\n" }.joined()
        for page in unsampled { text += "\(page): skipped (no sample: give --sample with a path of its route)\n" }
        text += "\(compared) route × client × rollout samples compared, \(changes.count) changed\n"
        return text
    }
}
