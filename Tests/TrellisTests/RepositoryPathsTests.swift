import Foundation
import Testing

/// The checkout works on a case-insensitive file system (macOS's default, SPEC §13: a package
/// depending on `TrellisClient` is checked out there): no two paths of the tree differ only in
/// case, as `Sources/trellis` and `Sources/Trellis` once did.
@Suite struct RepositoryPathsTests {
    @Test func noTwoPathsDifferOnlyInCase() throws {
        let root = ServerProcess.packageRoot
        var byFolded: [String: [String]] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        while let path = walker.nextObject() as? String {
            // Build products and git's own files are not the tree's.
            if path.hasPrefix(".build") || path.hasPrefix(".git/") || path == ".git" || path.contains("/.build") {
                walker.skipDescendants()
                continue
            }
            byFolded[path.lowercased(), default: []].append(path)
        }
        #expect(byFolded.count > 100, "the walk saw the tree")
        let clashes = byFolded.values.filter { $0.count > 1 }.map { $0.sorted() }
        #expect(clashes.isEmpty, "\(clashes)")
    }
}
