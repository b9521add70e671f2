import Dispatch

/// Signal handling through Dispatch sources (the default actions must already be ignored
/// with `signal(_, SIG_IGN)`, before any thread starts). Handlers run on one serial queue;
/// the sources live as long as this object.
final class SignalHandlers {
    private let queue = DispatchQueue(label: "trellis.signals")
    private var sources: [any DispatchSourceSignal] = []

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
