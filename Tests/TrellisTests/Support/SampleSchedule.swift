import Foundation
import SDUI
import TestSupport

/// The schedule windows (`activeFrom`/`activeUntil`, SPEC §7.5) of the sample Pages, read from
/// its files, and the instants a date-sensitive test runs at: `TestInstant`, and just before,
/// at and just after each edge. A test taking these instants works out what it expects from
/// the instant it is given, so the suite is green on any day, including the days a window is
/// open.
enum SampleSchedule {
    /// One scheduled component or directive: its `id` (when it has one) and its window.
    struct Window: Sendable {
        var id: String?
        var from: Date?
        var until: Date?

        /// Whether the window is open at `instant` (`activeFrom` inclusive, `activeUntil` exclusive).
        func contains(_ instant: Date) -> Bool {
            (from.map { $0 <= instant } ?? true) && (until.map { instant < $0 } ?? true)
        }
    }

    /// Every window of the sample Pages' pages and fragments.
    static let windows: [Window] = {
        let root = ServerProcess.packageRoot + "/Pages"
        var found: [Window] = []
        for folder in ["pages", "fragments"] {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            for file in files.sorted() where file.hasSuffix(".json") {
                guard let data = FileManager.default.contents(atPath: "\(root)/\(folder)/\(file)"),
                      let json = try? JSONSerialization.jsonObject(with: data) else { continue }
                collect(json, into: &found)
            }
        }
        return found
    }()

    /// `TestInstant`, then one second before, at, and one second after every edge.
    static let instants: [Date] = {
        let edges = windows.flatMap { [$0.from, $0.until].compactMap { $0 } }
        return [TestInstant.date] + edges.flatMap { [$0 - 1, $0, $0 + 1] }
    }()

    /// The window of the component with `id`.
    static func window(of id: String) -> Window? {
        windows.first { $0.id == id }
    }

    /// `instant` as `--at` takes it.
    static func rfc3339(_ instant: Date) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime]
        return format.string(from: instant)
    }

    private static func collect(_ json: Any, into found: inout [Window]) {
        if let object = json as? [String: Any] {
            let from = (object["activeFrom"] as? String).flatMap(Timestamp.parse)
            let until = (object["activeUntil"] as? String).flatMap(Timestamp.parse)
            if from != nil || until != nil {
                found.append(Window(id: object["id"] as? String, from: from.map(Date.init(timeIntervalSince1970:)),
                                    until: until.map(Date.init(timeIntervalSince1970:))))
            }
            for key in object.keys.sorted() { collect(object[key]!, into: &found) }
        } else if let array = json as? [Any] {
            for element in array { collect(element, into: &found) }
        }
    }
}
