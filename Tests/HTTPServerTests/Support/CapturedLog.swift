import Logging
import Synchronization

/// A `LogHandler` that keeps every line, for tests that check what the server logged.
final class CapturedLog: Sendable {
    /// One logged line.
    struct Line: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let lines = Mutex<[Line]>([])

    /// A logger writing here.
    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    /// Everything logged so far.
    var all: [Line] { lines.withLock { $0 } }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).mapValues { "\($0)" }
            log.lines.withLock { $0.append(Line(level: event.level, message: "\(event.message)", metadata: fields)) }
        }
    }
}
