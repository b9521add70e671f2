import Testing
@testable import SystemCalls

/// The default number of event loops follows the CPUs the process may use (issue: tail latency
/// when a container is given fewer CPUs than the machine has).
@Suite struct UsableCPUsTests {
    @Test func aCgroupQuotaIsWholeCPUsRoundedUp() {
        #expect(UsableCPUs.quota(cgroupV2: "max 100000\n") == nil)
        #expect(UsableCPUs.quota(cgroupV2: "100000 100000\n") == 1)
        #expect(UsableCPUs.quota(cgroupV2: "150000 100000\n") == 2)
        #expect(UsableCPUs.quota(cgroupV2: "50000 100000") == 1)
        #expect(UsableCPUs.quota(cgroupV2: "-1 100000") == nil)  // cgroup v1: no quota
        #expect(UsableCPUs.quota(cgroupV2: "garbage") == nil)
    }

    @Test func theCountIsTheAffinityMaskAtMost() throws {
        let affinity = try #require(UsableCPUs.affinityCount())
        #expect(affinity >= 1 && UsableCPUs.count() >= 1 && UsableCPUs.count() <= affinity)
    }
}
