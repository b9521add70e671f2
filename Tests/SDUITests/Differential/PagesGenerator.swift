import TestSupport

@testable import SDUI

/// Random Pages folders for the differential assembly test, from a seed: a catalog (types with
/// slots, required and typed fields, `since` per platform, `disabled`, fallbacks that chain or
/// are null; actions with `since`, `disabled`, fallbacks and null fallbacks), one page (components,
/// `$include`, `$each`, `$if`, `$variant`, schedules, literal and bound actions with fallbacks of
/// their own, required components, `$section`s deferred or not, maybe inside `$if`) and its data.
/// Every folder is meant to pass validation.
struct PagesGenerator {
    /// The versions a `since` or `disabled` names; clients are taken around each.
    static let versions = ["1.0.0", "2.0.0", "3.0.0"]
    static let platforms = ["ios", "android", "web"]
    /// The schedule edges templates use (seconds since 1970); renders happen at and around them.
    static let edges: [Double] = [1_800_000_000, 1_800_086_400]

    private var random: SeededGenerator
    private var typeNames = ["text"]
    private var actionNames = ["nav"]
    /// Type name → whether it has a slot, an `a` field, an action field, and its required fields.
    private var shapes: [String: (slot: Bool, action: Bool, required: [String])] = ["text": (false, false, ["a"])]
    private var nextID = 0
    private var fragments: [String: JSONValue] = [:]
    /// Sections made so far, and whether one is being made (sections don't nest).
    private var sections = 0
    private var inSection = false
    /// Some ids outside `$each` bind data that may repeat another component's literal id
    /// (`c{{d.n}}` is `c3` or `c4.5`): the first one served wins (SPEC §1).
    var collidingIDs = false

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// The folder's files, by path.
    mutating func files() -> [String: String] {
        let catalog = catalogJSON()
        let root = component(depth: 3, inEach: false, type: "page")
        var files = [
            "catalog.json": catalog,
            "pages/p.json": #"{"route":"/p","data":{"d":{"source":"s","key":"d"}},"root":\#(encode(root))}"#,
            "sources.json": #"{"sources":{"s":{"file":"data/s.json"}}}"#,
            "data/s.json": "{}",
            "rollout.json": #"{"experiments":[{"name":"exp","pages":["p"],"salt":"s","variants":[{"name":"A","weight":50},{"name":"B","weight":50}]}]}"#,
        ]
        for (name, fragment) in fragments { files["fragments/\(name).json"] = encode(fragment) }
        return files
    }

