import Foundation
import SystemCalls

/// The standard `process_*` metrics of Prometheus client libraries, read from /proc at each
/// scrape (Linux): CPU seconds, resident and virtual memory, open and maximum descriptors, and
/// the start time. A figure that can't be read is `NaN` rather than a missing family, so the
/// exposition keeps its shape.
enum ProcessMetrics {
    /// Registers the six families on `registry`.
    static func register(on registry: MetricsRegistry) {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK))), pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        let start = startTime(ticksPerSecond: ticks)
        registry.counter("process_cpu_seconds_total", help: "Total user and system CPU time spent in seconds.") {
            stat().map { ($0[Stat.userTicks] + $0[Stat.systemTicks]) / ticks } ?? .nan
        }
        registry.gauge("process_resident_memory_bytes", help: "Resident memory size in bytes.") {
            stat().map { $0[Stat.residentPages] * pageSize } ?? .nan
        }
        registry.gauge("process_virtual_memory_bytes", help: "Virtual memory size in bytes.") {
            stat()?[Stat.virtualBytes] ?? .nan
        }
        registry.gauge("process_open_fds", help: "Number of open file descriptors.") {
            // Less the one `directoryEntries` opens to list the folder.
            (try? System.directoryEntries("/proc/self/fd")).map { Double($0.count - 1) } ?? .nan
        }
        registry.gauge("process_max_fds", help: "Maximum number of open file descriptors.") {
            (try? System.openFileLimit()).map { Double($0) } ?? .nan
        }
        registry.gauge("process_start_time_seconds", help: "Start time of the process since unix epoch in seconds.") {
            start
        }
    }

    /// Indices into `stat()`'s fields (proc(5) numbers them from 1; field 3 is the first after
    /// the command name, at index 0).
    private enum Stat {
        static let userTicks = 14 - 3, systemTicks = 15 - 3, startTicks = 22 - 3
        static let virtualBytes = 23 - 3, residentPages = 24 - 3
    }

    /// /proc/self/stat's numeric fields from the third on (the command name, which may hold
    /// spaces and parentheses, is skipped up to its last `)`); nil when unreadable.
    private static func stat() -> [Double]? {
        guard let bytes = try? System.readFile("/proc/self/stat"),
              let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
            .map { Double(String(decoding: $0, as: UTF8.self)) ?? .nan }
        return fields.count > Stat.residentPages ? fields : nil
    }

    /// Boot time (`btime` in /proc/stat) plus the process's start in ticks after boot.
    private static func startTime(ticksPerSecond: Double) -> Double {
        guard let fields = stat(), let bytes = try? System.readFile("/proc/stat"),
              let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
              let boot = Double(line.dropFirst("btime ".count)) else { return .nan }
        return boot + fields[Stat.startTicks] / ticksPerSecond
    }
}
