/// `activeFrom` / `activeUntil` on a component or directive (SPEC §7.5): RFC 3339 timestamps
/// with an offset; outside `[activeFrom, activeUntil)` the node is absent, as if its `$if`
/// were false.
extension TemplateCompiler {
    static let scheduleKeys = ["activeFrom", "activeUntil"]

    /// The schedule keys' values when `object` is a component or directive that has one.
    func scheduleKeys(_ object: JSONObject, _ context: Context) -> (from: JSONValue?, until: JSONValue?)? {
        let from = object["activeFrom"], until = object["activeUntil"]
        guard from != nil || until != nil,
              context == .component || object.keys.contains(where: { $0.hasPrefix("$") }) else { return nil }
        return (from, until)
    }

    /// The object without its schedule keys, compiled, inside its window.
    mutating func compileScheduled(_ object: JSONObject, _ keys: (from: JSONValue?, until: JSONValue?), _ file: String,
                                   _ path: String, _ context: Context) -> TemplateNode? {
        let from = keys.from.flatMap { timestamp($0, file, path.key("activeFrom")) }
        let until = keys.until.flatMap { timestamp($0, file, path.key("activeUntil")) }
        if let from, let until, until <= from {
            report(file, path.key("activeUntil"), "the window ends before it starts (activeUntil must be after activeFrom)")
        }
        let rest = JSONObject(object.members.filter { !Self.scheduleKeys.contains($0.key) })
        guard let node = compile(.object(rest), file, path, context) else { return nil }
        let window = ActiveWindow(from: from, until: until)
        scheduled(window)
        return .scheduled(window, node)
    }

    private mutating func timestamp(_ value: JSONValue, _ file: String, _ path: String) -> Double? {
        guard let text = value.stringValue, let seconds = Timestamp.parse(text) else {
            report(file, path, "expected an RFC 3339 timestamp with an offset, such as \"2026-12-01T00:00:00Z\"")
            return nil
        }
        return seconds
    }
}

/// When a scheduled node is present: from `from` (inclusive) until `until` (exclusive), in
/// seconds since 1970 UTC; an absent bound is open.
struct ActiveWindow: Sendable, Equatable {
    let from: Double?
    let until: Double?

    func contains(_ time: Double) -> Bool {
        (from.map { time >= $0 } ?? true) && (until.map { time < $0 } ?? true)
    }
}
