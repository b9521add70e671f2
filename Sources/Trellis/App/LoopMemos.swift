/// What one event loop remembers between its requests, used from its thread only: its recent
/// decisions (`DecisionMemo`) and the labels of the last client version it counted
/// (`ClientLabelMemo`).
struct LoopMemos: Sendable {
    let decisions = DecisionMemo()
    let clientLabels = ClientLabelMemo()
}
