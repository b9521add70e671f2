/// Loads and validates a Pages folder given as files (path relative to Pages/ → bytes),
/// reporting every problem, and compiles it into a `Site`.
extension Site {
    /// The site, or every problem found, sorted (`file:json.path: message`).
    ///
    /// Keys are paths relative to Pages/: `catalog.json`, `rollout.json` (optional: no
    /// experiments, canaries or minimum versions), `sources.json` (optional), `pages/<name>.json`,
    /// `fragments/<name>.json`, `data/<name>.json`, `actions/<name>.json`. Other files are ignored.
    public static func load(files: [String: [UInt8]]) -> Result<Site, [ValidationProblem]> {
        loadWithWarnings(files: files).result
    }

    /// The site or every problem found, as `load(files:)`, and every warning found either way,
    /// sorted: a warning never decides whether the folder loads (SPEC §13), and a folder that
    /// fails shows its warnings too (`validate` prints every problem and warning).
    public static func loadWithWarnings(files: [String: [UInt8]])
        -> (result: Result<Site, [ValidationProblem]>, warnings: [ValidationProblem]) {
        var loader = SiteLoader(files: files)
        let result = loader.load()
        return (result, loader.warnings.sorted)
    }
}

struct SiteLoader {
    static let reservedRoutes: Set<String> = ["/healthz", "/readyz", "/metrics"]
    static let specialPages = ["not-found", "upgrade"]

    let files: [String: [UInt8]]
    var problems = ProblemList()
    /// Problems that do not fail validation (a message missing from a non-default locale, a
    /// binding path no record of its data file has).
    var warnings = ProblemList()
    var parsed: [String: JSONValue] = [:]
    var variantUses: [TemplateCompiler.VariantUse] = []

    init(files: [String: [UInt8]]) {
        self.files = files
    }

    mutating func load() -> Result<Site, [ValidationProblem]> {
        for path in files.keys.sorted() where path.hasSuffix(".json") {
            do throws(JSONParseError) {
                parsed[path] = try JSONParser.parse(files[path]!)
            } catch {
                problems.report(path, "$", error.description)
            }
        }
        var catalog = Catalog(types: [], indexByName: [:], fieldRuleCount: 0)
        if let root = parsed[Catalog.file] {
            catalog = Catalog.read(root, problems: &problems)
        } else if files[Catalog.file] == nil {
            problems.report(Catalog.file, "$", "missing file")
        }
        let dataFiles = parsed.filter { $0.key.hasPrefix("data/") }
        let sources = SourceTable.read(parsed[SourceTable.file], dataFiles: dataFiles, problems: &problems)
        var fragments: [String: JSONValue] = [:]
        for (path, value) in parsed {
            if let name = Self.name(path, in: "fragments/") { fragments[name] = value }
        }
        let localization = readLocalization()
        // Fallbacks compile against the catalog being completed; templates against the result.
        var fallbackCompiler = TemplateCompiler(catalog: catalog, fragments: fragments)
        compileFallbacks(&catalog, &fallbackCompiler)
        catalog.compileActionFallbacks(parsed[Catalog.file], &fallbackCompiler)
        problems.report(contentsOf: fallbackCompiler.problems)
        var compiler = TemplateCompiler(catalog: catalog, fragments: fragments)
        for name in fragments.keys.sorted() {
            _ = compiler.compileFragment(name)
        }
        var templates: [String: PageTemplate] = [:]
        let places = recordPlaces(sources)
        for path in parsed.keys.sorted() {
            guard let name = Self.name(path, in: "pages/") else { continue }
            if let page = compilePage(name, parsed[path]!, &compiler, sources, places) { templates[name] = page }
        }
        let actions = compileActions(&compiler, sources, templates)
        checkSubmits(actions)
        let banner = compileUpdateBanner(&compiler)
        problems.report(contentsOf: compiler.problems)
        warnings.report(contentsOf: compiler.warnings)
        variantUses = compiler.variantUses
        checkLocaleUses(compiler.localeUses, localization)
        let routes = buildRoutes(templates, pageFiles: Set(files.keys.compactMap { Self.name($0, in: "pages/") }))
        let rollout = readRollout(templates)
        checkUpdateBanner(rollout, banner: banner?.node)
        guard problems.isEmpty else { return .failure(problems.sorted) }
        return .success(Site(version: ContentHash.of(files), catalog: catalog, templates: templates,
                             routes: routes, sources: sources, rollout: rollout, localization: localization,
                             updateBanner: banner.map { UpdateBanner(node: $0.node, edges: $0.edges) },
                             warnings: warnings.sorted, literalIDs: compiler.literalIDs, actions: actions,
                             fingerprints: ContentHash.fingerprints(files, templates: templates.keys)))
    }

    /// `home` for `pages/home.json` under `pages/`; nil for other paths and subfolders.
    static func name(_ path: String, in folder: String) -> String? {
        guard path.hasPrefix(folder), path.hasSuffix(".json") else { return nil }
        let name = path.dropFirst(folder.count).dropLast(".json".count)
        return name.isEmpty || name.contains("/") ? nil : String(name)
    }
}
