/// Negotiates evaluated components for one client class and writes the body bytes directly.
///
/// Per component: a data-driven drop when a catalog-required field has no value; kept when
/// its type is renderable; else its inline fallback (or inline drop), else the catalog's,
/// evaluated against the original data, keeping the id, negotiated again (chains); no
/// fallback left: dropped. Fields with `since` are pruned for clients that don't know them.
/// Ids stay unique on the page (SPEC §1): a component whose id was already served, which only
/// data can cause (`$each` over items with equal ids), is dropped; the first one wins.
struct Assembler {
    /// The most fallback steps followed for one component (validation rejects cycles).
    static let maxChain = 16

    let catalog: Catalog
    let profile: ClientProfile
    let evaluator: Evaluator
    var writer = JSONWriter(reservingCapacity: 4096)
    /// Original components replaced or dropped for this client.
    var fallbacks = 0
    var fallbackTypes: [String: Int] = [:]
    /// Actions replaced or dropped for this client, by original action type (SPEC §7.4).
    var actionFallbackTypes: [String: Int] = [:]
    /// Whether ids can repeat on this page (else validation already proved them unique).
    let checksIDs: Bool
    /// Ids written so far, in document order, when `checksIDs`.
    var servedIDs = Set<String>()
    /// The fallbacks' paths and reasons, only when explaining (nil: nothing is recorded).
    var explanation: FallbackExplanation?

    /// A `"required": true` component could not be rendered for this client.
    struct UpgradeRequired: Error {}

    /// The component as this client gets it, or nil when it is dropped. Called once per
    /// component, in document order, just before it is written.
    mutating func negotiate(_ original: EvaluatedComponent) throws(UpgradeRequired) -> EvaluatedComponent? {
        guard let kept = try replacement(for: original) else { return nil }
        if checksIDs {
            // Room for a typical page's ids at once: growing from empty rehashes them 4 times.
            if servedIDs.isEmpty { servedIDs.reserveCapacity(64) }
            if !servedIDs.insert(kept.id).inserted { return nil }
        }
        return kept
    }

    /// The component itself, its fallback, or nil (dropped).
    private mutating func replacement(for evaluated: EvaluatedComponent) throws(UpgradeRequired) -> EvaluatedComponent? {
        let conformed = conform(evaluated)
        count(conformed)
        let original = conformed.component
        guard original.has(catalog[original.type].required) else { return nil }
        if profile.renderable[original.type] { return original }
        fallbacks += 1
        fallbackTypes[catalog[original.type].name, default: 0] += 1
        var current = original
        var rule = original.fallback
        for _ in 0..<Self.maxChain {
            let template: ComponentTemplate?
            switch rule {
            case .drop: template = nil
            case .replace(let box): template = box.template
            case .catalog: template = catalog[current.type].fallback
            }
            guard let template,
                  let candidate = evaluator.component(template, Scope(members: current.data), id: current.id).map(conform),
                  candidate.component.has(catalog[candidate.component.type].required)
            else { break }
            let next = candidate.component
            if profile.renderable[next.type] {
                count(candidate)
                explanation?.record(catalog[original.type], served: catalog[next.type], client: profile.descriptor)
                return next
            }
            current = next
            rule = .catalog
        }
        if original.required { throw UpgradeRequired() }
        explanation?.record(catalog[original.type], served: nil, client: profile.descriptor)
        return nil
    }

    /// Writes a renderable component: `{"id":…,"type":…,"data":{…}}`.
    mutating func write(_ component: EvaluatedComponent) throws(UpgradeRequired) {
        let rules = catalog[component.type].fields
        writer.appendRaw(Self.idPrefix)
        writer.writeString(component.id)
        writer.appendRaw(Self.typePrefix)
        writer.appendRaw(catalog[component.type].nameBytes)
        writer.appendRaw(Self.dataPrefix)
        explanation?.enter(key: "data")
        var first = true
        // Through the buffer: members are read in place, not copied (retained) one by one.
        try component.data.withUnsafeBufferPointer { data throws(UpgradeRequired) in
            for index in data.indices {
                if let rule = rules.first(where: { $0.name == data[index].key }), !profile.fieldAllowed[rule.index] { continue }
                explanation?.enter(key: data[index].key)
                defer { explanation?.leave() }
                var kept: EvaluatedComponent?
                if case .component(let child) = data[index].value {
                    guard let negotiated = try negotiate(child) else { continue }
                    kept = negotiated
                }
                if !first { writer.appendByte(UInt8(ascii: ",")) }
                first = false
                writer.appendRaw(data[index].keyBytes)
                if let kept { try write(kept) } else { try write(data[index].value, negotiated: true) }
            }
        }
        explanation?.leave()
        writer.appendRaw(Self.closing)
    }

    /// Writes a value; components inside arrays are negotiated (dropped ones leave no trace).
    mutating func write(_ value: Evaluated, negotiated: Bool = false) throws(UpgradeRequired) {
        switch value {
        case .literal(_, let bytes): writer.appendRaw(bytes)
        case .value(let json): writer.write(json)
        case .component(let component):
            if negotiated { try write(component) } else if let kept = try negotiate(component) { try write(kept) } else {
                writer.write(.null)
            }
        case .array(let elements):
            writer.appendByte(UInt8(ascii: "["))
            var written = 0
            try elements.withUnsafeBufferPointer { elements throws(UpgradeRequired) in
                for index in elements.indices {
                    explanation?.enter(index: written)
                    defer { explanation?.leave() }
                    var kept: EvaluatedComponent?
                    if case .component(let child) = elements[index] {
                        guard let negotiated = try negotiate(child) else { continue }
                        kept = negotiated
                    }
                    if written > 0 { writer.appendByte(UInt8(ascii: ",")) }
                    written += 1
                    if let kept { try write(kept) } else { try write(elements[index], negotiated: true) }
                }
            }
            writer.appendByte(UInt8(ascii: "]"))
        case .object(let members):
            writer.appendByte(UInt8(ascii: "{"))
            try members.withUnsafeBufferPointer { members throws(UpgradeRequired) in
                for index in members.indices {
                    if index > 0 { writer.appendByte(UInt8(ascii: ",")) }
                    writer.appendRaw(members[index].keyBytes)
                    explanation?.enter(key: members[index].key)
                    try write(members[index].value)
                    explanation?.leave()
                }
            }
            writer.appendByte(UInt8(ascii: "}"))
        }
    }

    private static let idPrefix = Array(#"{"id":"#.utf8)
    private static let typePrefix = Array(#","type":"#.utf8)
    private static let dataPrefix = Array(#","data":{"#.utf8)
    private static let closing = Array("}}".utf8)
}
