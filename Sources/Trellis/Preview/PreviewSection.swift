import SDUI

/// A section a column's page served as its placeholder (SPEC §10.1), as the preview shows it
/// (SPEC §13): the placeholder labelled, with the section's content under it. The content is
/// what the app's `load` would get: the load's own url, run through the same pipeline with the
/// column's headers, so the preview fetches nothing an app wouldn't.
struct PreviewSection: Sendable {
    let name: String
    /// The placeholder's id: the load's `target`, where the content goes.
    let target: String
    /// The load's `url` (`/product/3?_section=related`).
    let url: String
    /// The answer to `url`; nil until fetched.
    var answer: PreviewColumn?

    /// The deferred sections `names` as their placeholders' `load` actions in `page` say: each
    /// is the first load whose url ends in `_section=<name>` (a `more.load` adds `_after`).
    static func deferred(_ names: [String], in page: JSONValue?) -> [PreviewSection] {
        var loads: [(url: String, target: String)] = []
        if let page { collectLoads(page, into: &loads) }
        return names.compactMap { name in
            loads.first { $0.url.hasSuffix("_section=" + name) }.map { PreviewSection(name: name, target: $0.target, url: $0.url) }
        }
    }

    /// The placeholder's HTML `placeholder` framed and labelled, then the content drawn with
    /// `previews`: its component, or its status (204: nothing stands there) or error.
    func html(placeholder: String, previews: [String: PreviewTemplate]) -> String {
        var html = #"<div class="section"><span class="mark">section "# + HTML.escape(name) + ", deferred</span>" + placeholder
            + #"<div class="section-content">"#
        if let answer, let content = answer.page {
            html += ComponentHTML(page: content, records: answer.records, previews: previews).html
        } else if let answer {
            html += #"<p class="error">"# + HTML.escape(answer.error ?? "\(answer.status): nothing stands here") + "</p>"
        }
        return html + "</div></div>"
    }

    /// Every `{"type": "load", "url": …, "target": …}` object under `value`, in document order.
    private static func collectLoads(_ value: JSONValue, into loads: inout [(url: String, target: String)]) {
        if let object = value.objectValue {
            if object["type"]?.stringValue == "load", let url = object["url"]?.stringValue, let target = object["target"]?.stringValue {
                loads.append((url, target))
            }
            for member in object.members { collectLoads(member.value, into: &loads) }
        } else if let elements = value.arrayValue {
            for element in elements { collectLoads(element, into: &loads) }
        }
    }
}
