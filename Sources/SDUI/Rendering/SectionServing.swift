/// How one page render serves its sections (SPEC §10.1): which ones stand as their placeholder,
/// and the url every section's `load` action starts with. Empty for a page that defers none.
struct SectionServing: Sendable {
    /// The sections served as their placeholder.
    var deferred: Set<String> = []
    /// `<page path>?<query>`: the page's path, then each declared query parameter the request
    /// carried as `name=value&` (`SectionURL.base`).
    var urlBase = ""
    /// The section rendered alone (`Site.renderSection`): the component it yields is marked
    /// `captured`, so that assembly records where it is written in the page.
    var captured: String?

    /// `{"type":"load","url":"<urlBase>_section=<name>","target":<target>,"mode":"replace"}`.
    func load(_ section: String, target: String) -> JSONValue {
        .object(JSONObject([
            JSONObject.Member(key: "type", value: .string("load")),
            JSONObject.Member(key: "url", value: .string(urlBase + "_section=" + section)),
            JSONObject.Member(key: "target", value: .string(target)),
            JSONObject.Member(key: "mode", value: .string("replace")),
        ]))
    }
}
