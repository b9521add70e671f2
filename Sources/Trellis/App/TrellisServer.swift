import Dispatch
import Glibc
import HTTPClient
import HTTPServer
import Logging
import SDUI

/// `trellis serve`: loads Pages/ (refusing to start on any problem), serves it, reloads it
/// on change and on SIGHUP (with the TLS certificate and key), and drains gracefully on
/// SIGTERM or SIGINT (SPEC §4.3). With `--metrics-port`, a second small server on that port
/// answers `/metrics` and the probes (SPEC §13) until the public one has drained.
public enum TrellisServer {
    /// Runs until drained; returns the process exit status (0 after a drain, 1 when the
    /// pages are invalid or the port can't be bound). Logs through the `LoggingSystem` as the
    /// command bootstrapped it (`LogBootstrap`).
    public static func run(_ options: ServeOptions) -> Int32 {
        // Before any thread starts: a vanished peer must not kill us (SIGPIPE ignored), and
        // SIGHUP/SIGTERM/SIGINT are blocked in every thread (threads inherit the mask), so they
        // reach only the Dispatch signal sources, never a default action.
        signal(SIGPIPE, SIG_IGN)
        SignalHandlers.block([SIGHUP, SIGTERM, SIGINT])
        let logger = Logger(label: "trellis")

        let folder = PagesFolder(path: options.pages)
        let site: Site
        switch PagesLoader.load(folder) {
        case .success(let loaded):
            site = loaded
        case .failure(let failure):
            for problem in failure.problems { logger.critical("\(problem)") }
            logger.critical("refusing to start: \(failure.problems.count) problem(s) in \(folder.path)")
            return 1
        }

        let upstreamTLS: ClientTLSContext
        do {
            upstreamTLS = try ClientTLSContext(caFiles: options.upstreamCAFiles)
        } catch {
            logger.critical("refusing to start: \(error)")
            return 1
        }
        let app = TrellisApplication(site: site, options: options, upstreamTLS: upstreamTLS, logger: logger)
        let server = HTTPServer(configuration: options.http, handler: app.handler, logger: logger)
        let metricsServer = options.metricsConfiguration.map {
            HTTPServer(configuration: $0, handler: MetricsPortHandler(app: app), logger: logger)
        }
        for listener in [server] + (metricsServer.map { [$0] } ?? []) {
            do {
                try listener.start()
            } catch {
                logger.critical("cannot start on \(listener.configuration.host):\(listener.configuration.port): \(error)")
                return 1
            }
        }
        logger.debug("configuration", metadata: [
            "max-connections": "\(options.http.maxConnections)", "cache-bytes": "\(options.cacheBytes)",
            "reload-interval": "\(options.reloadInterval)", "tls": "\(options.http.tls != nil)",
        ])
        let registry = app.metrics.registry
        registry.gauge("trellis_open_connections", help: "Open client connections.") { Double(server.openConnections) }
        ProcessMetrics.register(on: registry)
        app.accessLog.register(on: registry)
        let purger = options.edgePurgeURLs.isEmpty ? nil
            : EdgePurger(urls: options.edgePurgeURLs, current: app.store.current, logger: logger)
        let reloader = PagesReloader(folder: folder, store: app.store, logger: logger) { _, _ in
            app.didReload()
            purger?.didReload(app.store.current)
        }
        registry.counter("trellis_config_reload_failures_total", help: "Reloads rejected by validation.") {
            Double(reloader.failures)
        }
        reloader.startWatching(every: options.reloadInterval.dispatchInterval)
        let signals = SignalHandlers()
        let reloadHandled = signals.on(SIGHUP) {
            reloader.reloadNow()
            guard options.http.tls != nil else { return }
            do {
                try server.reloadTLS()
                try metricsServer?.reloadTLS()
                logger.info("TLS certificate reloaded")
            } catch {
                logger.error("TLS reload rejected, keeping the old certificate: \(error)")
            }
        }
        let drainHandled = signals.on(SIGTERM, SIGINT) {
            guard app.beginDraining() else { return }
            logger.notice("draining", metadata: ["grace": "\(options.drainGrace)", "timeout": "\(options.drainTimeout)"])
            // The metrics port answers through the drain (its /readyz says 503), then stops.
            server.drain(grace: options.drainGrace, timeout: options.drainTimeout) {
                metricsServer?.stop()
                app.accessLog.flush()
                logger.notice("drained; exiting")
                exit(0)
            }
        }
        // Announced once the signal handlers are in place: a signal sent on seeing this line
        // is handled, never a default action.
        if !(reloadHandled && drainHandled) { logger.warning("signal handlers not registered after 5 s") }
        let scheme = options.http.tls == nil ? "http" : "https"
        let host = options.http.host.contains(":") ? "[\(options.http.host)]" : options.http.host  // IPv6 literal
        var metadata: Logger.Metadata = ["pages": "\(folder.path)", "version": "\(site.version)",
                                         "event-loops": "\(options.http.eventLoops)"]
        if let metricsServer { metadata["metrics-port"] = "\(metricsServer.boundPort)" }
        logger.notice("listening on \(scheme)://\(host):\(server.boundPort)", metadata: metadata)
        withExtendedLifetime((app, server, metricsServer, reloader, purger, signals)) { dispatchMain() }
    }
}
