import HTTPServer
import SDUI

extension PagePlan {
    /// Takes what the page forwards from `forwarding`, that of the entries it reads with its
    /// deferred sections served as placeholders (SPEC §10.1) and those absent for its client
    /// left out (`Site.absentSections`), in place of the whole template's. A page whose
    /// personal sources only those sections bind is then shared: kept in the response cache,
    /// with a shared page's `Cache-Control` and none of their headers in `Vary` (each section,
    /// fetched alone, is personal by its own forwarding). Only the forwarding changes; the
    /// repeated-credential check made on the template's stands.
    mutating func forward(_ forwarding: Forwarding, of headers: HTTPHeaders) {
        personal = forwarding.personal
        forwardedNames = forwarding.headers
        forwardedValues = forwarding.personal ? [:] : Self.forwardedValues(forwarding.headers, of: headers)
    }
}
