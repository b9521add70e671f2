/// The soft upgrade's banner (SPEC §7.3): `fragments/update-banner.json` compiled, inserted as
/// the first element of the root page's first slot for a client below `softMinVersions`.
struct UpdateBanner: Sendable {
    let node: TemplateNode
    /// The banner's own `activeFrom`/`activeUntil` instants, sorted.
    let edges: [Double]

    /// `root` with the banner's components first in its first slot (the slot is created when
    /// the page has none of it).
    func insert(into root: inout EvaluatedComponent, slot: String, evaluator: Evaluator) {
        var banner: [Evaluated] = []
        evaluator.elements(node, Scope(), into: &banner)
        guard !banner.isEmpty else { return }
        if let index = root.data.firstIndex(where: { $0.key == slot }) {
            let member = root.data[index]
            root.data[index] = EvaluatedMember(key: slot, keyBytes: member.keyBytes, value: .array(banner + (member.value.elements ?? [])))
        } else {
            root.data.insert(EvaluatedMember(key: slot, keyBytes: TemplateMember(key: slot, node: .literal(.null)).keyBytes,
                                             value: .array(banner)), at: 0)
        }
    }
}
