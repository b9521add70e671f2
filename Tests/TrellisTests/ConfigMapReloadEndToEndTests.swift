import Foundation
import TestSupport
import Testing

/// Pages/ as a mounted ConfigMap (SPEC §9): the server starts on the kubelet's layout of
/// symlinks and follows its updates, each picked up within 2 s and never served half-swapped.
@Suite(.serialized) struct ConfigMapReloadEndToEndTests {
    @Test func thirtyKubeletSwapsArePickedUpWithinTwoSecondsAndReadersSeeOnlyWholeVersions() throws {
        let sample = try KubeletVolume.files()
        let volume = try KubeletVolume(files: WholeVersionReaders.versioned(sample, 0))
        let server = try ServerProcess(pages: volume.path)
        let readers = WholeVersionReaders(port: server.port)
        let client = try TestClient(port: server.port)
        for n in 1...30 {
            try volume.update(WholeVersionReaders.versioned(sample, n))
            _ = try server.waitFor("version \(n) served", timeout: 2) {
                (try? client.request("/home").bodyText.contains("\"id\":\"home-v\(n)\"")) == true ? true : nil
            }
        }
        let tally = readers.stop()
        #expect(tally.mixes == 0)
        #expect(tally.versions > 1)
        #expect(try server.metric("trellis_config_reload_failures_total") == 0)
        server.stop()
    }
}
