/// The route table and the rules around it: special pages, canaries, clashes, reserved paths.
extension SiteLoader {
    mutating func buildRoutes(_ templates: [String: PageTemplate], pageFiles: Set<String>) -> RouteTable {
        var table = RouteTable()
        var shapes: [String: String] = [:]
        for special in Self.specialPages where !pageFiles.contains(special) {
            problems.report("pages/\(special).json", "$", "missing page \"\(special)\" (required)")
        }
        for name in templates.keys.sorted() {
            let page = templates[name]!
            let file = "pages/\(name).json"
            if Self.specialPages.contains(name) {
                if page.route != nil { problems.report(file, "$.route", "the \"\(name)\" page has no route") }
                continue
            }
            if page.isCanary {
                let base = String(name[..<name.firstIndex(of: ".")!])
                guard let basePage = templates[base] else {
                    if !pageFiles.contains(base) { problems.report(file, "$", "canary of a missing page \"\(base)\"") }
                    continue
                }
                if page.route != basePage.route {
                    problems.report(file, "$.route", "a canary repeats its page's route \"\(basePage.route?.text ?? "")\"")
                }
                continue
            }
            guard let route = page.route else {
                if (parsed[file]?["route"]) == nil { problems.report(file, "$", "missing \"route\"") }
                continue
            }
            if Self.reservedRoutes.contains(route.text) {
                problems.report(file, "$.route", "route \"\(route.text)\" is reserved")
                continue
            }
            if let other = shapes[route.shape] {
                problems.report(file, "$.route", "route \"\(route.text)\" clashes with \"\(templates[other]!.route!.text)\" of pages/\(other).json")
                continue
            }
            shapes[route.shape] = name
            let sectioned = templates.values.contains { ($0.name == name || $0.name.hasPrefix(name + ".")) && !$0.sections.isEmpty }
            let sections = page.sections.map { RoutedSection(name: $0.section.name, paged: $0.section.list != nil, forwarding: $0.forwarding) }
            table.add(route, page: name, hasSections: sectioned, sections: sections)
        }
        return table
    }
}
