/// What performing an action leaves for the app to do, beyond the changes to its `Screen`.
public enum Effect: Sendable, Equatable {
    /// A `toast` op (SPEC §11): a component to show briefly.
    case toast(JSON)
    /// A `navigate` op: a URL to open.
    case navigate(String)
    /// The upgrade page, answered where a section was asked for (SPEC §10.1): the app must be
    /// updated; the screen is left as it was.
    case upgradeRequired(JSON)
    /// An action or op this library doesn't perform (`navigate`, `share`, an op of a newer
    /// server): the app's own to handle, as sent.
    case unhandled(JSON)
}
