import Foundation
import Glibc
import TestSupport
import Synchronization

/// A real `trellis serve` process on an ephemeral port, for end-to-end tests. It is started
/// with `--port 0`; the port is read from its "listening on" log line. `stop()` (or deinit)
/// ends it by its PID.
final class ServerProcess: @unchecked Sendable {
    let process: Process
    private(set) var port = 0
    private let stdoutText = CapturedText()
    private let stderrText = CapturedText()

    var pid: Int32 { process.processIdentifier }

    /// The `trellis` binary: `TRELLIS_BIN` (set by `make test`), else the debug build.
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["TRELLIS_BIN"] { return path }
        return packageRoot + "/.build/debug/trellis"
    }

    /// The package's root folder.
    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// `trellis serve` on the Pages folder at `pages`. With `readsStdout` false, its stdout is
    /// a pipe nobody reads (a stalled log collector).
    convenience init(
        pages: String, arguments: [String] = [], environment: [String: String] = [:], readsStdout: Bool = true
    ) throws {
        try self.init(command: ["serve", "--pages", pages, "--host", "127.0.0.1", "--port", "0"] + arguments,
                      environment: environment, readsStdout: readsStdout)
    }

    /// Any listening `trellis` command (`serve`, `upstream`) given `--port 0`.
    init(command: [String], environment: [String: String] = [:], readsStdout: Bool = true) throws {
        let out: Pipe, err: Pipe
        (process, out, err) = Process.trellis(command, environment: environment)
        try process.run()
        if readsStdout { stdoutText.read(out.fileHandleForReading) }
        stderrText.read(err.fileHandleForReading)
        let listening = try waitFor("listening", timeout: 30) { [stderrText] in
            let text = stderrText.value
            return text.range(of: #"listening on https?://[^:]+:(\d+)"#, options: .regularExpression).map { String(text[$0]) }
        }
        port = Int(listening.split(separator: ":").last!)!
    }

    /// Access-log lines printed so far.
    var accessLog: [String] { stdoutText.value.split(separator: "\n").map(String.init) }
    /// Everything printed on stderr so far.
    var errorLog: String { stderrText.value }

    /// Polls `condition` until it yields a value or `timeout` seconds pass.
    func waitFor<T>(_ what: String, timeout: Double, _ condition: () -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let value = condition() { return value }
            if !process.isRunning { break }
            usleep(10_000)
        }
        if let value = condition() { return value }
        throw TestFailure("timed out waiting for \(what); stderr:\n\(errorLog)")
    }

    /// Sends `signal` to the server.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Stops the server with SIGTERM and waits for it; returns its exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            kill(pid, SIGTERM)
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// A test precondition that did not hold.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Text a child process printed, appended from a pipe's reading thread.
final class CapturedText: Sendable {
    private let text = Mutex("")

    /// Reads `handle` to its end on a thread of its own, with blocking reads: not with a
    /// `readabilityHandler`, whose dispatch read source, torn down as the pipe closes, can crash
    /// libdispatch's event loop on Linux (swift-corelibs-libdispatch issue 949).
    func read(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                append(Data(buffer[..<count]))
            }
        }
    }

    func append(_ data: Data) {
        let chunk = String(decoding: data, as: UTF8.self)
        text.withLock { $0 += chunk }
    }

    var value: String { text.withLock { $0 } }
}

extension Process {
    /// A `trellis` process (not yet started) with `arguments`, the test's environment less any
    /// `TRELLIS_*` variables plus `environment`, and piped output. Commands that render pages
    /// do so as of `TestInstant` (`TRELLIS_AT`) unless `arguments` or `environment` name another
    /// instant: no test depends on today's date.
    static func trellis(_ arguments: [String], environment: [String: String]) -> (Process, stdout: Pipe, stderr: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TRELLIS_") }
        env["TRELLIS_AT"] = TestInstant.rfc3339
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        return (process, out, err)
    }
}
