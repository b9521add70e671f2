extension ComponentTemplate {
    /// The templates this component's fallback chain may replace it with, in the order
    /// `Assembler` follows them: its own rule (inline, `null`, or the catalog's), then each
    /// replacement's catalog fallback, for at most `Assembler.maxChain` steps.
    func fallbackChain(catalog: Catalog) -> [ComponentTemplate] {
        var chain: [ComponentTemplate] = []
        var next: ComponentTemplate? = switch fallback {
        case .drop: nil
        case .replace(let replacement): replacement
        case .catalog: catalog[type].fallback
        }
        for _ in 0..<Assembler.maxChain {
            guard let replacement = next else { break }
            chain.append(replacement)
            next = catalog[replacement.type].fallback
        }
        return chain
    }
}
