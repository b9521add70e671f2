import Foundation
import Glibc

/// Many HTTP/1.1 requests in flight at once from one thread: every connection to
/// 127.0.0.1 is opened at once, non-blocking, and `poll` drives them all (no thread per
/// connection, so the test process stays small while the server under test carries the load).
/// Each request is sent with `Connection: close`; its answer is what arrived before the close.
public enum ConcurrentRequests {
    /// What the run gave: each connection's raw answer (nil: it failed or was not answered
    /// before the deadline), and the wall time from the first connect to the last answer.
    public struct Outcome {
        public var answers: [String?]
        public var wallTime: Duration
    }

    /// Per connection: its socket, its request and how much of it went out, what came back.
    private struct Flight {
        var fd: Int32
        var request: [UInt8]
        var sent = 0
        var received: [UInt8] = []
        var done = false
        var failed = false
    }

    /// Raises this process's open-file limit to its hard limit (the children it starts
    /// inherit it); returns the soft limit now in force.
    @discardableResult
    public static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }

    /// Sends `requests` (raw request heads, each on its own connection to `port`) all at once
    /// and waits for every answer, at most until `timeout`; `tick` runs between polls (to
    /// sample the server while the load is on).
    public static func run(port: Int, requests: [String], timeout: Duration, tick: () -> Void = {}) -> Outcome {
        let started = ContinuousClock.now
        var flights = requests.map { Flight(fd: -1, request: Array($0.utf8)) }
        for index in flights.indices {
            flights[index].fd = connect(port: port)
            if flights[index].fd < 0 { flights[index].failed = true }
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        var last = started
        while flights.contains(where: { !$0.done && !$0.failed }), ContinuousClock.now - started < timeout {
            let live = flights.indices.filter { !flights[$0].done && !flights[$0].failed }
            var polls = live.map { index in
                pollfd(fd: flights[index].fd, events: Int16(flights[index].sent < flights[index].request.count ? POLLOUT : POLLIN), revents: 0)
            }
            guard poll(&polls, nfds_t(polls.count), 100) >= 0 || errno == EINTR else { break }
            for (slot, index) in live.enumerated() where polls[slot].revents != 0 {
                step(&flights[index], chunk: &chunk)
                if flights[index].done { last = ContinuousClock.now }
            }
            tick()
        }
        for flight in flights where flight.fd >= 0 { close(flight.fd) }
        let answers = flights.map { $0.done ? String(decoding: $0.received, as: UTF8.self) : nil }
        return Outcome(answers: answers, wallTime: last - started)
    }

    /// Writes what is left of the request, or reads what has arrived (EOF: done).
    private static func step(_ flight: inout Flight, chunk: inout [UInt8]) {
        if flight.sent < flight.request.count {
            let count = flight.request[flight.sent...].withUnsafeBytes { send(flight.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 { flight.sent += count } else if errno != EAGAIN && errno != EINTR { flight.failed = true }
            return
        }
        let count = chunk.withUnsafeMutableBytes { recv(flight.fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            flight.received.append(contentsOf: chunk[..<count])
        } else if count == 0 {
            flight.done = true
        } else if errno != EAGAIN && errno != EINTR {
            flight.failed = true
        }
    }

    /// A non-blocking socket connecting to 127.0.0.1:`port` (-1 if it can't be made); close-on-exec,
    /// so the servers other tests start meanwhile do not inherit two thousand sockets.
    private static func connect(port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        guard LoopbackSocket.startConnect(fd, port: port) == 0 || errno == EINPROGRESS else {
            close(fd)
            return -1
        }
        return fd
    }
}
