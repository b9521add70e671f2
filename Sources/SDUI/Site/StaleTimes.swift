/// How long past its `max-age` a shared cache may still use a page's answer (SPEC §12, RFC
/// 5861): `staleWhileRevalidate` seconds while it fetches a new one, `staleIfError` seconds when
/// the origin fails. Written in the template; nil when it says nothing.
public struct StaleTimes: Sendable, Hashable {
    public var whileRevalidate: Int?
    public var ifError: Int?

    public init(whileRevalidate: Int? = nil, ifError: Int? = nil) {
        self.whileRevalidate = whileRevalidate
        self.ifError = ifError
    }
}
