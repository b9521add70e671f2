import Dispatch
import Glibc

/// Signal handling through Dispatch sources. The signals must be blocked with `block(_:)`
/// before any thread starts, or one may reach a thread that takes its default action; and the
/// process must not announce itself before `on` returns (`waitUntilRegistered()`): `dispatchMain()` parks the
/// main thread in `sigsuspend` with every signal unblocked, and until libdispatch has installed
/// a source's handler (asynchronously, after `resume`), a signal delivered there still takes
/// its default action (SIGHUP's terminates). Handlers run on one serial queue; the sources live
/// as long as this object.
final class SignalHandlers {
    private let queue = DispatchQueue(label: "trellis.signals")
    private var sources: [any DispatchSourceSignal] = []
    private let registered = DispatchGroup()

    /// Blocks `signals` in the calling thread and every thread it starts afterwards.
    static func block(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in signals { sigaddset(&set, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Runs `action` each time one of `signals` arrives.
    /// Returns once their handlers are installed (`waitUntilRegistered`), so a process that
    /// announces itself after this call never meets a signal's default action; false when that
    /// took longer than 5 s.
    @discardableResult
    func on(_ signals: Int32..., action: @escaping @Sendable () -> Void) -> Bool {
        for signalNumber in signals {
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler(handler: action)
            registered.enter()
            source.setRegistrationHandler { [registered] in registered.leave() }
            source.resume()
            sources.append(source)
        }
        return waitUntilRegistered()
    }

    /// Waits until every source's handler is installed (at most `timeout`); returns whether
    /// they all are.
    @discardableResult
    func waitUntilRegistered(timeout: DispatchTime = .now() + 5) -> Bool {
        registered.wait(timeout: timeout) == .success
    }
}
