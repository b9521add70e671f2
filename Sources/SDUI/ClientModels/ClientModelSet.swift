/// What `trellis client-models` writes code for (SPEC §13): the component and action types one
/// client can receive, each with its fields as the catalog types them. Built from the same
/// client profile negotiation and `trellis schema` use, so a model never lacks a type or a
/// field the server sends that client; the language writers only spell it.
public struct ClientModelSet: Sendable, Equatable {
    /// A component type: its wire name and its data fields (slots first, then ruled and
    /// required fields, in catalog order).
    public struct ComponentModel: Sendable, Equatable {
        public let name: String
        public let fields: [Field]
    }

    /// An action type: its wire name and the fields it always has (`required`). Action fields
    /// have no rules in the catalog, so their values stay untyped JSON.
    public struct ActionModel: Sendable, Equatable {
        public let name: String
        public let required: [String]
    }

    /// One data field of a component type.
    public struct Field: Sendable, Equatable {
        /// The key in `data`.
        public let name: String
        public let kind: FieldKind
        /// Whether the server may leave it out (not `required`, or a slot).
        public let optional: Bool
    }

    /// How a field is typed: a slot holds components; a ruled field has the rule's type; a
    /// required field without a type rule is any JSON value.
    public enum FieldKind: Sendable, Equatable {
        case slot
        case string, number, integer, boolean, url, color
        case enumeration([String])
        /// An action object or an array of them (SPEC §7.4).
        case action
        case object, array
        case any
    }

    public let components: [ComponentModel]
    public let actions: [ActionModel]
}
