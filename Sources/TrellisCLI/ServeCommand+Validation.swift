import ArgumentParser
import Foundation
import Trellis

/// The accepted range of every numeric `serve` flag. A value outside it (NaN and infinities
/// included) is refused before anything starts, with a message naming the flag: an absurd
/// value would otherwise overflow a time computation and crash the process (SPEC §4.4).
extension ServeCommand {
    /// Timeouts and intervals, in seconds: 1 ms to 1 day.
    static let secondsRange: ClosedRange<Double> = 0.001...86_400
    /// `--drain-grace`, in seconds: none to 1 day.
    static let graceRange: ClosedRange<Double> = 0...86_400
    static let portRange = 0...65_535
    static let requestLineRange = 1...1_048_576
    static let headerBytesRange = 1...16_777_216
    static let headerCountRange = 1...10_000
    /// Bodies are held in memory: at most 1 GiB.
    static let bodyRange = 0...1_073_741_824
    static let connectionsRange = 1...1_000_000
    /// At most 1 TiB.
    static let cacheBytesRange = 0...1_099_511_627_776
    static let eventLoopsRange = 1...256
    static let repeatedHeadsRange = 0...32_768

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if let url = ServeOptions.firstInvalidPurgeURL(edgePurge) {
            throw ValidationError("--edge-purge: \(url) is not an http(s)://host[:port]/path URL")
        }
        try Self.check("port", port, Self.portRange)
        if let metricsPort {
            try Self.check("metrics-port", metricsPort, Self.portRange)
            if metricsPort == port && port != 0 { throw ValidationError("--metrics-port must differ from --port") }
        }
        try Self.check("max-request-line", maxRequestLine, Self.requestLineRange)
        try Self.check("max-header-bytes", maxHeaderBytes, Self.headerBytesRange)
        try Self.check("max-header-count", maxHeaderCount, Self.headerCountRange)
        try Self.check("max-body", maxBody, Self.bodyRange)
        try Self.check("max-connections", maxConnections, Self.connectionsRange)
        try Self.check("cache-bytes", cacheBytes, Self.cacheBytesRange)
        if let eventLoops { try Self.check("event-loops", eventLoops, Self.eventLoopsRange) }
        try Self.check("repeated-heads", repeatedHeads, Self.repeatedHeadsRange)
        try Self.check("head-timeout", headTimeout, Self.secondsRange, unit: " seconds")
        try Self.check("idle-timeout", idleTimeout, Self.secondsRange, unit: " seconds")
        try Self.check("drain-timeout", drainTimeout, Self.secondsRange, unit: " seconds")
        try Self.check("reload-interval", reloadInterval, Self.secondsRange, unit: " seconds")
        try Self.check("drain-grace", drainGrace, Self.graceRange, unit: " seconds")
        if let invalid = CORSPolicy.firstInvalid(Self.origins(corsOrigins)) {
            throw ValidationError("--cors-origins takes * or origins like https://shop.example, not \(invalid)")
        }
    }

    /// The entries of `--cors-origins`, trimmed; none when absent.
    static func origins(_ flag: String?) -> [String] {
        (flag ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Throws a `ValidationError` naming `--flag` unless `range` holds `value`.
    private static func check<Value: Comparable>(
        _ flag: String, _ value: Value, _ range: ClosedRange<Value>, unit: String = ""
    ) throws {
        guard range.contains(value) else {
            throw ValidationError("--\(flag) must be between \(range.lowerBound) and \(range.upperBound)\(unit), not \(value)")
        }
    }
}
