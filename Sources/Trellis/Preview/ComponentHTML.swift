import SDUI

/// One client's served page as HTML, rendered generically (SPEC §8.2): page, column and list
/// stacked, row side by side, carousel as a horizontal scroller, text, image (with its alt),
/// button (its `style` as a class), and any other type as a box labelled with its type and
/// fields; a type whose catalog entry has a `preview` template is drawn by it instead, its
/// values escaped and its slots drawn here (SPEC §13). Each replaced
/// component is outlined and labelled with its original type; each dropped one is a
/// placeholder where it would have been; a deferred section's placeholder is framed and
/// labelled with the section's content under it; a component with a `submit` action shows the
/// action's name and input under it (SPEC §11). Every value is HTML-escaped.
struct ComponentHTML {
    /// The fallbacks not yet placed, by path in the served body.
    private var pending: [FallbackRecord]
    /// The catalog's preview templates by type name.
    private let previews: [String: PreviewTemplate]
    /// The deferred sections whose placeholder the walk has not met yet.
    private var sections: [PreviewSection]
    private(set) var html = ""

    /// Renders `page`, the served body, with the marks of `records`, drawing the types of
    /// `previews` by their templates and the placeholders of `sections` with their content.
    init(page: JSONValue, records: [FallbackRecord], previews: [String: PreviewTemplate] = [:], sections: [PreviewSection] = []) {
        pending = records
        self.previews = previews
        self.sections = sections
        component(page, path: "$")
        for record in pending { placeholder(record) }  // not placed by the walk: listed last
    }

    private static let stacked: Set<String> = ["page", "column", "list"]

    private mutating func component(_ value: JSONValue, path: String) {
        if let id = value["id"]?.stringValue, let index = sections.firstIndex(where: { $0.target == id }) {
            let section = sections.remove(at: index)
            let placeholder = drawn { $0.component(value, path: path) }
            return html += section.html(placeholder: placeholder, previews: previews)
        }
        guard let type = value["type"]?.stringValue, let data = value["data"]?.objectValue else { return fields(value, path: path) }
        let replaced = take(path, dropped: false).first
        if let replaced {
            html += #"<div class="replaced"><span class="mark">"# + HTML.escape(replaced.originalType) + " → "
                + HTML.escape(type) + "<small>" + HTML.escape(replaced.reason.description) + "</small></span>"
        }
        let dataPath = FallbackRecord.path(path, key: "data")
        if let template = previews[type] {
            html += template.expand(.object(data), escape: HTML.escape) { slot in
                self.drawn { $0.children(data[slot] ?? .array([]), path: FallbackRecord.path(dataPath, key: slot)) }
            }
        } else {
            generic(type, data, dataPath: dataPath)
        }
        submits(data)
        for record in takeAll(under: dataPath) { placeholder(record) }  // dropped from a field now absent
        if replaced != nil { html += "</div>" }
    }

