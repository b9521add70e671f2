import Testing
@testable import Trellis

/// `trellis bench --served-hits`, which `bench/hit_cost.sh` counts instructions of, really
/// serves its requests through the server and reports a failure when it can't.
@Suite struct ServedHitBenchmarkTests {
    @Test func servesEveryRequestAsA200OverLoopback() throws {
        let result = ServedHitBenchmark.run(pages: ServerProcess.packageRoot + "/Pages", requests: 40)
        let summary = try result.get()
        #expect(summary.hasPrefix("served 40 cached /home hits"))
    }

    @Test func aFolderThatIsNotPagesIsAFailureNotACrash() {
        let result = ServedHitBenchmark.run(pages: "/nonexistent-pages", requests: 1)
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.message.contains("not a valid Pages folder"))
    }
}
