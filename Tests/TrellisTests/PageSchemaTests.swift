import Foundation
import SDUI
import Testing
@testable import Trellis

/// `trellis schema` (SPEC §8.3): a valid JSON Schema 2020-12 per client, against which every
/// page served to that client validates, checked by a real validator (Python's jsonschema).
@Suite struct PageSchemaTests {
    /// The clients, as descriptors for the schema and as request headers for the pipeline.
    static let clients: [(name: String, descriptor: ClientDescriptor?, headers: [(String, String)])] = [
        ("old ios", .version(ClientVersion(header: "ios/4.9.0")!), [("X-Client-Version", "ios/4.9.0")]),
        ("new ios", .version(ClientVersion(header: "ios/6.0.0")!), [("X-Client-Version", "ios/6.0.0")]),
        ("ios below the minimum", .version(ClientVersion(header: "ios/3.0.0")!), [("X-Client-Version", "ios/3.0.0")]),
        ("android", .version(ClientVersion(header: "android/5.0.0")!), [("X-Client-Version", "android/5.0.0")]),
        ("web", .version(ClientVersion(header: "web/1.0.0")!), [("X-Client-Version", "web/1.0.0")]),
        ("no version", .unknown, []),
        ("capabilities", .capabilities(["page", "column", "text", "button", "image", "navigate"], version: ClientVersion(header: "ios/5.2.0")!),
         [("X-Client-Version", "ios/5.2.0"), ("X-Client-Capabilities", "page,column,text,button,image,navigate")]),
    ]

    /// Every page the sample shop serves a client: each route and rollout, and the not-found page.
    static func bodies(_ headers: [(String, String)]) -> [String] {
        var bodies: [String] = []
        for (path, rollout) in [("/home", [("X-AB-Variant", "home-hero=A")]), ("/home", [("X-AB-Variant", "home-hero=B")]),
                                ("/home", [("X-Release", "canary")]), ("/product/1", []), ("/product/2", []), ("/product/999", [])] {
            let outcome = PagePipelineTests.run(path, headers + rollout)
            bodies.append(String(decoding: outcome.representation!.result.body, as: UTF8.self))
        }
        return bodies
    }

    static func schema(_ client: ClientDescriptor?) -> String {
        String(decoding: JSONWriter.encode(PagePipelineTests.site.schema(for: client)), as: UTF8.self)
    }

