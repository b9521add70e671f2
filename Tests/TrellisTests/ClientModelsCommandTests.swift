import Foundation
import Testing

/// `trellis client-models` on the command line: the language flag, `--client`, `--namespace`,
/// and a clear error (exit 1 or ArgumentParser's 64) for what it can't use.
@Suite struct ClientModelsCommandTests {
    static let pages = ServerProcess.packageRoot + "/Pages"

    @Test func printsSwiftOrKotlinForAClient() throws {
        let swift = try runTrellis(["client-models", "--swift", "--client", "ios/5.0.0", "--pages", Self.pages])
        let text = String(decoding: swift.stdout, as: UTF8.self)
        #expect(swift.status == 0 && text.contains("public indirect enum Component") && text.contains("--client ios/5.0.0"))
        #expect(!text.contains("case rating("), "rating is since ios 6.0.0")
        let kotlin = try runTrellis(["client-models", "--kotlin", "--namespace", "Shop", "--pages", Self.pages])
        let kt = String(decoding: kotlin.stdout, as: UTF8.self)
        #expect(kotlin.status == 0 && kt.contains("object Shop {") && kt.contains("data class Rating("))
    }

    @Test func badArgumentsAreClearErrors() throws {
        let noLanguage = try runTrellis(["client-models", "--pages", Self.pages])
        #expect(noLanguage.status == 64 && noLanguage.stderr.contains("--swift"))
        let client = try runTrellis(["client-models", "--swift", "--client", "ios/five", "--pages", Self.pages])
        #expect(client.status == 1 && client.stderr.contains("--client must be platform/semver"))
        let namespace = try runTrellis(["client-models", "--swift", "--namespace", "my-shop", "--pages", Self.pages])
        #expect(namespace.status == 1 && namespace.stderr.contains("--namespace must be an identifier"))
        let pages = try runTrellis(["client-models", "--kotlin", "--pages", "/nonexistent"])
        #expect(pages.status == 1 && !pages.stderr.isEmpty && pages.stdout.isEmpty)
    }
}
