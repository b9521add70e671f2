import Foundation

/// The actions of a Pages version (SPEC §11): looked up by name, and their ops rendered for
/// one client.
extension Site {
    /// The action `actions/<name>.json` declares, if any.
    public func action(named name: String) -> ServerAction? {
        actions[name]
    }

    /// The `url` source called `name`, if there is one.
    public func upstreamSource(named name: String) -> UpstreamSource? {
        if case .url(let source)? = sources.sources[name]?.kind { return source }
        return nil
    }

    /// Whether `template` binds `source` in the part a request of `section` (nil: the whole
    /// page) reads: a cached answer of it depends on the source's values.
    public func binds(source: String, template: String, section: String?) -> Bool {
        guard let page = templates[template] else { return false }
        let read = section.flatMap { entriesRead(template: template, section: $0) }
        return page.data.contains { $0.source == source && (read?.contains($0.name) ?? true) }
    }

    /// The id a section's component has whatever the data: the literal id of the first
    /// component its `then` can yield; nil when that id is bound.
    public func sectionTarget(_ name: String, template: String) -> String? {
        guard let then = templates[template]?.section(named: name)?.section.then else { return nil }
        return Self.literalID(then)
    }

    private static func literalID(_ node: TemplateNode) -> String? {
        switch node {
        case .component(let template): template.id.literalValue?.stringValue
        case .conditional(_, let then, let otherwise): [then, otherwise].compactMap { $0 }.lazy.compactMap(literalID).first
        case .variant(_, let branches): branches.lazy.compactMap { literalID($0.node) }.first
        case .scheduled(_, let node): literalID(node)
        default: nil
        }
    }

    /// The ops of `action` for the answer: its `then` ops when `errorStatus` is nil, else those
    /// of `onError.<errorStatus>`; each the compact JSON of one op, evaluated with `result`
    /// (absent: no value), `input` and the page's route `params`, and negotiated for `client`
    /// in `locale` as of `date`. An op whose component, target or url has no value for this
    /// client is left out.
    public func renderOps(_ action: ServerAction, errorStatus: Int? = nil, result: JSONValue?, input: JSONObject,
                          params: [String: String], client: ClientClass, locale: String? = nil, at date: Date) -> [[UInt8]] {
        let ops = errorStatus.map { action.onError[$0] ?? [] } ?? action.then
        var scope = Scope()
        if let result { scope.bind("result", .value(result)) }
        scope.bind("input", .value(.object(input)))
        var paramsObject = JSONObject()
        for name in params.keys.sorted() { paramsObject[name] = .string(params[name]!) }
        scope.bind("params", .value(.object(paramsObject)))
        let evaluator = Evaluator(variants: [:], rollout: rollout, localizer: Localizer(localization, tag: locale),
                                  time: date.timeIntervalSince1970)
        return ops.compactMap { op in
            var writer = JSONWriter(reservingCapacity: 256)
            func text(_ node: TemplateNode) -> String? { evaluator.value(node, scope)?.text }
            func head(_ name: String) {
                writer.appendRaw(Array(#"{"op":"#.utf8))
                writer.writeString(name)
            }
            switch op {
            case .replace(let targetNode, let componentNode):
                guard let target = text(targetNode), let component = renderComponent(componentNode, scope, evaluator, client)
                else { return nil }
                head("replace")
                writer.appendRaw(Array(#","target":"#.utf8))
                writer.writeString(target)
                writer.appendRaw(Array(#","component":"#.utf8) + component)
            case .remove(let targetNode):
                guard let target = text(targetNode) else { return nil }
                head("remove")
                writer.appendRaw(Array(#","target":"#.utf8))
                writer.writeString(target)
            case .toast(let componentNode):
                guard let component = renderComponent(componentNode, scope, evaluator, client) else { return nil }
                head("toast")
                writer.appendRaw(Array(#","component":"#.utf8) + component)
            case .navigate(let urlNode):
                guard let url = text(urlNode) else { return nil }
                head("navigate")
                writer.appendRaw(Array(#","url":"#.utf8))
                writer.writeString(url)
            }
            writer.appendByte(UInt8(ascii: "}"))
            return writer.bytes
        }
    }

    /// An op's component, assembled and negotiated for `client`; nil when it drops out.
    private func renderComponent(_ node: TemplateNode, _ scope: Scope, _ evaluator: Evaluator, _ client: ClientClass) -> [UInt8]? {
        guard case .component(let evaluated)? = evaluator.value(node, scope) else { return nil }
        var assembler = Assembler(catalog: catalog, profile: classes.adopt(client).profile, evaluator: evaluator,
                                  checksIDs: false, literalIDs: literalIDs)
        do {
            guard let kept = try assembler.negotiate(evaluated) else { return nil }
            try assembler.write(kept)
        } catch {
            return nil
        }
        return assembler.writer.bytes
    }
}
