/// Lists of header field names, compared as HTTP compares them: ASCII case aside (RFC 9110 §5.1).
public enum HeaderNames {
    /// `names`, then each of `more` that is not there yet, in order: each name once, in the
    /// spelling it first came in (`Vary`, CORS lists, what sources forward, the VCL's checks).
    public static func merged(_ names: [String], _ more: some Sequence<String>) -> [String] {
        var names = names
        for name in more where !names.contains(where: { $0.lowercased() == name.lowercased() }) { names.append(name) }
        return names
    }
}