    /// The type drawn without a template: by its layout, or as a box of its fields.
    private mutating func generic(_ type: String, _ data: JSONObject, dataPath: String) {
        switch type {
        case "text":
            html += #"<p class="text" data-style=""# + HTML.escape(data["style"]?.stringValue ?? "") + #"">"#
                + HTML.escape(data["text"]?.stringValue ?? "") + "</p>"
        case "image":
            let alt = HTML.escape(data["alt"]?.stringValue ?? "")
            html += #"<figure class="image"><img src=""# + HTML.escape(data["url"]?.stringValue ?? "") + #"" alt=""# + alt
                + #""><figcaption>"# + alt + "</figcaption></figure>"
        case "button":
            html += #"<span class="button"# + Self.styleClass(data["style"]) + #"">"# + HTML.escape(data["title"]?.stringValue ?? "")
                + "</span>"
        default:
            let layout = Self.stacked.contains(type) ? "stack" : type == "row" ? "row" : type == "carousel" ? "carousel" : "box"
            html += #"<div class="\#(layout)" data-type=""# + HTML.escape(type) + #"">"#
            if layout == "box" { html += #"<span class="type">"# + HTML.escape(type) + "</span>" }
            for (key, member) in data.members.map({ ($0.key, $0.value) }) {
                let memberPath = FallbackRecord.path(dataPath, key: key)
                if Self.holdsComponents(member) {
                    children(member, path: memberPath)
                } else if layout == "box" {
                    html += #"<div class="field"><b>"# + HTML.escape(key) + "</b> " + Self.value(member) + "</div>"
                }
            }
            html += "</div>"
        }
    }

    /// Under a component whose fields hold `submit` actions (SPEC §11), what each submits: the
    /// action's name and its input, as the app would post them.
    private mutating func submits(_ data: JSONObject) {
        for member in data.members {
            for action in member.value.arrayValue ?? [member.value] where action["type"]?.stringValue == "submit" {
                html += #"<div class="submit">submits <b>"# + HTML.escape(action["action"]?.stringValue ?? "")
                    + "</b> <code>" + Self.text(action["input"] ?? .object(JSONObject())) + "</code></div>"
            }
        }
    }

    /// A member holding components: one, or an array (with placeholders for dropped elements).
    private mutating func children(_ value: JSONValue, path: String) {
        guard let elements = value.arrayValue else { return component(value, path: path) }
        for (index, element) in elements.enumerated() {
            let elementPath = FallbackRecord.path(path, index: index)
            for record in take(elementPath, dropped: true) { placeholder(record) }
            if Self.isComponent(element) { component(element, path: elementPath) } else { fields(element, path: elementPath) }
        }
        for record in take(FallbackRecord.path(path, index: elements.count), dropped: true) { placeholder(record) }
    }

    /// What `draw` adds to the HTML, returned instead of added.
    private mutating func drawn(_ draw: (inout ComponentHTML) -> Void) -> String {
        let outer = html
        html = ""
        draw(&self)
        defer { html = outer }
        return html
    }

    private mutating func fields(_ value: JSONValue, path: String) {
        html += #"<div class="field">"# + Self.value(value) + "</div>"
    }

    private mutating func placeholder(_ record: FallbackRecord) {
        html += #"<div class="dropped"><b>"# + HTML.escape(record.originalType) + "</b> dropped<small>"
            + HTML.escape(record.reason.description) + "</small></div>"
    }

    /// Removes and returns the records at exactly `path`: the drops placed there, or the
    /// replacement served there.
    private mutating func take(_ path: String, dropped: Bool) -> [FallbackRecord] {
        let matches = { (record: FallbackRecord) in record.path == path && (record.servedType == nil) == dropped }
        let found = pending.filter(matches)
        pending.removeAll(where: matches)
        return found
    }

    /// Removes and returns the records below `path` (`path.x`, `path[i]`…), in document order.
    private mutating func takeAll(under path: String) -> [FallbackRecord] {
        let below = { (record: FallbackRecord) in
            record.path.hasPrefix(path + ".") || record.path.hasPrefix(path + "[")
        }
        let found = pending.filter(below)
        pending.removeAll(where: below)
        return found
    }

    /// ` primary` for a `style` of letters, digits, `-` and `_`; else nothing.
    private static func styleClass(_ style: JSONValue?) -> String {
        let allowed = { (scalar: Unicode.Scalar) in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        }
        guard let style = style?.stringValue, !style.isEmpty, style.unicodeScalars.allSatisfy(allowed) else { return "" }
        return " " + HTML.escape(style)
    }

    private static func isComponent(_ value: JSONValue) -> Bool {
        value["type"]?.stringValue != nil && value["data"]?.objectValue != nil && value["id"] != nil
    }

    private static func holdsComponents(_ value: JSONValue) -> Bool {
        isComponent(value) || (value.arrayValue.map { !$0.isEmpty && $0.contains(where: isComponent) } ?? false)
    }

    /// A field's value, escaped: an object with `url` and `alt` as a thumbnail, other objects
    /// as `key value · key value`, arrays as lists, strings as themselves, the rest as JSON.
    private static func value(_ value: JSONValue) -> String {
        if let object = value.objectValue {
            if let url = object["url"]?.stringValue, let alt = object["alt"]?.stringValue {
                return #"<img class="thumb" src=""# + HTML.escape(url) + #"" alt=""# + HTML.escape(alt) + #"">"# + HTML.escape(alt)
            }
            return object.members.map { "<i>" + HTML.escape($0.key) + "</i> " + inline($0.value) }.joined(separator: " · ")
        }
        if let elements = value.arrayValue, !elements.isEmpty {
            return "<ul>" + elements.map { "<li>" + Self.value($0) + "</li>" }.joined() + "</ul>"
        }
        return text(value)
    }

    /// A nested value on one line: an object as its values (`navigate app://cart`), else text.
    private static func inline(_ value: JSONValue) -> String {
        value.objectValue.map { $0.members.map { inline($0.value) }.joined(separator: " ") } ?? text(value)
    }

    /// A scalar as escaped text: a string as itself, anything else as compact JSON.
    private static func text(_ value: JSONValue) -> String {
        HTML.escape(value.stringValue ?? String(decoding: JSONWriter.encode(value), as: UTF8.self))
    }
}
