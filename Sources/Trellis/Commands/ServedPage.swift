import Foundation
import SDUI

/// What one sample of a sweep was served: status, whether it was the upgrade page, the body's
/// size and its components (id → type), read back from the body the pipeline wrote.
struct ServedPage: Sendable {
    let status: Int
    let upgrade: Bool
    let bytes: Int
    /// Component id → type, for every component of the body.
    let components: [String: String]
    /// Component id → the id of the component holding it (none for the root).
    let parents: [String: String]
    /// The template rendered, for messages (`pages/<template>.json`).
    let template: String

    /// Runs `sample` through `pipeline` as of `date`; nil for a JSON error (which a sweep never sends).
    init?(_ sample: ClientSweep.Sample, pipeline: PagePipeline, at date: Date) {
        guard let result = pipeline.answer(sample.request, date: date).representation?.result else { return nil }
        status = result.status
        upgrade = result.upgradeRequired
        bytes = result.body.count
        template = result.template
        var found: [String: String] = [:], parents: [String: String] = [:]
        if let body = try? JSONParser.parse(result.body) { Self.collect(body, parent: nil, into: &found, &parents) }
        components = found
        self.parents = parents
    }

    private static func collect(_ value: JSONValue, parent: String?, into found: inout [String: String],
                                _ parents: inout [String: String]) {
        switch value {
        case .object(let object):
            var holder = parent
            if let id = object["id"]?.stringValue, let type = object["type"]?.stringValue, object["data"]?.objectValue != nil {
                found[id] = type
                parents[id] = parent
                holder = id
            }
            for member in object.members { collect(member.value, parent: holder, into: &found, &parents) }
        case .array(let items):
            for item in items { collect(item, parent: parent, into: &found, &parents) }
        default:
            break
        }
    }
}