    /// The data entry `d` the page binds.
    mutating func data() -> JSONValue {
        var members: [(String, JSONValue)] = [("s", .string(pick(["x", "y z", ""])))]
        if chance(0.7) { members.append(("flag", pick([.bool(true), .bool(false), .null]))) }
        if chance(0.8) { members.append(("n", .number(pick(["3", "4.5"])))) }
        if chance(0.8) { members.append(("act", dataAction())) }
        if chance(0.8) {
            let items = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                object([("k", .string(pick(["1", "2", "3"]))), ("s", .string("i")), ("act", dataAction())])
            }
            members.append(("list", .array(items)))
        }
        return object(members)
    }

    // MARK: The catalog

    private mutating func catalogJSON() -> String {
        var actions: [(String, JSONValue)] = [("nav", object([("required", .array([.string("url")]))]))]
        for index in 1...3 {
            let name = "act\(index)"
            var def: [(String, JSONValue)] = [("required", .array(chance(0.7) ? [.string("url")] : []))]
            if chance(0.7) { def.append(("since", since())) }
            if chance(0.2) { def.append(("disabled", disabled())) }
            if chance(0.2) {
                def.append(("fallback", .null))
            } else if chance(0.7) {
                let target = pick(actionNames)
                def.append(("fallback", object([("type", .string(target)), ("url", .string(pick(["{{url}}", "f-{{url}}", "{{missing}}"])))])))
            }
            actions.append((name, object(def)))
            actionNames.append(name)
        }
        var components: [(String, JSONValue)] = [
            ("page", object([("slots", .array([.string("children")]))])),
            ("text", object([("required", .array([.string("a")])), ("fields", object([("a", object([("type", .string("string"))]))]))])),
        ]
        for index in 1...Int.random(in: 2...5, using: &random) {
            let name = "t\(index)"
            let slot = chance(0.5), action = chance(0.7)
            var required: [String] = chance(0.5) ? ["a"] : []
            if action && chance(0.6) { required.append("act") }
            var fields: [(String, JSONValue)] = []
            if chance(0.5) { fields.append(("a", object([("type", .string("string"))]))) }
            if chance(0.5) { fields.append(("b", object([("since", since())]))) }
            if action { fields.append(("act", object([("type", .string("action"))] + (chance(0.2) ? [("since", since())] : [])))) }
            var def: [(String, JSONValue)] = [("required", .array(required.map(JSONValue.string))), ("fields", object(fields))]
            if slot { def.append(("slots", .array([.string("items")]))) }
            if chance(0.6) { def.append(("since", since())) }
            if chance(0.2) { def.append(("disabled", disabled())) }
            if chance(0.2) {
                def.append(("fallback", .null))
            } else if chance(0.7) {
                def.append(("fallback", fallbackTemplate()))  // to an earlier type: chains, no cycles
            }
            components.append((name, object(def)))
            typeNames.append(name)
            shapes[name] = (slot, action, required)
        }
        // `load`, for deferred sections; not among the actions templates and data pick.
        actions.append(("load", object([("since", since())])))
        return encode(object([("components", object(components)), ("actions", object(actions))]))
    }

    /// A fallback template `{ "type", "data" }` to one of the types made so far, reading the
    /// original's fields (which may be missing).
    private mutating func fallbackTemplate() -> JSONValue {
        let type = pick(typeNames)
        let shape = shapes[type]!
        var data: [(String, JSONValue)] = [("a", .string(pick(["{{a}}", "was {{a}}", "{{b}}"])))]
        if shape.action { data.append(("act", .string(pick(["{{act}}", "{{missing}}"])))) }
        if shape.slot { data.append(("items", .string("{{items}}"))) }
        return object([("type", .string(type)), ("data", object(data))])
    }

    private mutating func since() -> JSONValue {
        object(Self.platforms.compactMap { chance(0.75) ? ($0, .string(pick(Self.versions))) : nil })
    }

    private mutating func disabled() -> JSONValue {
        let entry: JSONValue = chance(0.5) ? .string(pick(Self.versions))
            : object([("from", .string("1.0.0")), ("below", .string(pick(["2.0.0", "3.0.0"])))])
        return object([(pick(Self.platforms), .array([entry]))])
    }

    // MARK: The page

    /// A component template of `type` (random when nil) with its required fields, children in
    /// its slot, and maybe a fallback of its own, `required`, or a schedule.
    private mutating func component(depth: Int, inEach: Bool, type: String? = nil) -> JSONValue {
        let type = type ?? pick(typeNames)
        nextID += 1
        let id = inEach ? "c\(nextID)-{{item.k}}" : collidingIDs && chance(0.3) ? "c{{d.n}}" : "c\(nextID)"
        var data: [(String, JSONValue)] = []
        if type == "page" {
            data.append(("children", .array(children(depth: depth, inEach: inEach))))
        } else {
            let shape = shapes[type]!
            if shape.required.contains("a") || chance(0.5) {
                data.append(("a", .string(pick(inEach ? ["v", "{{d.s}}", "{{item.s}}", "{{d.n}}"] : ["v", "{{d.s}}", "{{d.missing}}", "{{d.n}}"]))))
            }
            if chance(0.3) { data.append(("b", .string("b"))) }
            if shape.action, shape.required.contains("act") || chance(0.6) { data.append(("act", templateAction(inEach: inEach))) }
            if shape.slot { data.append(("items", .array(children(depth: depth - 1, inEach: inEach)))) }
        }
        var members: [(String, JSONValue)] = [("id", .string(id)), ("type", .string(type)), ("data", object(data))]
        if type != "page" {
            if chance(0.1) { members.append(("fallback", .null)) } else if chance(0.1) { members.append(("fallback", fallbackTemplate())) }
            if chance(0.05) { members.append(("required", .bool(true))) }
            if chance(0.1) { members += schedule() }
        }
        return object(members)
    }

    /// The elements of a slot: components and directives.
    private mutating func children(depth: Int, inEach: Bool) -> [JSONValue] {
        guard depth > 0 else { return [] }
        return (0..<Int.random(in: 0...3, using: &random)).map { _ in element(depth: depth, inEach: inEach) }
    }

    private mutating func element(depth: Int, inEach: Bool) -> JSONValue {
        switch Int.random(in: 0..<20, using: &random) {
        case 0 where fragments.count < 2:
            let name = "f\(fragments.count)"
            fragments[name] = .null  // taken: a fragment made inside this one is the next
            fragments[name] = chance(0.5) ? component(depth: depth - 1, inEach: false)
                : .array((0..<2).map { _ in component(depth: depth - 1, inEach: false) })
            return object([("$include", .string(name))])
        case 1...2 where !inEach:
            return object([("$each", .string("d.list")), ("as", .string("item")), ("template", component(depth: depth - 1, inEach: true))])
        case 3...4:
            var members: [(String, JSONValue)] = [("$if", .string("d.flag"))]
            if chance(0.8) { members.append(("then", component(depth: depth - 1, inEach: inEach))) }
            if members.count == 1 || chance(0.5) { members.append(("else", component(depth: depth - 1, inEach: inEach))) }
            return object(members + (chance(0.2) ? schedule() : []))
        case 6 where !inEach && !inSection:
            return section(depth: depth)
        case 5:
            return object([("$variant", .string("exp")), ("A", component(depth: depth - 1, inEach: inEach)),
                           ("B", component(depth: depth - 1, inEach: inEach))])
        default:
            return component(depth: depth - 1, inEach: inEach)
        }
    }

    /// A `$section` whose `then` is a component, maybe inside a `$if`, with a placeholder of
    /// its id binding `{{section.load}}`; deferred or not.
    private mutating func section(depth: Int) -> JSONValue {
        sections += 1
        inSection = true
        var then = component(depth: depth - 1, inEach: false)
        inSection = false
        let id = then["id"]!
        if chance(0.3) { then = object([("$if", .string("d.flag")), ("then", then)]) }
        let placeholder = object([("id", id), ("type", .string("text")),
                                  ("data", object([("a", .string("wait")), ("load", .string("{{section.load}}"))]))])
        return object([("$section", .string("s\(sections)")), ("defer", pick([.bool(false), .bool(true), .string("auto")])),
                       ("placeholder", placeholder), ("then", then)])
    }

    private mutating func schedule() -> [(String, JSONValue)] {
        let from = ("activeFrom", JSONValue.string("2027-01-15T08:00:00Z"))  // edges[0]
        let until = ("activeUntil", JSONValue.string("2027-01-16T08:00:00Z"))  // edges[1]
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return [from]
        case 1: return [until]
        default: return [from, until]
        }
    }

    // MARK: Actions

    /// An action field's template: literal, with bound fields, bound whole, an array, or a
    /// `$if`; each object maybe with a `fallback` of its own.
    private mutating func templateAction(inEach: Bool) -> JSONValue {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .string(inEach && chance(0.5) ? "{{item.act}}" : "{{d.act}}")
        case 1: return .array((0..<Int.random(in: 1...2, using: &random)).map { _ in literalAction(bound: false) })
        case 2: return object([("$if", .string("d.flag")), ("then", literalAction(bound: true)), ("else", literalAction(bound: false))])
        default: return literalAction(bound: chance(0.4))
        }
    }

    /// A declared action with its required `url`, literal or bound, maybe with its own fallback.
    private mutating func literalAction(bound: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(pick(actionNames))), ("url", .string(bound ? "{{d.s}}" : "u"))]
        switch Int.random(in: 0..<6, using: &random) {
        case 0: members.append(("fallback", .null))
        case 1: members.append(("fallback", object([("type", .string(pick(actionNames))), ("url", .string("own-{{url}}"))])))
        case 2: members.append(("fallback", object([("type", .string("nav")), ("url", .string("lit"))])))
        default: break
        }
        return object(members)
    }

    /// An action as data holds it: declared or not, its fields present or not, maybe with its
    /// own fallback (plain JSON: data is not a template).
    private mutating func dataAction() -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(pick(actionNames + ["unknown"])))]
        if chance(0.8) { members.append(("url", .string("d"))) }
        if chance(0.3) {
            members.append(("fallback", chance(0.3) ? .null : object([("type", .string(pick(actionNames))), ("url", .string("dfb"))])))
        }
        return object(members)
    }

    // MARK: Helpers

    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    private mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &random)! }
    private func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
    private func encode(_ value: JSONValue) -> String { String(decoding: JSONWriter.encode(value), as: UTF8.self) }
}
