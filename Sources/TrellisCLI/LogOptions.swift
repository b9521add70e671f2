import ArgumentParser
import Foundation
import Logging
import Trellis

/// `--log-format` and `--log-level` (SPEC §13), for the commands that log (`serve`,
/// `upstream`); `bootstrap` sets swift-log up with them, then warns about each `TRELLIS_*`
/// variable that names no flag (a typo in a deployment would otherwise pass unseen).
struct LogOptions: ParsableArguments {
    /// The value-taking options, for `TRELLIS_*` variables.
    static let optionNames = ["log-format", "log-level"]

    @Option(help: "Log lines as text, or one JSON object a line on stdout and stderr (access log included): text or json.")
    var logFormat = LogFormat.text
    @Option(help: "The least severe log messages printed: trace, debug, info, notice, warning, error or critical (the access log is always written).")
    var logLevel = Logger.Level.info

    /// Bootstraps swift-log; the logger for the command's own messages.
    func bootstrap(label: String) -> Logger {
        LogBootstrap.bootstrap(format: logFormat, level: logLevel)
        let logger = Logger(label: label)
        for name in EnvironmentFlags.unknownVariables(in: ProcessInfo.processInfo.environment) {
            logger.warning("unknown environment variable \(name): no flag reads it")
        }
        return logger
    }
}

extension LogFormat: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}
