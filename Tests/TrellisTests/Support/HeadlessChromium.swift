import Foundation

/// Debian's `chromium`, run headless for the preview's browser test: the DOM after load
/// (`--dump-dom`) and a screenshot. `make test` installs it (apt-get); `CHROMIUM` names another.
struct HeadlessChromium {
    let path: String

    /// The browser, or nil when none is installed.
    static let installed: HeadlessChromium? = {
        let environment = ProcessInfo.processInfo.environment
        let searchPath = (environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
        let candidates = [environment["CHROMIUM"]].compactMap { $0 }
            + ["chromium", "chromium-browser", "google-chrome"].flatMap { name in searchPath.map { $0 + "/" + name } }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(HeadlessChromium.init)
    }()

    /// The serialized DOM of `url` once loaded (scripts run, as in a user's browser), in a
    /// window of `width` × `height` pixels when given.
    func dumpDOM(_ url: String, width: Int? = nil, height: Int? = nil) throws -> String {
        let size = width.flatMap { width in height.map { ["--window-size=\(width),\($0)"] } } ?? []
        return try run(size + ["--dump-dom", url])
    }

    /// Saves a PNG of `url` in a window of `width` × `height` pixels at `file`.
    func screenshot(_ url: String, to file: String, width: Int, height: Int) throws {
        _ = try run(["--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(file)", url])
    }

    /// Runs the browser headless with a private profile and no name resolution but the
    /// loopback (the test stays offline: the sample images are never fetched); killed if it outlives `timeout` seconds.
    private func run(_ arguments: [String], timeout: Double = 60) throws -> String {
        let profile = NSTemporaryDirectory() + "trellis-chromium-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                             "--user-data-dir=\(profile)",
                             "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        guard process.terminationStatus == 0 else {
            throw TestFailure("chromium \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
