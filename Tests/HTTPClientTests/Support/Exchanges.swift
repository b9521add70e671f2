import HTTPServer
import Synchronization
import TestSupport
@testable import HTTPClient

/// Runs client exchanges on a loop of its own, one at a time, and waits for each answer.
final class Exchanges: Sendable {
    private let thread: EventLoopThread
    private let settings: ClientExchange.Settings

    /// Exchanges whose TLS trusts `authority`'s certificates (nil: no TLS).
    init(trusting authority: TestCertificateAuthority? = nil) throws {
        thread = try EventLoopThread(name: "client-tests")
        settings = ClientExchange.Settings(
            pool: ClientConnectionPool(), maxResponseBytes: 1 << 20, resolver: NameResolver(),
            tls: try authority.map { try ClientTLSContext(caFiles: [$0.certificate]) })
    }

    /// The answer to `request`, or why there is none (within 10 s). `meanwhile` runs on the
    /// loop's thread right after the exchange has started, before the loop's next pass: after a
    /// pooled connection was taken, before the request is written on it.
    func run(_ request: ClientRequest, meanwhile: @escaping @Sendable () -> Void = {}) async -> Result<ClientResponse, ClientError> {
        await withCheckedContinuation { continuation in
            thread.loop.execute { [settings, loop = thread.loop] in
                ClientExchange.start(request, deadline: .now + .seconds(10), on: loop, settings: settings) { result in
                    continuation.resume(returning: result)
                }
                meanwhile()
            }
        }
    }
}
