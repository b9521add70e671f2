import Dispatch
import Glibc
import Testing
@testable import Trellis

/// A signal sent the moment the server says it listens is handled: `waitUntilRegistered`
/// returns only once the sources' handlers are installed (before, libdispatch may not yet catch
/// the signal, and SIGHUP's default action ends the process).
@Suite struct SignalHandlersTests {
    @Test func aSignalSentRightAfterRegistrationReachesItsHandler() {
        let handled = DispatchSemaphore(value: 0)
        let handlers = SignalHandlers()
        // SIGWINCH's default action is to ignore it: were the handler not yet installed, the
        // signal would be lost (the test fails) rather than end the test process.
        handlers.on(SIGWINCH) { handled.signal() }
        #expect(handlers.waitUntilRegistered())
        kill(getpid(), SIGWINCH)
        #expect(handled.wait(timeout: .now() + 5) == .success)
        withExtendedLifetime(handlers) {}
    }
}
