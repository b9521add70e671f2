/// `url` sources in `sources.json` (SPEC §2.3, §6.2).
extension SourceTable {
    /// The keys a `url` source may have (`file` too, so that both together are reported as such).
    static let upstreamKeys = ObjectKeys([
        "breakerCooldownMs", "breakerFailures", "file", "forwardHeaders", "personal", "sample", "staleIfErrorSeconds",
        "timeoutMs", "ttlSeconds", "url",
    ], in: "a source")

    /// The source `def`, or nil (with its problems reported) when it is invalid.
    static func upstreamSource(_ def: ConfigObject, ttl: Int?, _ problems: inout ProblemList) -> UpstreamSource? {
        guard let url = def["url"]?.stringValue, url.hasPrefix("http://") || url.hasPrefix("https://"),
              url.contains("{{key}}") else {
            problems.report(file, def.path("url"), "expected an http(s) URL template containing {{key}}")
            return nil
        }
        if authority(of: url).contains("{{key}}") {
            problems.report(file, def.path("url"), "{{key}} may stand only in the URL's path or query, not its scheme, host or port")
            return nil
        }
        var source = UpstreamSource(urlTemplate: url, ttlSeconds: ttl)
        if let value = def["forwardHeaders"] {
            source.forwardHeaders = forwardHeaders(value, file, def.path("forwardHeaders"), &problems)
        }
        let forwardsCredentials = source.forwardHeaders.contains { ["authorization", "cookie"].contains($0.lowercased()) }
        source.personal = def.bool("personal", &problems) == true || forwardsCredentials
        source.staleIfErrorSeconds = def.int("staleIfErrorSeconds", .nonNegative, &problems) ?? 0
        source.breakerFailures = def.int("breakerFailures", .positive, &problems) ?? 5
        source.breakerCooldownMs = def.int("breakerCooldownMs", .positive, &problems) ?? 5000
        return source
    }

    /// `"forwardHeaders": ["Authorization", "Accept-Language"]`: distinct field names
    /// (RFC 9110 tokens), none of them hop-by-hop or framing.
    /// Read in `file` (sources.json, or an action's, SPEC §11).
    static func forwardHeaders(_ value: JSONValue, _ file: String, _ path: String, _ problems: inout ProblemList) -> [String] {
        guard let items = value.arrayValue else {
            problems.report(file, path, "expected an array of header names")
            return []
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard let name = item.stringValue, !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
                problems.report(file, itemPath, "expected a header name")
                continue
            }
            if UpstreamSource.isForbiddenForward(name) {
                problems.report(file, itemPath, "\"\(name)\" is a hop-by-hop or framing field and can't be forwarded")
            } else if names.contains(where: { $0.lowercased() == name.lowercased() }) {
                problems.report(file, itemPath, "\"\(name)\" is listed twice")
            } else {
                names.append(name)
            }
        }
        return names
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
