/// The ids a component template can be served with (`TemplateReach`): one literal id, any id
/// that starts with an ASCII text (`rel-{{item.id}}`: the bindings may add anything after it),
/// or any id at all.
///
/// Ids are compared as the assembler's served-id set compares them, by Swift's `String`
/// equality (canonical equivalence), so `mayEqual` only says "no" where no two strings the
/// patterns stand for can be equivalent: a prefix is kept only while it is ASCII (a starter
/// that decomposes to itself, so every decomposed id of the pattern starts with it), and a
/// literal that is not ASCII may equal any prefixed id.
enum IDPattern: Equatable {
    case exactly(String)
    case prefix(String)
    case any

    /// The pattern of a component template's `id` node.
    init(_ id: TemplateNode) {
        switch id {
        case .literal(.string(let literal), _):
            self = .exactly(literal)
        case .text(let parts):
            var start = ""
            for part in parts {
                guard case .literal(let text) = part else { break }
                start += text
            }
            let ascii = String(decoding: start.utf8.prefix { $0 < 0x80 }, as: UTF8.self)
            self = ascii.isEmpty ? .any : .prefix(ascii)
        default:
            self = .any
        }
    }

    /// Whether an id of this pattern may equal one of `other`'s.
    func mayEqual(_ other: IDPattern) -> Bool {
        switch (self, other) {
        case (.any, _), (_, .any): true
        case (.exactly(let a), .exactly(let b)): a == b
        case (.exactly(let literal), .prefix(let start)), (.prefix(let start), .exactly(let literal)):
            !literal.utf8.allSatisfy { $0 < 0x80 } || literal.utf8.starts(with: start.utf8)
        case (.prefix(let a), .prefix(let b)): a.utf8.starts(with: b.utf8) || b.utf8.starts(with: a.utf8)
        }
    }
}
