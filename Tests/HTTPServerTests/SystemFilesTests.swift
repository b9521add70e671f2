import Foundation
import Glibc
import SystemCalls
import Testing

/// The file wrappers the Pages folder is read through: status with and without following
/// links, link targets, listings and whole-file reads, failures typed with their `errno`.
@Suite struct SystemFilesTests {
    /// A fresh directory holding `a.json` (5 bytes), `sub/`, a link `to-a` and a link to nothing.
    func folder() throws -> String {
        let root = NSTemporaryDirectory() + "system-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try Data("hello".utf8).write(to: URL(fileURLWithPath: root + "/a.json"))
        try FileManager.default.createSymbolicLink(atPath: root + "/to-a", withDestinationPath: "a.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: "missing")
        return root
    }

    /// The call and `errno` of the `SystemError` `body` throws, as `stat 2`; nil when it succeeds.
    func failure<T>(_ body: () throws -> T) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? SystemError).map { "\($0.function) \($0.errno)" } ?? "\(error)"
        }
    }

    @Test func statusFollowsLinksAndLinkStatusDoesNot() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = try System.status(of: root + "/a.json")
        #expect(file.kind == .regular && file.size == 5)
        #expect(try System.status(of: root + "/to-a") == file)
        #expect(try System.linkStatus(of: root + "/to-a").kind == .symlink)
        #expect(try System.status(of: root + "/sub").kind == .directory)
        #expect(try System.linkTarget(of: root + "/to-a") == "a.json")
        #expect(failure { try System.status(of: root + "/dangling") } == "stat \(ENOENT)")
        #expect(failure { try System.linkTarget(of: root + "/a.json") } == "readlink \(EINVAL)")
    }

    @Test func directoryEntriesLeaveOutDotAndDotDot() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try System.directoryEntries(root).sorted() == ["a.json", "dangling", "sub", "to-a"])
        #expect(failure { try System.directoryEntries(root + "/none") } == "opendir \(ENOENT)")
    }

    @Test func readToEndReadsTheWholeFile() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fd = try System.openForReading(root + "/to-a")
        defer { System.close(fd) }
        #expect(try System.status(of: fd).kind == .regular)
        #expect(try System.readToEnd(fd) == Array("hello".utf8))
        #expect(failure { try System.openForReading(root + "/none") } == "open \(ENOENT)")
    }
}
