import Logging

/// Sets up swift-log for a command that logs (`serve`, `upstream`), once, before any `Logger`
/// is made: every logger writes to stderr in `format` (`StreamLogHandler` for text, as swift-log
/// writes it; `JSONLogHandler` for JSON) and drops what is below `level`. The access log is not
/// a logger: it is written whatever the level (SPEC §13).
public enum LogBootstrap {
    public static func bootstrap(format: LogFormat, level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = switch format {
            case .text: StreamLogHandler.standardError(label: label)
            case .json: JSONLogHandler(label: label)
            }
            handler.logLevel = level
            return handler
        }
    }
}
