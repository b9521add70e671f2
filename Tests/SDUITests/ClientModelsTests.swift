import Testing
@testable import SDUI

/// `trellis client-models` (SPEC §13) before any compiler sees it: what a client's model set
/// holds, how catalog names become identifiers, and what the writers spell. The compiled
/// models are tested end to end in TrellisTests (ClientModelsCompileTests).
@Suite struct ClientModelsTests {
    static let site = try! Fixtures.load(SamplePagesTests.pagesFiles())

    static func models(_ client: String?) -> ClientModelSet {
        site.clientModels(for: client.map { .version(ClientVersion(header: $0)!) })
    }

    @Test func aClientsModelsHoldTheTypesFieldsAndActionsItCanReceive() {
        let all = Self.models(nil)
        #expect(all.components.map(\.name).contains("rating") && all.actions.map(\.name).contains("load"))
        let ios5 = Self.models("ios/5.0.0")
        let names = ios5.components.map(\.name)
        #expect(names.contains("carousel") && names.contains("hero"))
        #expect(!names.contains("rating") && !names.contains("skeleton") && !names.contains("load-more"))
        #expect(!ios5.actions.map(\.name).contains("load") && !ios5.actions.map(\.name).contains("share"))
        let card = ios5.components.first { $0.name == "product-card" }!
        #expect(card.fields.map(\.name) == ["title", "price", "image", "action"], "badge is since ios 5.1.0")
        #expect(!Self.models("ios/4.9.0").components.map(\.name).contains("carousel"))
        let old = Self.models("ios/4.0.0").components.first { $0.name == "button" }!
        #expect(!old.fields.map(\.name).contains("style"), "style is since ios 4.1.0")
    }

    @Test func fieldsAreTypedByTheirRulesRequiredOnesNotOptional() {
        let all = Self.models(nil)
        let text = all.components.first { $0.name == "text" }!
        #expect(text.fields == [
            .init(name: "text", kind: .string, optional: false),
            .init(name: "style", kind: .enumeration(["headline", "title", "body", "caption", "badge", "banner"]), optional: true),
        ])
        let page = all.components.first { $0.name == "page" }!
        #expect(page.fields.first == .init(name: "children", kind: .slot, optional: true))
        let rating = all.components.first { $0.name == "rating" }!
        #expect(rating.fields.map(\.kind) == [.number, .integer])
        #expect(all.components.first { $0.name == "button" }!.fields.contains(.init(name: "action", kind: .action, optional: false)))
    }

    @Test func catalogNamesBecomeValidIdentifiers() {
        let swift = ModelNaming.swift, kotlin = ModelNaming.kotlin
        #expect(swift.typeName("product-card") == "ProductCard" && swift.memberName("product-card") == "productCard")
        #expect(swift.memberName("onAppear") == "onAppear" && kotlin.constantName("onAppear") == "ON_APPEAR")
        #expect(swift.memberName("class") == "class_" && kotlin.memberName("object") == "object_")
        #expect(swift.typeName("2x") == "T2x" && swift.memberName("2x") == "_2x")
        #expect(swift.memberName("données") == "donnEs" && swift.memberName("") == "value" && swift.typeName("--") == "Type")
        var scope = NameScope(reserved: ["id"])
        #expect([scope.claim("aB"), scope.claim("aB"), scope.claim("id"), scope.claim("aB")] == ["aB", "aB2", "id2", "aB3"])
    }

    @Test func namesThatCollideOrShadowTheWritersOwnAreRenamed() {
        let set = ClientModelSet(
            components: [.init(name: "a-b", fields: [.init(name: "a_b", kind: .string, optional: true),
                                                     .init(name: "a-b", kind: .integer, optional: true),
                                                     .init(name: "rawValue", kind: .boolean, optional: true)]),
                         .init(name: "a_b", fields: []), .init(name: "component", fields: [])],
            actions: [.init(name: "x", required: ["raw", "type"])])
        let named = NamedModels(set, naming: .swift, reserved: SwiftModelWriter.reserved)
        #expect(named.components.map(\.typeName) == ["AB", "AB2", "Component2"])
        #expect(named.components[0].fields.map(\.member) == ["aB", "aB2", "rawValue2"])
        #expect(named.actions[0].rawMember == "raw" && named.actions[0].fields.map(\.member) == ["raw2"])
    }

    @Test func theWritersSpellTheModelsWithTheirNamespace() {
        let models = Self.models("ios/5.0.0")
        let swift = SwiftModelWriter.source(models, header: ["generated"], namespace: "Shop")
        #expect(swift.hasPrefix("// generated\nimport TrellisClient\n\npublic enum Shop {\n"))
        #expect(swift.contains("    case productCard(id: Swift.String, ProductCard)\n"))
        #expect(swift.contains("case unknown(id: Swift.String, type: Swift.String, data: TrellisClient.JSON)"))
        #expect(swift.contains("public var style: Style?") && swift.contains("case unknown(Swift.String)"))
        let kotlin = KotlinModelWriter.source(models, header: ["generated"])
        #expect(kotlin.contains("sealed class Component {") && kotlin.contains("data class ProductCard("))
        #expect(kotlin.contains("fun trellisGson(): com.google.gson.Gson") && !kotlin.contains("package "))
        #expect(kotlin.contains(#"HEADLINE("headline")"#))
    }

    @Test func literalsAreEscapedForEachLanguage() {
        #expect(SourceText.literal("a\"b\\c\u{1}", unicode: { "\\u{\(String($0, radix: 16))}" }) == #""a\"b\\c\u{1}""#)
        #expect(SourceText.literal("x$y", escapedAlso: ["$"], unicode: { _ in "" }) == #""x\$y""#)
    }
}
