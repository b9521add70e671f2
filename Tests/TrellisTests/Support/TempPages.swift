import Foundation
import TestSupport

/// A private copy of the sample Pages/ in a temporary folder, for tests that edit it.
final class TempPages {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "trellis-pages-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: ServerProcess.packageRoot + "/Pages", toPath: path)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    /// Writes a file in place (same inode).
    func write(_ relative: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + "/" + relative))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Rewrites sources.json with `sources` (name → its JSON definition) set, keeping the
    /// sample's other sources (the sample pages still bind them).
    func setSources(_ sources: [String: String]) throws {
        var root = try JSONSerialization.jsonObject(with: Data(try read("sources.json").utf8)) as? [String: Any] ?? [:]
        var all = root["sources"] as? [String: Any] ?? [:]
        for (name, definition) in sources { all[name] = try JSONSerialization.jsonObject(with: Data(definition.utf8)) }
        root["sources"] = all
        try write("sources.json", String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self))
    }

    /// Saves a file the way many editors do: write a temporary file, then rename it over.
    func replaceByRename(_ relative: String, _ text: String) throws {
        let temporary = path + "/" + relative + ".tmp~"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        _ = rename(temporary, path + "/" + relative)
    }
}

extension ServerProcess {
    /// The value of an unlabelled metric from `/metrics`.
    func metric(_ name: String) throws -> Double? {
        let text = try TestClient(port: port).request("/metrics").bodyText
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    /// Waits until `trellis_config_version` reaches `generation`.
    func waitForConfigVersion(_ generation: Int, timeout: Double = 10) throws {
        _ = try waitFor("config version \(generation)", timeout: timeout) {
            (try? metric("trellis_config_version")).flatMap { $0 } == Double(generation) ? true : nil
        }
    }
}
