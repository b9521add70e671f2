import Foundation
import Logging
import Synchronization

/// A swift-log `LogHandler` for `--log-format json` (SPEC §13): each message is one line on its
/// descriptor (stderr by default), one JSON object with `ts` (RFC 3339 UTC, milliseconds),
/// `level`, `msg` and `logger` (the logger's label), then the metadata as members in key order
/// (nested lists and dictionaries as JSON arrays and objects; a key that would collide with
/// those four, or with `error`, gets a leading `_`). Text is escaped so that a log collector
/// reads every line whole, whatever it holds (`LogLine+JSON`).
///
/// A value, as swift-log asks: its level and metadata belong to the `Logger` it serves. Lines
/// from every thread are written whole, one `write` each under one lock.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let fileDescriptor: Int32

    /// Lines written to one descriptor never interleave.
    private static let writing = Mutex(())
    /// The member names every line has.
    private static let reserved: Set<String> = ["ts", "level", "msg", "logger", "error"]

    /// A handler for the logger labelled `label`, writing to `fileDescriptor` (not owned).
    public init(label: String, fileDescriptor: Int32 = STDERR_FILENO,
                metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider) {
        self.label = label
        self.fileDescriptor = fileDescriptor
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let own = event.metadata { merged.merge(own) { $1 } }
        let line = Self.line(level: event.level, message: event.message.description, label: label,
                             error: event.error.map { "\($0)" }, metadata: merged, at: Date())
        _ = Self.writing.withLock { _ in
            line.withBytes { DescriptorOutput.write(UnsafeRawBufferPointer($0), to: fileDescriptor) }
        }
    }

    /// The line for one message (and the error logged with it), newline included.
    static func line(level: Logger.Level, message: String, label: String, error: String? = nil,
                     metadata: Logger.Metadata, at time: Date) -> LogLine {
        var line = LogLine(capacity: 128 + message.utf8.count, format: .json)
        line.begin()
        line.field("ts", AccessLog.timestamp(time))
        line.field("level", level.rawValue)
        line.field("msg", message)
        line.field("logger", label)
        if let error { line.field("error", error) }
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            line.separate()
            name(reserved.contains(key) ? "_" + key : key, to: &line)
            write(value, to: &line)
        }
        line.end()
        return line
    }

    /// `"key":`, a member's name.
    private static func name(_ key: String, to line: inout LogLine) {
        line.jsonString(key)
        line.literal(":")
    }

    /// A metadata value as JSON: text as a string, lists as arrays, dictionaries as objects.
    private static func write(_ value: Logger.Metadata.Value, to line: inout LogLine) {
        switch value {
        case .string(let text): line.jsonString(text)
        case .stringConvertible(let convertible): line.jsonString(convertible.description)
        case .array(let values):
            line.literal("[")
            for (index, element) in values.enumerated() {
                if index > 0 { line.literal(",") }
                write(element, to: &line)
            }
            line.literal("]")
        case .dictionary(let members):
            line.literal("{")
            for (index, (key, element)) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { line.literal(",") }
                name(key, to: &line)
                write(element, to: &line)
            }
            line.literal("}")
        }
    }
}
