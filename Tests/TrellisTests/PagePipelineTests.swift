import HTTPServer
import SDUI
import Synchronization
import Testing
import TestSupport
@testable import Trellis

/// The page pipeline in-process, without sockets: the SPEC §4.1 order of decisions, the cache
/// step, and the typed record logs and metrics are built from.
@Suite struct PagePipelineTests {
    static let site: Site = {
        guard case .success(let site) = PagesLoader.load(PagesFolder(path: ServerProcess.packageRoot + "/Pages")) else {
            fatalError("the sample Pages/ must load")
        }
        return site
    }()

    static func pipeline(cache: ResponseCache<CacheKey, Representation>? = nil) -> PagePipeline {
        PagePipeline(site: site, cache: cache, upstream: nil)
    }

    /// Runs one request; file sources and no upstream answer synchronously.
    static func run(_ path: String, method: String = "GET", _ headers: [(String, String)] = [],
                    through pipeline: PagePipeline = pipeline()) -> PageOutcome {
        pipeline.answer(HTTPRequest(method: method, target: path, headers: HTTPHeaders(headers)), date: TestInstant.date)
    }

    static func header(_ outcome: PageOutcome, _ name: String) -> String? {
        let text = String(decoding: outcome.response.preformattedHeaders, as: UTF8.self)
        for line in text.split(separator: "\r\n") where line.hasPrefix(name + ": ") {
            return String(line.dropFirst(name.count + 2))
        }
        return outcome.response.headers[name]
    }

    @Test func anUnknownRouteIsAJSON404BeforeTheMethodAndTheHeadersAreLookedAt() {
        let outcome = Self.run("/nowhere", method: "POST", [("X-Client-Version", "nonsense")])
        #expect(outcome.response.status == 404 && outcome.error?.code == "not_found")
        #expect(outcome.record.page == "-" && outcome.representation == nil)
    }

    @Test func theMethodIsCheckedBeforeTheHeaders() {
        let outcome = Self.run("/home", method: "POST", [("X-Client-Version", "nonsense")])
        #expect(outcome.response.status == 405 && outcome.response.headers["Allow"] == "GET, HEAD")
    }

