/// Placeholder.
enum SDUIPlaceholder {}
