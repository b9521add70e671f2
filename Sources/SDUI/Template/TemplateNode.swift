/// A compiled piece of a page template: what a request evaluates, with no JSON re-parsing.
/// Literal subtrees carry their pre-encoded bytes; interpolated strings are pre-split;
/// `$include` is already inlined; the other directives are nodes of their own.
indirect enum TemplateNode: Sendable {
    /// A value with no bindings, directives or components, with its compact encoding.
    case literal(JSONValue, bytes: [UInt8])
    /// A string that is exactly one `{{path}}`: takes the bound value's own JSON type.
    case binding(BindingPath)
    /// A string mixing text and bindings; disappears if any binding has no textual value.
    case text([TextPart])
    /// An array; directive elements splice zero or more elements in.
    case array([TemplateNode])
    /// A plain (non-component) object; members whose value disappears are left out.
    case object([TemplateMember])
    /// A component, where a slot or the root expects one.
    case component(ComponentTemplate)
    /// `$each`: the template once per element of the bound array, spliced into the enclosing array.
    case each(BindingPath, variable: String, template: TemplateNode)
    /// A paged `$each` in a section (SPEC §10.2): a page of its items, then its `more`.
    case pagedList(PagedList)
    /// `$if`: `then` when the binding is present and not null, else `else` (either may be absent).
    case conditional(BindingPath, then: TemplateNode?, else: TemplateNode?)
    /// `$variant`: the branch named by the request's choice for the experiment, else the first.
    case variant(experiment: String, branches: [VariantBranch])
    /// An included fragment that is an array: its elements are spliced into the enclosing array.
    case splice([TemplateNode])
    /// `$t`: a message of the request's locale, with its arguments (SPEC §7.1); a string.
    case message(key: String, arguments: [TemplateMember])
    /// `$format`: a number, percent, currency or date formatted for the request's locale.
    case format(FormatTemplate)
    /// A component or directive with `activeFrom`/`activeUntil`: absent outside the window.
    case scheduled(ActiveWindow, TemplateNode)
    /// An action object whose own `fallback` has bindings: that fallback is evaluated against
    /// the action's own fields (as the catalog's are, SPEC §7.4), not the page's scope, and
    /// becomes the evaluated object's `fallback` member, which negotiation reads and never serves.
    case action([TemplateMember], fallback: TemplateNode)
    /// `$section` (SPEC §10.1): its `then` inline, or its placeholder when the page defers it.
    case section(SectionTemplate)

    /// The literal value when this node is a literal.
    var literalValue: JSONValue? {
        if case .literal(let value, _) = self { return value }
        return nil
    }

    /// Whether a component can come out of this node (itself, or anywhere inside it): only such
    /// a value is streamed by the assembler; any other is evaluated whole, then written.
    var containsComponents: Bool {
        switch self {
        case .component, .section: true
        case .literal, .binding, .text, .message, .format, .action: false
        case .array(let nodes), .splice(let nodes): nodes.contains { $0.containsComponents }
        case .object(let members): members.contains { $0.holdsComponents }
        case .each(_, _, let template), .scheduled(_, let template): template.containsComponents
        case .pagedList: true
        case .conditional(_, let then, let otherwise): then?.containsComponents == true || otherwise?.containsComponents == true
        case .variant(_, let branches): branches.contains { $0.node.containsComponents }
        }
    }

    /// Makes a literal node, pre-encoding the value.
    static func literal(_ value: JSONValue) -> TemplateNode {
        .literal(value, bytes: JSONWriter.encode(value))
    }
}

/// One member of a compiled object or component data, with its key pre-encoded as `"key":`.
struct TemplateMember: Sendable {
    let key: String
    let keyBytes: [UInt8]
    let node: TemplateNode
    /// `node.containsComponents`, worked out once.
    let holdsComponents: Bool
    /// The field rule of this member of a component's data, as the component's type has it
    /// (set by `TemplateCompiler.compileData`; the default, no rule, elsewhere).
    var rule = MemberRule()

    init(key: String, node: TemplateNode) {
        self.key = key
        self.node = node
        holdsComponents = node.containsComponents
        var writer = JSONWriter()
        writer.writeString(key)
        writer.appendByte(UInt8(ascii: ":"))
        keyBytes = writer.bytes
    }
}

/// What assembly needs of a component data member's field rule, worked out when the template
/// compiles, so that a request compares no field names (`Assembler.stream`).
struct MemberRule: Sendable {
    /// The index of the rule in its type's `fields`; nil: no rule, every client gets the field.
    var index: Int?
    /// The rule gives a type (a bound value is checked per request)...
    var typed = false
    /// ...and it is `action` (negotiated per client, literals too).
    var action = false
    /// For a literal action object of a declared type with its required fields: the index of
    /// that type, so that a client performing it gets the literal's bytes with no negotiation.
    var literalAction: Int?
    /// The member's bit in its type's `requiredMask` (`ComponentType.requiredBit`); 0 for a
    /// field that is not required.
    var requiredBit: UInt64 = 0
}

/// One branch of a `$variant`.
struct VariantBranch: Sendable {
    let name: String
    let node: TemplateNode
}

/// A compiled component: `{ "id", "type", "data", "fallback"?, "required"? }`.
///
/// A class: a node holding one, and a fallback rule naming one, share it by reference (copied
/// out of a node as a struct, its fields were retained one by one on every visit).
final class ComponentTemplate: Sendable {
    /// The id: a literal string, or an interpolated one (`rel-{{item.id}}`). Unused in fallbacks.
    let id: TemplateNode
    /// Index of the type in the catalog.
    let type: Int
    /// The data members in author order; slots hold arrays of components.
    let data: [TemplateMember]
    /// What replaces the component when the client can't render its type.
    let fallback: FallbackRule
    /// `"required": true`: an unrenderable result makes the whole page an upgrade.
    let required: Bool
    /// Where the component's id was written (duplicate-id problems).
    let site: SourceSite
    /// `{"id":…,"type":…,"data":{` when the id is a literal: the component's first bytes.
    let head: [UInt8]?
    /// The type's `requiredMask`; nil when it requires more fields than a mask holds (such a
    /// component is not streamed).
    let requiredMask: UInt64?
    /// Whether the type has typed field rules (its values are checked per request).
    let typed: Bool
    /// The number of a literal id in its site's `literalIDs`; nil for a bound id (and in a
    /// fallback, whose id is the original's).
    let literalID: Int?

    /// A component of `catalog`'s type at index `type`, with what streaming assembly reads of
    /// that type worked out once.
    init(id: TemplateNode, type: Int, data: [TemplateMember], fallback: FallbackRule, required: Bool, site: SourceSite,
         literalID: Int? = nil, catalog: Catalog) {
        self.id = id
        self.literalID = literalID
        self.type = type
        self.data = data
        self.fallback = fallback
        self.required = required
        self.site = site
        let componentType = catalog[type]
        if case .literal(.string(let literal), _) = id {
            var writer = JSONWriter()
            Assembler.writeHead(id: literal, nameBytes: componentType.nameBytes, into: &writer)
            head = writer.bytes
        } else {
            head = nil
        }
        requiredMask = componentType.requiredMask
        typed = componentType.hasTypedFields
    }
}

/// Where a component's fallback comes from.
enum FallbackRule: Sendable {
    /// The catalog's fallback for the type (or a drop when it has none).
    case catalog
    /// An inline `"fallback": null`: drop the component.
    case drop
    /// An inline `"fallback": { ... }`, which wins over the catalog's.
    case replace(ComponentTemplate)
}
