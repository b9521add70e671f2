import HTTPServer
import SDUI

/// The server's own query parameters of a page request (SPEC §10.1): `_section=<name>` asks for
/// one section alone, `_after=N` for a page of its list. Read right after routing, on every page
/// (a page with no sections answers them with its 404 or 400 too): a request with no query
/// pays nothing, one with a query a scan for those two names.
enum SectionQuery {
    /// The largest `_after` (SPEC §10.2).
    static let maxAfter = 1_000_000

    /// What `query` asks of the page `match` routed to: the whole page, or a section. An unknown section
    /// name (one with a malformed `%` escape too: it names none) is a 404 `not_found`; `_after`
    /// without `_section`, on a section with no paged list (SPEC §10.2), or not an integer
    /// 0…1,000,000 (a malformed escape included) is a 400 `bad_request`.
    static func kind(_ query: String?, match: RouteMatch) throws(HTTPError) -> PagePlan.Kind {
        guard let query else { return .page }
        let (section, after) = QueryParameters.first("_section", "_after", in: query)
        guard let section else {
            if after != nil { throw .badRequest("_after asks for a page of a section's list: it needs _section") }
            return .page
        }
        guard case .text(let name) = section, let found = match.section(named: name) else {
            let named = if case .text(let name) = section { name } else { "(a malformed % escape)" }
            throw HTTPError(status: 404, code: "not_found", message: "no section \(named) on page \(match.page)")
        }
        guard let after else { return .section(found.name, after: nil) }
        guard case .text(let text) = after, let offset = Int(text), String(offset) == text, (0...maxAfter).contains(offset) else {
            throw .badRequest("_after is an integer from 0 to \(maxAfter)")
        }
        guard found.paged else {
            throw .badRequest("section \(name) has no paged list for _after=\(offset)")
        }
        return .section(found.name, after: offset)
    }
}
