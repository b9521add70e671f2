/// Catalog fallbacks: compiled as templates, then every chain checked to end in a type or a
/// drop, without cycles.
extension SiteLoader {
    mutating func compileFallbacks(_ catalog: inout Catalog, _ compiler: inout TemplateCompiler) {
        guard let components = parsed[Catalog.file]?["components"]?.objectValue else { return }
        for (index, type) in catalog.types.enumerated() {
            guard let value = components[type.name]?["fallback"], value != .null else { continue }
            let path = "$.components".key(type.name).key("fallback")
            catalog.types[index].fallback = compiler.compileFallback(value, Catalog.file, path)
        }
        for (index, type) in catalog.types.enumerated() where type.fallback != nil {
            var chain = [index]
            var next = type.fallback?.type
            while let current = next {
                if current == index {
                    let names = (chain + [current]).map { catalog[$0].name }
                    problems.report(Catalog.file, "$.components".key(type.name).key("fallback"),
                                    "fallback cycle: \(names.joined(separator: " → "))")
                    break
                }
                if chain.contains(current) { break }  // a cycle further on, reported for its own types
                chain.append(current)
                next = catalog[current].fallback?.type
            }
        }
    }
}
