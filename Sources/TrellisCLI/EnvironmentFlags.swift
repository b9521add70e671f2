/// Turns `TRELLIS_<FLAG>` environment variables into command-line flags for containers:
/// `TRELLIS_MAX_CONNECTIONS=500` becomes `--max-connections 500` unless the command line
/// already names that flag. Only the chosen subcommand's own flags are considered.
enum EnvironmentFlags {
    /// Options taking a value, per subcommand.
    static let options: [String: [String]] = [
        "serve": ServeCommand.optionNames + LogOptions.optionNames,
        "validate": ["pages", "max-bytes", "at"],
        "diff": ["fail-on", "at"],
        "render": ["pages", "client", "capabilities", "device-id", "variant", "release", "locale", "at"],
        "upstream": ["data", "host", "port", "latency-ms", "tls-cert", "tls-key", "key-header"] + LogOptions.optionNames,
    ]
    /// Boolean flags, per subcommand (set by `1`, `true` or `yes`).
    static let switches: [String: [String]] = [
        "render": ["pretty", "explain"],
        "serve": ["preview"],
    ]

    static func merge(arguments: [String], environment: [String: String]) -> [String] {
        guard let subcommand = arguments.first, let names = options[subcommand] else { return arguments }
        var merged = arguments
        let given = Set(arguments.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2).prefix { $0 != "=" }) })
        for name in names where !given.contains(name) {
            if let value = environment[variable(for: name)] { merged += ["--\(name)", value] }
        }
        for name in switches[subcommand] ?? [] where !given.contains(name) {
            if let value = environment[variable(for: name)], ["1", "true", "yes"].contains(value.lowercased()) {
                merged.append("--\(name)")
            }
        }
        return merged
    }

    /// The `TRELLIS_*` variables in `environment` that no command's flag reads, sorted. (Any
    /// command's: one container environment often serves several commands.)
    static func unknownVariables(in environment: [String: String]) -> [String] {
        let known = Set((Array(options.values) + Array(switches.values)).joined().map(variable(for:)))
        return environment.keys.filter { $0.hasPrefix("TRELLIS_") && !known.contains($0) }.sorted()
    }

    /// `max-connections` → `TRELLIS_MAX_CONNECTIONS`.
    static func variable(for flag: String) -> String {
        "TRELLIS_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
    }
}
