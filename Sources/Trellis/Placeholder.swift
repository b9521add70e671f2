import HTTPServer
import SDUI
/// Placeholder.
enum TrellisPlaceholder {}
