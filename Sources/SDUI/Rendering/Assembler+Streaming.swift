/// Streaming assembly: a component this client renders is written while its template is
/// evaluated, with no evaluated tree in between (building and freeing that tree was most of an
/// uncached page's assembly). A component the client can't render (its fallbacks read the
/// original's evaluated data), by its type or by a required action field left with no action
/// it performs (found while streaming: taken back), one whose id was served already, and a
/// member checked against a typed field rule while it holds components go the tree's way
/// (`negotiate`, then `write`).
///
/// The bytes and the tallies are exactly the tree's way's: a component found, once written, to
/// lack a required field is taken back (`JSONWriter.truncate`, `undoEffects`), since the tree's
/// way would neither have written it nor negotiated its children; a child that makes the page an
/// upgrade does so only if its parent is kept.
extension Assembler {
    /// What became of a streamed component or value.
    enum Streamed: Equatable {
        /// No value at all (a component without an id): its key or element disappears.
        case absent
        /// A value, but nothing written for this client (a component dropped).
        case dropped
        case written
    }

    /// Streams the component `template` in `scope` (the caller wrote what goes before it).
    mutating func stream(_ template: ComponentTemplate, _ scope: Scope) throws(UpgradeRequired) -> Streamed {
        let id: String
        if case .literal(.string(let literal), _) = template.id { id = literal } else {
            guard let bound = evaluator.value(template.id, scope)?.text else { return .absent }
            id = bound
        }
        let effectsMark = effects.count
        guard profile.renderable[template.type], let requiredMask = template.requiredMask,
              template.literalID.map({ serve(literal: $0) }) ?? serve(id) else {
            return try assemble(template, scope, id: id)
        }
        let start = writer.count
        if let head = template.head { writer.appendRaw(head) } else { writeHead(id: id, type: template.type) }
        let rules = catalog[template.type].fields
        var present: UInt64 = 0  // the `requiredBit`s of the members with a value
        var actionFallbacks: [String] = []
        var upgrade: UpgradeRequired?  // from a child: thrown once this component is known to be kept
        var fallsBack = false  // a required action field has no action this client performs
        var first = true
        // Through the buffer: template members are read in place, not copied one by one.
        template.data.withUnsafeBufferPointer { members in
            for index in members.indices {
                let rule = members[index].rule
                let allowed = upgrade == nil && (rule.index.map { profile.fieldAllowed[rules[$0].index] } ?? true)
                var hasValue = true
                if case .literal(_, let bytes) = members[index].node, !rule.action || keepsLiteralAction(rule) {
                    // Validation checked literals against their rules; an action is written as
                    // it is only when this client performs it (else it is negotiated below).
                    if allowed {
                        if !first { writer.appendByte(UInt8(ascii: ",")) }
                        first = false
                        writer.appendRaw(members[index].keyBytes)
                        writer.appendRaw(bytes)
                    }
                } else if allowed, members[index].holdsComponents, !template.typed || !rule.typed {
                    let mark = writer.count
                    if !first { writer.appendByte(UInt8(ascii: ",")) }
                    writer.appendRaw(members[index].keyBytes)
                    var outcome = Streamed.dropped
                    do throws(UpgradeRequired) { outcome = try streamValue(members[index].node, scope) } catch { upgrade = error }
                    if outcome == .written { first = false } else { writer.truncate(to: mark) }
                    hasValue = outcome != .absent
                } else if var value = evaluator.value(members[index].node, scope) {
                    if template.typed, let ruleIndex = rule.index {
                        switch fate(of: value, fieldType: rules[ruleIndex].type, actionFallbacks: &actionFallbacks) {
                        case .kept: break
                        case .dropped: hasValue = false
                        case .unperformable where rule.requiredBit != 0:
                            fallsBack = true
                        case .unperformable: hasValue = false
                        case .replaced(let replacement): value = replacement
                        }
                        if fallsBack { break }
                    }
                    if hasValue, allowed {
                        do throws(UpgradeRequired) {
                            try writeMember(keyBytes: members[index].keyBytes, value: value, first: &first)
                        } catch { upgrade = error }
                    }
                } else {
                    hasValue = false
                }
                if hasValue { present |= rule.requiredBit }
            }
        }
        if fallsBack {
            // Its fallback chain reads the whole evaluated data: the tree's way, from the start.
            writer.truncate(to: start)
            undoEffects(after: effectsMark)
            return try assemble(template, scope, id: id)
        }
        guard present == requiredMask else {
            writer.truncate(to: start)
            undoEffects(after: effectsMark)
            count(actionFallbacks: actionFallbacks)
            return .dropped
        }
        if let upgrade { throw upgrade }
        count(actionFallbacks: actionFallbacks)
        writer.appendRaw(Self.closing)
        return .written
    }