    @Test func everyPageServedToAClientValidatesAgainstItsSchema() throws {
        var cases = Self.clients.map { JSONSchemaCheck.Case(schema: Self.schema($0.descriptor), instances: Self.bodies($0.headers)) }
        cases.append(JSONSchemaCheck.Case(schema: Self.schema(nil), instances: Self.clients.flatMap { Self.bodies($0.headers) }))
        let verdicts = try JSONSchemaCheck.run(cases)
        for (client, verdict) in zip(Self.clients.map(\.name) + ["every client"], verdicts) {
            #expect(verdict.schemaError == nil, "\(client): \(verdict.schemaError ?? "")")
            for error in verdict.instanceErrors { #expect(error == nil, "\(client): \(error ?? "")") }
        }
    }

    @Test func aPageWithATypeOrFieldTheClientCantRenderDoesNotValidate() throws {
        let old = Self.schema(.version(ClientVersion(header: "ios/4.9.0")!))
        let newBodies = Self.bodies([("X-Client-Version", "ios/6.0.0")]).filter { !$0.contains(#""id":"not-found""#) }
        let carousel = #"{"id":"p","type":"page","data":{"children":[{"id":"c","type":"carousel","data":{"items":[]}}]}}"#
        let badge = #"{"id":"p","type":"page","data":{"children":[{"id":"c","type":"product-card","data":{"title":"t","price":{},"badge":"-5%","action":{"type":"navigate","url":"app://x"}}}]}}"#
        let share = #"{"id":"p","type":"page","data":{"children":[{"id":"b","type":"button","data":{"title":"t","action":{"type":"share","url":"https://x"}}}]}}"#
        let noRoot = #"{"id":"p","type":"text","data":{"text":"t"}}"#
        let verdicts = try JSONSchemaCheck.run([JSONSchemaCheck.Case(schema: old, instances: newBodies + [carousel, badge, share, noRoot])])
        #expect(verdicts[0].instanceErrors.allSatisfy { $0 != nil })
    }

    @Test func theSchemaListsOnlyWhatTheClientCanReceive() throws {
        let schema = PagePipelineTests.site.schema(for: .version(ClientVersion(header: "ios/4.9.0")!))
        let defs = try #require(schema["$defs"]?.objectValue)
        #expect(schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        #expect(defs["carousel"] == nil && defs["hero"] != nil && defs["action:share"] == nil && defs["action:navigate"] != nil)
        #expect(defs["button"]?["properties"]?["data"]?["properties"]?["style"] != .bool(false))
        #expect(defs["product-card"]?["properties"]?["data"]?["properties"]?["badge"] == .bool(false))
        let every = PagePipelineTests.site.schema(for: nil)
        #expect(every["$defs"]?["carousel"] != nil && every["$defs"]?["action:share"] != nil)
    }

    @Test func theCommandPrintsTheSchemaAndRefusesAMalformedClient() throws {
        let pages = ServerProcess.packageRoot + "/Pages"
        let printed = try SchemaGeneration.schema(pages: pages, client: "web/1.0.0", capabilities: nil).get()
        #expect(try JSONParser.parse(printed)["title"] == .string("Trellis page for web/1.0.0"))
        guard case .failure = SchemaGeneration.schema(pages: pages, client: "ios/5", capabilities: nil) else {
            throw TestFailure("a malformed --client must fail")
        }
    }
}

/// `trellis schema --answer section|list` (SPEC §10): a section fetched alone validates against
/// the client's section schema (one component it renders), a list's `_after` page against the
/// list schema (an array of them).
@Suite struct SectionSchemaTests {
    @Test func aSectionAnswerValidatesAgainstItsClientsSectionSchema() throws {
        let site = try PagesDiffTests.site(PagesDiffTests.withDeferredDeals())
        let pipeline = PagePipeline(site: site, cache: nil, upstream: nil)
        func deals(_ client: String) -> String {
            let outcome = PagePipelineTests.run("/home?_section=deals", [("X-Client-Version", client)], through: pipeline)
            return String(decoding: outcome.representation!.result.body, as: UTF8.self)
        }
        func schema(_ client: String, _ answer: SchemaAnswer) -> String {
            String(decoding: JSONWriter.encode(site.schema(for: .version(ClientVersion(header: client)!), answer: answer)), as: UTF8.self)
        }
        let old = deals("ios/4.9.0"), new = deals("ios/6.0.0")
        #expect(old.hasPrefix(#"{"id":"deals","type":"column""#) && new.contains(#""type":"carousel""#))
        let verdicts = try JSONSchemaCheck.run([
            JSONSchemaCheck.Case(schema: schema("ios/4.9.0", .section), instances: [old, new]),
            JSONSchemaCheck.Case(schema: schema("ios/6.0.0", .section), instances: [new, "[\(new)]"]),
            JSONSchemaCheck.Case(schema: schema("ios/6.0.0", .list), instances: ["[]", "[\(new),\(new)]", new]),
        ])
        #expect(verdicts.allSatisfy { $0.schemaError == nil })
        #expect(verdicts[0].instanceErrors[0] == nil && verdicts[0].instanceErrors[1] != nil, "ios/4.9.0 can't render a carousel")
        #expect(verdicts[1].instanceErrors[0] == nil && verdicts[1].instanceErrors[1] != nil, "a section answer is one component")
        #expect(verdicts[2].instanceErrors[0] == nil && verdicts[2].instanceErrors[1] == nil && verdicts[2].instanceErrors[2] != nil)
    }
}
