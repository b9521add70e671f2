import Synchronization
import TrellisClient

extension PageClient {
    /// `load`, awaited: the test's task is suspended (it holds no thread the URLSession answer
    /// could need, when every core is busy) until the answer, or fails with "no answer" once
    /// `timeout` has passed without one.
    func page(_ path: String, timeout: Duration = .seconds(10)) async throws -> Page {
        let answer = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Page, Failure>?, Never>) in
            let once = ResumeOnce(continuation)
            let deadline = Task {
                guard (try? await Task.sleep(for: timeout)) != nil else { return }  // cancelled: answered
                once.resume(nil)
            }
            load(path) { answer in
                deadline.cancel()
                once.resume(answer)
            }
        }
        guard let answer else { throw TestFailure("no answer for \(path) within \(timeout)") }
        return try answer.get()
    }
}

/// A continuation resumed by whichever of two callers comes first (an answer, a deadline).
final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Mutex(continuation)
    }

    /// Resumes with `value` unless resumed already.
    func resume(_ value: Value) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}
