import Foundation

/// An empty temporary folder, removed when the test ends.
final class TemporaryFolder {
    let path = NSTemporaryDirectory() + "trellis-folder-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
