import ArgumentParser
import Foundation
import SDUI

/// The `--at` value of `render` and `serve`: an RFC 3339 time with an offset, the instant
/// scheduled content (SPEC §7.5) is decided at.
enum ScheduleInstant {
    /// The instant `text` names, or a usage error saying what `--at` takes.
    static func parse(_ text: String) throws -> Date {
        guard let seconds = Timestamp.parse(text) else {
            throw ValidationError("--at must be an RFC 3339 time with an offset, e.g. 2026-12-01T00:00:00Z")
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
