/// Negotiates evaluated components for one client class and writes the body bytes directly.
///
/// Per component: a data-driven drop when a catalog-required field has no value; kept when
/// its type is renderable and its required action fields keep an action this client performs
/// (SPEC §14); else its inline fallback (or inline drop), else the catalog's,
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
    /// The site's literal component ids by number (`TemplateCompiler.literalIDs`).
    let literalIDs: [String: Int]
    /// The literal ids served so far, a bit per number, when `checksIDs`.
    var servedLiterals: [UInt64] = []
    /// The other ids (bound ones) served so far, when `checksIDs`.
    var servedIDs = Set<String>()
    /// The fallbacks' paths and reasons, only when explaining (nil: nothing is recorded).
    var explanation: FallbackExplanation?
    /// Every change made to the tallies above, in order, so that a streamed component found
    /// dropped after it was written takes back its own and its children's (`undoEffects`).
    var effects: [Effect] = []
    /// Where the component of the section rendered alone was written, and what its subtree
    /// added to the tallies (`Assembler+Capture`); nil unless a section is rendered alone.
    var capture: SectionCapture?
    /// The same for the items and `more` of the page of its list asked (`_after`, SPEC §10.2).
    var itemsCapture: SectionCapture?

    /// One change to the assembler's tallies.
    enum Effect {
        case servedID(String), servedLiteral(Int), fallback(type: String), actionFallback(String)
    }

    /// A `"required": true` component could not be rendered for this client.
    struct UpgradeRequired: Error {}

    /// The component as this client gets it, or nil when it is dropped. Called once per
    /// component, in document order, just before it is written.
    mutating func negotiate(_ original: EvaluatedComponent) throws(UpgradeRequired) -> EvaluatedComponent? {
        if original.captured != .none { beginCapture(original.captured) }
        guard let kept = try replacement(for: original), serve(kept.id) else {
            // A marked component dropped still counts where its answer is taken (SPEC §4.1, §10).
            if original.captured != .none { dropCapture(original.captured) }
            return nil
        }
        return kept
    }

    /// Whether `id` may be served (it was not, or the page's ids are known to be unique), and
    /// marks it served.
    mutating func serve(_ id: String) -> Bool {
        guard checksIDs else { return true }
        if let number = literalIDs[id] { return serve(literal: number) }
        // Room for a few ids at once: growing from empty rehashes them each time.
        if servedIDs.isEmpty { servedIDs.reserveCapacity(16) }
        guard servedIDs.insert(id).inserted else { return false }
        effects.append(.servedID(id))
        return true
    }

    /// `serve` for a template's literal id, by its number: a bit, with no hashing.
    mutating func serve(literal number: Int) -> Bool {
        guard checksIDs else { return true }
        if servedLiterals.isEmpty {
            // Reserved and appended: `Array(repeating:count:)` allocates through the standard
            // library's unspecialized path, which looks the array's type up at run time.
            let words = (literalIDs.count + 63) / 64
            servedLiterals.reserveCapacity(words)
            for _ in 0..<words { servedLiterals.append(0) }
            // Room for a typical page's effects: growing from empty copies the journal each time.
            effects.reserveCapacity(64)
        }
        let word = number / 64, bit: UInt64 = 1 << (number % 64)
        guard servedLiterals[word] & bit == 0 else { return false }
        servedLiterals[word] |= bit
        effects.append(.servedLiteral(number))
        return true
    }

    /// The component itself, its fallback, or nil (dropped).
    private mutating func replacement(for evaluated: EvaluatedComponent) throws(UpgradeRequired) -> EvaluatedComponent? {
        let conformed = conform(evaluated)
        count(conformed)
        let original = conformed.component
        guard conformed.has(catalog[original.type].required) else { return nil }
        if profile.renderable[original.type] && conformed.unperformable.isEmpty { return original }
        fallbacks += 1
        fallbackTypes[catalog[original.type].name, default: 0] += 1
        effects.append(.fallback(type: catalog[original.type].name))
        var current = original
        var rule = original.fallback
        for _ in 0..<Self.maxChain {
            let template: ComponentTemplate?
            switch rule {
            case .drop: template = nil
            case .replace(let replacement): template = replacement
            case .catalog: template = catalog[current.type].fallback
            }
            // Conformed with `if let`, not `.map(conform)`: that closure captured a copy of the
            // whole assembler.
            guard let template, let evaluated = evaluator.component(template, Scope(members: current.data), id: current.id)
            else { break }
            let candidate = conform(evaluated)
            guard candidate.has(catalog[candidate.component.type].required) else { break }
            var next = candidate.component
            next.captured = original.captured
            if profile.renderable[next.type] && candidate.unperformable.isEmpty {
                count(candidate)
                explain(conformed, served: next.type)
                return next
            }
            current = next
            rule = .catalog
        }
        if original.required { throw UpgradeRequired() }
        explain(conformed, served: nil)
        return nil
    }

    /// Records, when explaining, that the conformed component was replaced by one of type
    /// `served` (nil: dropped), and why: its type, else a required action field.
    private mutating func explain(_ conformed: Conformed, served: Int?) {
        guard explanation != nil else { return }
        let original = conformed.component.type
        let reason = if profile.renderable[original], let field = conformed.unperformable.first {
            FallbackReason.noPerformableAction(field: field)
        } else {
            FallbackReason(type: catalog[original], client: profile.descriptor)
        }
        explanation!.record(catalog[original], id: conformed.component.id, served: served.map { catalog[$0] }, reason: reason)
    }

    /// Writes a renderable component: `{"id":…,"type":…,"data":{…}}`.
    mutating func write(_ component: EvaluatedComponent) throws(UpgradeRequired) {
        let start = writer.count
        defer { if component.captured != .none { endCapture(component.captured, from: start) } }
        let rules = catalog[component.type].fields
        writeHead(id: component.id, type: component.type)
        explanation?.enter(key: "data")
        var first = true
        // Through the buffer: members are read in place, not copied (retained) one by one.
        try component.data.withUnsafeBufferPointer { data throws(UpgradeRequired) in
            for index in data.indices {
                if let rule = catalog[component.type].ruleIndex(data[index].key), !profile.fieldAllowed[rules[rule].index] { continue }
                explanation?.enter(key: data[index].key)
                defer { explanation?.leave() }
                try writeMember(keyBytes: data[index].keyBytes, value: data[index].value, first: &first)
            }
        }
        explanation?.leave()
        writer.appendRaw(Self.closing)
    }

    /// `{"id":…,"type":…,"data":{`: a component up to its first data member.
    mutating func writeHead(id: String, type: Int) {
        Self.writeHead(id: id, nameBytes: catalog[type].nameBytes, into: &writer)
    }

    /// `{"id":…,"type":…,"data":{` of a component whose type's name is `nameBytes`.
    static func writeHead(id: String, nameBytes: [UInt8], into writer: inout JSONWriter) {
        writer.appendRaw(idPrefix)
        writer.writeString(id)
        writer.appendRaw(typePrefix)
        writer.appendRaw(nameBytes)
        writer.appendRaw(dataPrefix)
    }

    /// Writes a data member (after a comma unless it is the `first` written): its key, then its
    /// value; a component value dropped for this client leaves no trace, not even its key.
    mutating func writeMember(keyBytes: [UInt8], value: Evaluated, first: inout Bool) throws(UpgradeRequired) {
        var kept: EvaluatedComponent?
        if case .component(let child) = value {
            guard let negotiated = try negotiate(child) else { return }
            kept = negotiated
        }
        if !first { writer.appendByte(UInt8(ascii: ",")) }
        first = false
        writer.appendRaw(keyBytes)
        if let kept { try write(kept) } else { try write(value, negotiated: true) }
    }

    /// Takes back the tallies' changes made after the first `mark` effects (a streamed component
    /// dropped after it was written: negotiation would never have reached its children).
    mutating func undoEffects(after mark: Int) {
        func decrement(_ counts: inout [String: Int], _ name: String) {
            counts[name]! -= 1
            if counts[name] == 0 { counts[name] = nil }
        }
        for effect in effects[mark...].reversed() {
            switch effect {
            case .servedID(let id): servedIDs.remove(id)
            case .servedLiteral(let number): servedLiterals[number / 64] &= ~(1 << (number % 64))
            case .fallback(let type):
                fallbacks -= 1
                decrement(&fallbackTypes, type)
            case .actionFallback(let name): decrement(&actionFallbackTypes, name)
            }
        }
        effects.removeSubrange(mark...)
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
    static let closing = Array("}}".utf8)
}
