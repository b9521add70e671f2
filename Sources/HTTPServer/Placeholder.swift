/// Placeholder until the server lands.
enum HTTPServerPlaceholder {}
