/// The `platform` and `class` labels (`ClientClassLabels`) of the last `X-Client-Version` value
/// one event loop counted, in its Pages version: an app sends the same value request after
/// request, and comparing it costs less than reading it as a version and finding its class.
/// Exact: the labels stand only for the same text in the same Pages generation. Owned by one
/// event loop and used from its thread only, so it takes no lock.
final class ClientLabelMemo: @unchecked Sendable {
    private var generation: Int?
    private var header: String?
    private var labels = ClientClassLabels.none

    /// The labels of a request whose `X-Client-Version` (its fields joined) is `header`, under
    /// `snapshot`.
    func labels(for header: String?, in snapshot: SiteStore.Snapshot) -> [String] {
        if generation == snapshot.generation, self.header == header { return labels }
        labels = snapshot.clientLabels.labels(for: header)
        self.header = header
        generation = snapshot.generation
        return labels
    }
}