    /// Assembles the component `template` in `scope` the tree's way: evaluated whole, negotiated
    /// (fallbacks), then written.
    private mutating func assemble(_ template: ComponentTemplate, _ scope: Scope, id: String) throws(UpgradeRequired) -> Streamed {
        guard let kept = try negotiate(evaluator.component(template, scope, id: id)!) else { return .dropped }
        try write(kept)
        return .written
    }

    /// Streams a member's value that may hold components, as `Evaluator.value` evaluates it and
    /// `writeMember` writes it.
    private mutating func streamValue(_ node: TemplateNode, _ scope: Scope) throws(UpgradeRequired) -> Streamed {
        switch node {
        case .component(let template):
            return try stream(template, scope)
        case .array, .each, .splice, .pagedList:
            writer.appendByte(UInt8(ascii: "["))
            var written = 0
            // An array's elements each contribute; `$each` and a spliced fragment are one contribution.
            if case .array(let nodes) = node {
                // Through the buffer: each node is read in place, not copied (retained) out.
                try nodes.withUnsafeBufferPointer { nodes throws(UpgradeRequired) in
                    for index in nodes.indices { try streamElements(nodes[index], scope, written: &written) }
                }
            } else {
                try streamElements(node, scope, written: &written)
            }
            writer.appendByte(UInt8(ascii: "]"))
            return .written
        case .conditional(let path, let then, let otherwise):
            guard let branch = scope.branch(path, then: then, else: otherwise) else { return .absent }
            return try streamValue(branch, scope)
        case .variant(let experiment, let branches):
            return try streamValue(evaluator.choose(experiment, branches), scope)
        case .scheduled(let window, let node):
            guard window.contains(evaluator.time) else { return .absent }
            return try streamValue(node, scope)
        case .section(let section):
            guard let shown = evaluator.shown(section, scope) else { return .absent }
            return try streamValue(shown.node, shown.scope)
        default:
            guard let value = evaluator.value(node, scope) else { return .absent }
            try write(value)
            return .written
        }
    }

    /// Streams what `node` contributes to an enclosing array, as `Evaluator.elements` evaluates
    /// it and `write` writes an array: directives splice, an element with no value disappears,
    /// and so does a component dropped for this client. `written` counts the elements so far.
    private mutating func streamElements(_ node: TemplateNode, _ scope: Scope, written: inout Int) throws(UpgradeRequired) {
        switch node {
        case .each(let path, let variable, let template):
            try scope.forEach(path, as: variable) { inner throws(UpgradeRequired) in
                try streamElements(template, inner, written: &written)
            }
        case .pagedList(let list):
            try evaluator.forPage(of: list, scope) { inner, _ throws(UpgradeRequired) in
                try streamElements(list.template, inner, written: &written)
            } more: { inner, _ throws(UpgradeRequired) in
                try streamElements(list.more, inner, written: &written)
            }
        case .splice(let nodes):
            for node in nodes { try streamElements(node, scope, written: &written) }
        case .conditional(let path, let then, let otherwise):
            if let branch = scope.branch(path, then: then, else: otherwise) { try streamElements(branch, scope, written: &written) }
        case .variant(let experiment, let branches):
            try streamElements(evaluator.choose(experiment, branches), scope, written: &written)
        case .scheduled(let window, let node):
            if window.contains(evaluator.time) { try streamElements(node, scope, written: &written) }
        case .section(let section):
            if let shown = evaluator.shown(section, scope) { try streamElements(shown.node, shown.scope, written: &written) }
        case .component(let template):
            let mark = writer.count
            if written > 0 { writer.appendByte(UInt8(ascii: ",")) }
            if try stream(template, scope) == .written { written += 1 } else { writer.truncate(to: mark) }
        case .literal(_, let bytes):
            if written > 0 { writer.appendByte(UInt8(ascii: ",")) }
            written += 1
            writer.appendRaw(bytes)
        default:
            guard let value = evaluator.value(node, scope) else { return }
            if written > 0 { writer.appendByte(UInt8(ascii: ",")) }
            written += 1
            try write(value)
        }
    }
}
