/// What a schema describes (`trellis schema --answer`): a whole page (SPEC §8.3), a section
/// fetched alone (one component of a type the client renders, SPEC §10.1), or a list's
/// `_after` page (an array of such components, SPEC §10.2).
public enum SchemaAnswer: String, Sendable, CaseIterable {
    case page
    case section
    case list
}
