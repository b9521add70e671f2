/// One op of an action's answer (SPEC §11), compiled: what the client does to its screen.
/// Targets, urls and components are templates evaluated with `result`, `input` and `params`.
enum ActionOp: Sendable {
    /// Put `component` in place of the component with id `target`.
    case replace(target: TemplateNode, component: TemplateNode)
    /// Take the component with id `target` away.
    case remove(target: TemplateNode)
    /// Show `component` briefly.
    case toast(component: TemplateNode)
    /// Go to `url`.
    case navigate(url: TemplateNode)

    /// The op names an action file may use.
    static let names = ["replace", "remove", "toast", "navigate"]
}
