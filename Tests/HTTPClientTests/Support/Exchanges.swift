import HTTPServer
import Synchronization
@testable import HTTPClient

/// Runs client exchanges on a loop of its own, one at a time, and waits for each answer.
final class Exchanges: Sendable {
    private let thread: EventLoopThread
    private let settings = ClientExchange.Settings(
        pool: ClientConnectionPool(), maxResponseBytes: 1 << 20, resolver: NameResolver(), tls: nil)

    init() throws {
        thread = try EventLoopThread(name: "client-tests")
    }

    /// The answer to `request`, or why there is none (within 10 s).
    func run(_ request: ClientRequest) async -> Result<ClientResponse, ClientError> {
        await withCheckedContinuation { continuation in
            thread.loop.execute { [settings, loop = thread.loop] in
                ClientExchange.start(request, deadline: .now + .seconds(10), on: loop, settings: settings) { result in
                    continuation.resume(returning: result)
                }
            }
        }
    }
}
