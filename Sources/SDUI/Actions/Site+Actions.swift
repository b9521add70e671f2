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
    /// page, reading none of the sections `unread`) reads: a cached answer of it depends on the
    /// source's values. A page reads none of the entries only its unread sections bind.
    public func binds(source: String, template: String, section: String?, unread: Set<String>? = nil) -> Bool {
        guard let page = templates[template] else { return false }
        let read = section.flatMap { entriesRead(template: template, section: $0) }
            ?? unread.flatMap { entriesRead(template: template, unread: $0) }
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
            func string(_ node: TemplateNode) -> [UInt8]? { evaluator.value(node, scope)?.text.map { JSONWriter.encode(.string($0)) } }
            func component(_ node: TemplateNode) -> [UInt8]? { renderComponent(node, scope, evaluator, client) }
            switch op {
            case .replace(let target, let node):
                guard let target = string(target), let component = component(node) else { return nil }
                return Self.op("replace", [("target", target), ("component", component)])
            case .remove(let target):
                return string(target).map { Self.op("remove", [("target", $0)]) }
            case .toast(let node):
                return component(node).map { Self.op("toast", [("component", $0)]) }
            case .navigate(let url):
                return string(url).map { Self.op("navigate", [("url", $0)]) }
            }
        }
    }

    /// `{"op":"<name>",<key>:<value>…}`, each value already JSON.
    public static func op(_ name: String, _ members: [(key: String, json: [UInt8])]) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 64 + members.reduce(0) { $0 + $1.json.count })
        writer.appendRaw(Array(#"{"op":"#.utf8))
        writer.writeString(name)
        for member in members {
            writer.appendByte(UInt8(ascii: ","))
            writer.writeString(member.key)
            writer.appendByte(UInt8(ascii: ":"))
            writer.appendRaw(member.json)
        }
        writer.appendByte(UInt8(ascii: "}"))
        return writer.bytes
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
