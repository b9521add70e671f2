import SDUI

/// What a fetch of a `url` source gives: a value fresh from the upstream (or its TTL cache),
/// or a cached value past its TTL standing in for a failed or refused fetch
/// (`staleIfErrorSeconds`, SPEC §6.2). No value at all is `nil`.
package enum UpstreamValue: Sendable, Equatable {
    case fresh(JSONValue)
    case stale(JSONValue)

    /// The JSON value, fresh or stale.
    package var json: JSONValue {
        switch self {
        case .fresh(let value), .stale(let value): value
        }
    }

    /// Whether it is a stale stand-in.
    package var isStale: Bool {
        if case .stale = self { true } else { false }
    }
}
