import Foundation

/// Runs a command to completion, for tests that need a real tool (`openssl`, `curl`).
public enum TestProcess {
    /// Runs `executable` with `arguments`; returns its exit status and standard output
    /// (standard error is discarded).
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (-1, "")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
