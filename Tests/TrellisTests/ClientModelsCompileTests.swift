import Foundation
import Testing
import TestSupport
@testable import Trellis

/// `trellis client-models` (SPEC §13) end to end: the models of the sample catalog (for every
/// client, and for each client class alone with `--client`) and of seeded random catalogs are
/// compiled — Swift with swiftc against the built TrellisClient, Kotlin with Debian's kotlinc
/// against Gson, each in one compiler run, the catalogs in separate namespaces — and then
/// decode what the running server answers those clients (pages, the not-found and upgrade
/// pages, a section alone, a search list's `_after` page) and a page using every random type,
/// with no component or action of a declared type left `.unknown`.
@Suite struct ClientModelsCompileTests {
    static let randomSeeds: [UInt64] = [1, 2, 3, 4]

    /// The models to compile and the manifest of answers to decode with them.
    struct Inputs {
        var sources: [(file: String, text: String)] = []
        var namespaces: [String?] = []
        var manifest = ""
        var answers = 0
    }

    /// The namespace of `client`'s own models: `ios/5.0.0` → `ios_5_0_0`.
    static func namespace(_ client: String) -> String {
        client.map { $0.isLetter || $0.isNumber ? $0 : "_" }.reduce("") { $0 + String($1) }
    }

    static func inputs(_ language: ClientModelGeneration.Language, folder: String) throws -> Inputs {
        let shop = try SampleShopAnswers.shared.get()
        let pages = ServerProcess.packageRoot + "/Pages"
        let ext = language == .swift ? "swift" : "kt"
        var inputs = Inputs()
        func add(_ namespace: String?, pages: String, client: String?) throws {
            let source = try ClientModelGeneration.source(pages: pages, client: client, capabilities: nil, language: language,
                                                          namespace: namespace).get()
            inputs.sources.append(("Models\(namespace.map { "_" + $0 } ?? "").\(ext)", source))
            inputs.namespaces.append(namespace)
        }
        try add(nil, pages: pages, client: nil)
        for client in SampleShopAnswers.clients.compactMap({ $0 }) {
            try add(namespace(client), pages: pages, client: client)
        }
        for answer in shop.answers {
            let kind = answer.isList ? "list" : "page"
            inputs.manifest += "-\t\(kind)\t\(answer.file)\n"
            if let client = answer.client { inputs.manifest += "\(namespace(client))\t\(kind)\t\(answer.file)\n" }
            inputs.answers += answer.client == nil ? 1 : 2
        }
        for seed in randomSeeds {
            let catalog = RandomCatalog(seed: seed)
            let random = try TempPages()
            try random.write("catalog.json", catalog.catalogText)
            try add("Random\(seed)", pages: random.path, client: nil)
            let file = folder + "/random-\(seed).json"
            try Data(catalog.body.utf8).write(to: URL(fileURLWithPath: file))
            inputs.manifest += "Random\(seed)\tpage\t\(file)\n"
            inputs.answers += 1
        }
        try Data(inputs.manifest.utf8).write(to: URL(fileURLWithPath: folder + "/manifest.txt"))
        for source in inputs.sources {
            try Data(source.text.utf8).write(to: URL(fileURLWithPath: folder + "/" + source.file))
        }
        return inputs
    }

    /// Checks a check program's output: a line per manifest line, each with components decoded
    /// and none of them, nor of their actions, unknown (and, where it says, the same value after
    /// encoding and decoding again).
    static func expectDecoded(_ output: String, _ inputs: Inputs) {
        let lines = output.split(separator: "\n").filter { $0.contains(" components=") }
        #expect(lines.count == inputs.answers, "\(output)")
        for line in lines {
            var fields: [String: String] = [:]
            for part in line.split(separator: " ").dropFirst() {
                let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                fields[String(pair[0])] = pair.count > 1 ? String(pair[1]) : nil
            }
            #expect((Int(fields["components"] ?? "") ?? 0) > 0, "\(line)")
            #expect(fields["unknown"] == "" && fields["unknownActions"] == "", "\(line)")
            #expect((fields["roundTrip"] ?? "ok") == "ok", "\(line)")
        }
    }

    @Test func swiftModelsCompileAgainstTrellisClientAndDecodeEveryAnswer() throws {
        let swiftc = try #require(ToolRun.which("swiftc"), "swiftc is on PATH wherever swift is")
        let folder = try TemporaryFolder()
        let inputs = try Self.inputs(.swift, folder: folder.path)
        let main = folder.path + "/main.swift"
        try Data(ModelChecks.swift(namespaces: inputs.namespaces).utf8).write(to: URL(fileURLWithPath: main))
        let bin = URL(fileURLWithPath: ServerProcess.binary).deletingLastPathComponent().path
        let objects = try FileManager.default.contentsOfDirectory(atPath: bin + "/TrellisClient.build")
            .filter { $0.hasSuffix(".o") }.map { bin + "/TrellisClient.build/" + $0 }
        #expect(!objects.isEmpty)
        let compile = try ToolRun.run(swiftc, ["-module-name", "ModelChecks", "-I", bin + "/Modules", "-I", bin]
            + inputs.sources.map { folder.path + "/" + $0.file } + [main] + objects + ["-o", folder.path + "/checks"])
        try #require(compile.status == 0, "\(compile.output)")
        let run = try ToolRun.run(folder.path + "/checks", [folder.path + "/manifest.txt"])
        #expect(run.status == 0)
        Self.expectDecoded(run.output, inputs)
    }

    @Test(.enabled(if: ToolRun.which("kotlinc") != nil, "kotlinc is not installed (make deps installs Debian's kotlin)"))
    func kotlinModelsCompileAgainstGsonAndDecodeEveryAnswer() throws {
        let kotlinc = try #require(ToolRun.which("kotlinc")), java = try #require(ToolRun.which("java"))
        let gson = "/usr/share/java/gson.jar"
        try #require(FileManager.default.fileExists(atPath: gson), "libgoogle-gson-java is installed with kotlin by make deps")
        let folder = try TemporaryFolder()
        let inputs = try Self.inputs(.kotlin, folder: folder.path)
        let main = folder.path + "/Main.kt"
        try Data(ModelChecks.kotlin(namespaces: inputs.namespaces).utf8).write(to: URL(fileURLWithPath: main))
        let jar = folder.path + "/checks.jar"
        let compile = try ToolRun.run(kotlinc, ["-cp", gson, "-include-runtime", "-d", jar]
            + inputs.sources.map { folder.path + "/" + $0.file } + [main])
        try #require(compile.status == 0, "\(compile.output)")
        let run = try ToolRun.run(java, ["-cp", jar + ":" + gson, "MainKt", folder.path + "/manifest.txt"])
        #expect(run.status == 0, "\(run.output)")
        Self.expectDecoded(run.output, inputs)
    }
}
