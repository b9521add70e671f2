/// `$t` and `$format` (SPEC §7.1): objects that stand for a string value, localized per request.
///
/// `{ "$t": "cart.items", "count": "{{cart.count}}" }`: the message `cart.items`, the other
/// keys its arguments. `{ "$format": "{{price.amount}}", "style": "currency", "currency":
/// "{{price.currency}}" }`: styles `number` (the default), `percent`, `currency` (with
/// `currency`), `date` (with `dateStyle`: `short`, `medium` (the default), `long`).
extension TemplateCompiler {
    /// Where a `$t` names a message key (nil for a `$format`), for the check against strings/.
    struct LocaleUse {
        let file: String
        let path: String
        let key: String?
    }

    private static let formatKeys = ObjectKeys(["$format", "style", "currency", "dateStyle"], in: "$format",
                                               listing: .note("style, currency, dateStyle"))

    mutating func compileLocalized(_ object: JSONObject, _ directive: String, _ file: String, _ path: String,
                                   _ context: Context) -> TemplateNode? {
        guard context == .value else {
            report(file, path.key(directive), "\(directive) stands for a string value, not a component")
            return nil
        }
        return directive == "$t" ? compileMessage(object, file, path) : compileFormat(object, file, path)
    }

    private mutating func compileMessage(_ object: JSONObject, _ file: String, _ path: String) -> TemplateNode? {
        guard let key = object["$t"]?.stringValue, !key.isEmpty else {
            report(file, path.key("$t"), "$t names a message key (a non-empty string)")
            return nil
        }
        used(LocaleUse(file: file, path: path.key("$t"), key: key))
        var arguments: [TemplateMember] = []
        for member in object.members where member.key != "$t" {
            if let node = compile(member.value, file, path.key(member.key), .value) {
                arguments.append(TemplateMember(key: member.key, node: node))
            }
        }
        return .message(key: key, arguments: arguments)
    }

    private mutating func compileFormat(_ object: JSONObject, _ file: String, _ path: String) -> TemplateNode? {
        used(LocaleUse(file: file, path: path.key("$format"), key: nil))
        ConfigObject(object, file: file, path: path).check(Self.formatKeys, &self)
        let value = compile(object["$format"]!, file, path.key("$format"), .value)
        let styleName = object["style"].map { $0.stringValue ?? "" } ?? "number"
        var style: FormatTemplate.Style?
        switch styleName {
        case "number": style = .number
        case "percent": style = .percent
        case "currency":
            if let code = object["currency"] {
                style = compile(code, file, path.key("currency"), .value).map(FormatTemplate.Style.currency)
            } else {
                report(file, path, "a currency $format needs \"currency\" (an ISO 4217 code such as \"EUR\")")
            }
        case "date":
            let name = object["dateStyle"].map { $0.stringValue ?? "" } ?? "medium"
            if let dateStyle = DateFormat.Style(rawValue: name) {
                style = .date(dateStyle)
            } else {
                report(file, path.key("dateStyle"), "dateStyle is short, medium or long")
            }
        default:
            report(file, path.key("style"), "style is number, percent, currency or date")
        }
        if object["currency"] != nil, styleName != "currency" {
            report(file, path.key("currency"), "\"currency\" goes with style \"currency\"")
        }
        if object["dateStyle"] != nil, styleName != "date" {
            report(file, path.key("dateStyle"), "\"dateStyle\" goes with style \"date\"")
        }
        guard let value, let style else { return nil }
        return .format(FormatTemplate(value: value, style: style))
    }
}

/// A compiled `$format`: the value to format and how.
struct FormatTemplate: Sendable {
    enum Style: Sendable {
        case number, percent
        /// The currency code, bound per request.
        case currency(TemplateNode)
        case date(DateFormat.Style)
    }

    let value: TemplateNode
    let style: Style
}