    @Test func malformedHeadersAre400sBeforeTheMinimumVersion() {
        #expect(Self.run("/home", [("X-Client-Version", "ios/1")]).error?.code == "bad_client_version")
        // Two fields, even of one valid version, are one comma-joined value: never a version.
        #expect(Self.run("/home", [("X-Client-Version", "ios/5.2.0"), ("X-Client-Version", "ios/5.2.0")]).error?.code
            == "bad_client_version")
        #expect(Self.run("/home", [("X-Client-Version", "ios/1.0.0"), ("X-Device-Id", "")]).error?.code == "bad_device_id")
    }

    @Test func aClientBelowTheMinimumGetsTheUpgradePageBeforeAnyDataIsLookedUp() {
        let outcome = Self.run("/product/999", [("X-Client-Version", "ios/3.9.0")])
        #expect(outcome.response.status == 200)
        #expect(outcome.representation?.result.template == "upgrade")
        #expect(Self.header(outcome, "X-Upgrade-Required") == "true")
    }

    @Test func experimentsAndTheCanaryAreDecidedBeforeData() {
        let outcome = Self.run("/home", [("X-Client-Version", "ios/5.2.0"), ("X-AB-Variant", "home-hero=B"),
                                         ("X-Release", "canary")])
        #expect(outcome.representation?.result.template == "home.canary")
        #expect(Self.header(outcome, "X-AB-Variant") == "home-hero=B")
        #expect(Self.header(outcome, "X-Release") == "canary")
    }

    @Test func requiredDataWithNoValueIsTheNotFoundPage() {
        let outcome = Self.run("/product/999", [("X-Client-Version", "ios/5.2.0")])
        #expect(outcome.response.status == 404)
        #expect(outcome.representation?.result.template == "not-found")
        #expect(outcome.record.page == "product")
        #expect(Self.header(outcome, "X-Release") == "stable" && Self.header(outcome, "X-AB-Variant") == nil)
    }

    @Test func aRequiredComponentNoFallbackRendersIsTheUpgradePageAfterAssembly() {
        // A client that renders pages and text but not the product page's required price.
        let outcome = Self.run("/product/3", [("X-Client-Version", "ios/5.2.0"), ("X-Client-Capabilities", "page,text,column")])
        #expect(outcome.response.status == 200 && outcome.representation?.result.template == "upgrade")
    }

    @Test func aRouteKeyThatIsADotSegmentNeverReachesAnUpstream() {
        for key in [".", "..", "..."] {
            let related = Self.site.dataRequests(template: "product", params: ["id": key]).filter { $0.entry == "related" }
            #expect(related.count == 1)
            #expect((UpstreamClient.upstreamRequest(related[0], context: PageRequestContext(HTTPRequest(method: "GET", target: "/"), date: TestInstant.date)) == nil) == (key != "..."))
        }
        #expect(Self.run("/product/..").response.status == 404)
    }

    @Test func theCacheAnswersTheSecondRequestAndPipelinesWithoutOneBypassIt() {
        let cached = Self.pipeline(cache: ResponseCache(capacityBytes: 1 << 20))
        let headers = [("X-Client-Version", "ios/5.2.0"), ("Accept-Encoding", "gzip")]
        let first = Self.run("/home", headers, through: cached)
        let second = Self.run("/home", headers, through: cached)
        #expect(first.record.cache == .miss && second.record.cache == .hit)
        #expect(first.response.body == second.response.body && Self.header(second, "Content-Encoding") == "gzip")
        #expect(Self.run("/home", headers).record.cache == .bypass)
        // A page whose url source gave no value is not kept (SPEC §2.3: failures are not cached).
        #expect(Self.run("/product/3", headers, through: cached).record.cache == .miss)
        #expect(Self.run("/product/3", headers, through: cached).record.cache == .miss)
    }

    @Test func theCodingAndThePreconditionsAreThisRequestsEvenOnAHit() throws {
        let cached = Self.pipeline(cache: ResponseCache(capacityBytes: 1 << 20))
        let gzip = Self.run("/home", [("Accept-Encoding", "gzip")], through: cached)
        let etag = try #require(Self.header(gzip, "ETag"))
        let identity = Self.run("/home", [("If-None-Match", etag)], through: cached)
        #expect(identity.record.cache == .hit && identity.response.status == 304)
        #expect(Self.run("/home", [("If-Match", "\"other\"")], through: cached).response.status == 412)
    }

    @Test func theRecordCarriesTheTraceTheClientSent() {
        let traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        let outcome = Self.run("/home", [("traceparent", traceparent)])
        #expect(outcome.record.traceID == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(outcome.record.accessFields(errorCode: nil).hasPrefix("trace_id=4bf92f3577b34da6a3ce929d0e0e4736 page=home "))
    }

    /// The record rides on the response as an existential: within its three-word inline buffer
    /// it needs no heap box, so a cache hit allocates nothing for it.
    @Test func theRecordFitsAnExistentialsInlineBuffer() {
        #expect(MemoryLayout<PageRecord>.size <= 3 * MemoryLayout<Int>.size)
        let outcome = Self.run("/home", [])
        let annotation: any Sendable = outcome.record
        #expect((annotation as? PageRecord)?.page == "home")
    }

    @Test func aClientVersionOver256BytesIsA400() {
        let version = "ios/1.0.0-" + String(repeating: "a", count: 246)
        #expect(version.utf8.count == 256)
        #expect(Self.run("/home", [("X-Client-Version", version)]).response.status == 200)
        #expect(Self.run("/home", [("X-Client-Version", version + "a")]).error?.code == "bad_client_version")
    }

    @Test func theCacheChargesTheKeyAsWellAsTheEntry() throws {
        let cache = ResponseCache<CacheKey, Representation>(capacityBytes: 1 << 20)
        let outcome = Self.run("/home", [("X-Device-Id", String(repeating: "d", count: 128))], through: Self.pipeline(cache: cache))
        let representation = try #require(outcome.representation)
        let plan = try Self.pipeline().decide(HTTPRequest(method: "GET", target: "/home", headers: HTTPHeaders([
            ("X-Device-Id", String(repeating: "d", count: 128))])))
        let key = CacheKey(generation: 1, plan: plan)
        #expect(key.cost > 128 && cache.totalCost == PagePipeline.charge(representation, key: key))
        #expect(representation.cost > representation.result.body.count + (representation.gzipBody?.count ?? 0))
    }
}
