import Dispatch
import Glibc

/// Signal handling through Dispatch sources (a signalfd on Linux). The signals must be
/// blocked with `block(_:)` before any thread starts, or one may reach a thread that takes
/// its default action. Handlers run on one serial queue; the sources live as long as this
/// object.
final class SignalHandlers {
    private let queue = DispatchQueue(label: "trellis.signals")
    private var sources: [any DispatchSourceSignal] = []

    /// Blocks `signals` in the calling thread and every thread it starts afterwards.
    static func block(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in signals { sigaddset(&set, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Runs `action` each time one of `signals` arrives.
    func on(_ signals: Int32..., action: @escaping @Sendable () -> Void) {
        for signalNumber in signals {
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler(handler: action)
            source.resume()
            sources.append(source)
        }
    }
}
