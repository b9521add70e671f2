import SDUI
import Testing
@testable import Trellis

/// `--cache-bytes` bounds every cache together: upstream values get a quarter, finished pages the
/// rest, so RSS stays within start + 1.25 x `--cache-bytes` whatever the traffic caches.
@Suite struct CacheBudgetTests {
    @Test(arguments: [0, 1, 4 << 20, 64 << 20, 1 << 40])
    func theTwoCachesShareTheBudget(cacheBytes: Int) {
        var options = ServeOptions()
        options.cacheBytes = cacheBytes
        #expect(options.responseCacheBytes + options.upstreamCacheBytes == cacheBytes)
        #expect(options.upstreamCacheBytes == cacheBytes / 4)
    }

    @Test func theApplicationsCachesAreSizedFromTheirShares() throws {
        var options = ServeOptions()
        options.cacheBytes = 4 << 20
        let site = try PagesLoader.load(PagesFolder(path: ServerProcess.packageRoot + "/Pages")).get()
        let app = TrellisApplication(site: site, options: options)
        #expect(app.cache.capacityBytes == 3 << 20)
        #expect((app.dataLoader.upstream as? UpstreamClient)?.cacheBytes == 1 << 20)
    }
}
