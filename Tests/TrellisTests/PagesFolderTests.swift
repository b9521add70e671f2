import Foundation
import Testing
@testable import Trellis

/// Reading Pages/ from disk through symlinks, as a mounted ConfigMap presents it (SPEC §9).
@Suite struct PagesFolderTests {
    static let samplePages = ServerProcess.packageRoot + "/Pages"

    /// The sample's files as bytes, keyed by relative path.
    static func sampleBytes() throws -> [String: [UInt8]] {
        try KubeletVolume.files().mapValues { Array($0.utf8) }
    }

    @Test func aKubeletVolumeReadsAsTheFolderItHolds() throws {
        let volume = try KubeletVolume(files: try KubeletVolume.files())
        let files = try PagesFolder(path: volume.path).read()
        #expect(files == (try Self.sampleBytes()))
        #expect(!files.keys.contains { $0.hasPrefix(".") })
        #expect(PagesValidation.problems(inFolder: volume.path).isEmpty)
    }

    @Test func symlinksToFilesAndFoldersAreFollowed() throws {
        let folder = try TemporaryFolder()
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.samplePages) {
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/" + name, withDestinationPath: Self.samplePages + "/" + name)
        }
        #expect(try PagesFolder(path: folder.path).read() == (try Self.sampleBytes()))
    }

    @Test func linksToFIFOsDevicesLoopsAndNothingAreProblemsAndNothingHangs() throws {
        let folder = try TempPages()
        #expect(mkfifo(folder.path + "/pages/fifo.json", 0o600) == 0)
        let links = [("device.json", "/dev/zero"), ("loop.json", "loop.json"), ("data/up", ".."), ("gone.json", "nothing"),
                     ("notes.txt", "/dev/null")]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/" + name, withDestinationPath: target)
        }
        let problems = PagesValidation.problems(inFolder: folder.path).map(\.description)
        #expect(problems == [
            "data/up:$: a symlink loop: leads back to a folder that contains it",
            "device.json:$: a device, not a regular file",
            "gone.json:$: a symlink to nothing",
            "loop.json:$: a symlink loop",
            "notes.txt:$: a device, not a regular file",
            "pages/fifo.json:$: a FIFO, not a regular file",
        ])
    }

    @Test func everyReadDuringSwapsIsOneWholeVersion() throws {
        let base = try KubeletVolume.files()
        let swaps = 50
        let versions = (0...swaps).map { n in
            base.merging(["catalog.json": #"{"version": \#(n)}"#, "pages/home.json": #"{"version": \#(n)}"#]) { $1 }
        }
        let volume = try KubeletVolume(files: versions[0])
        let folder = PagesFolder(path: volume.path)
        let done = CapturedFlag()
        let swapper = Thread {
            for n in 1...swaps { try? volume.update(versions[n]) }
            done.set()
        }
        swapper.start()
        var reads = 0, seen = Set<String>()
        while !done.isSet || reads == 0 {
            let files = try folder.read()
            #expect(files["catalog.json"] == files["pages/home.json"])
            seen.insert(String(decoding: files["catalog.json"] ?? [], as: UTF8.self))
            reads += 1
        }
        #expect(reads > 1 && seen.count > 1)
    }
}
