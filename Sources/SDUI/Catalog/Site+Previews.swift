extension Site {
    /// The catalog's `preview` templates by type name (SPEC §13), for the preview to draw those
    /// types as the app would; a type without one is absent.
    public var previewTemplates: [String: PreviewTemplate] {
        var templates: [String: PreviewTemplate] = [:]
        for type in catalog.types { templates[type.name] = type.preview }
        return templates
    }
}
