import CLinux
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How many CPUs this process may actually use: the CPUs of its affinity mask (`taskset`,
/// `cpuset`), further bounded by a cgroup CPU quota (a container's `cpu.max` or cgroup v1's
/// `cpu.cfs_quota_us`), rounded up. The machine's core count is only the upper bound.
package enum UsableCPUs {
    /// The usable CPU count, at least 1.
    package static func count() -> Int {
        var count = affinityCount() ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        if let quota = quotaCPUs() { count = min(count, quota) }
        return max(1, count)
    }

    /// CPUs in this thread's affinity mask; nil if it can't be read.
    static func affinityCount() -> Int? {
        let count = clinux_affinity_cpu_count()
        return count > 0 ? Int(count) : nil
    }

    /// The cgroup CPU quota in whole CPUs (rounded up), nil when there is none.
    static func quotaCPUs() -> Int? {
        if let text = try? String(contentsOfFile: "/sys/fs/cgroup/cpu.max", encoding: .utf8) {
            return quota(cgroupV2: text)
        }
        guard let quota = try? String(contentsOfFile: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us", encoding: .utf8),
              let period = try? String(contentsOfFile: "/sys/fs/cgroup/cpu/cpu.cfs_period_us", encoding: .utf8)
        else { return nil }
        return self.quota(cgroupV2: quota.trimmingCharacters(in: .whitespacesAndNewlines) + " " + period)
    }

    /// `cpu.max` (`"<quota> <period>"` or `"max <period>"`) as whole CPUs, rounded up; nil for
    /// no limit (`max`, or cgroup v1's `-1`) or text that is not that.
    static func quota(cgroupV2 text: String) -> Int? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count >= 2, let quota = Int(parts[0]), let period = Int(parts[1]), quota > 0, period > 0 else {
            return nil
        }
        return (quota + period - 1) / period
    }
}
