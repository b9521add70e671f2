/// `trellis client-models --kotlin` (SPEC §13): a `ClientModelSet` as Kotlin that Debian's
/// kotlin 1.3 compiles against Gson. `sealed class Component` has a data class per component
/// type (its id, then its data fields) and `Unknown` with the wire type and raw data; `Action`
/// the same; `fun trellisGson(): Gson` registers their deserializers. The deserializers read
/// each field by hand (Gson's reflection would leave a Kotlin non-null field null), and a known
/// type whose data doesn't read is kept as `Unknown`. Everything outside the standard names
/// is written fully qualified, so a catalog type named `String` or `JsonObject` shadows
/// nothing; with a namespace, everything is nested in `object <namespace>`.
public enum KotlinModelWriter {
    /// The Kotlin source of `set`, after the comment lines `header`, in the default package.
    public static func source(_ set: ClientModelSet, header: [String], namespace: String? = nil) -> String {
        let named = NamedModels(set, naming: .kotlin, reserved: reserved)
        var out = SourceText()
        for line in header { out.line("// " + line) }
        out.line()
        if let namespace {
            out.block("object \(namespace) {") { writeAll(named, &$0) }
        } else {
            writeAll(named, &out)
        }
        return out.text
    }

    /// The names this writer declares in `Component`, `Action` and the data classes.
    static let reserved = NamedModels.Reserved(
        types: ["Component", "Action", "Unknown", "TrellisWire", "ComponentAdapter", "ActionAdapter", "Companion"],
        cases: ["Unknown"],
        members: ["id", "type", "childComponents", "allActions", "copy", "equals", "hashCode", "toString", "wire", "from",
                  "com", "kotlin", "java", "UNKNOWN"],
        constantEnumCases: true)

    private static let string = "kotlin.String", list = "kotlin.collections.List"
    private static let jsonObject = "com.google.gson.JsonObject", jsonElement = "com.google.gson.JsonElement"

    private static func writeAll(_ named: NamedModels, _ out: inout SourceText) {
        writeComponent(named.components, &out)
        out.line()
        writeAction(named.actions, &out)
        out.line()
        writeAdapters(named, &out)
        out.line()
        out.line("/** A Gson that decodes `Component` (and arrays of them, as a list's pages come) and `Action`. */")
        out.line("fun trellisGson(): com.google.gson.Gson = com.google.gson.GsonBuilder()")
        out.line("    .registerTypeAdapter(Component::class.java, ComponentAdapter())")
        out.line("    .registerTypeAdapter(Action::class.java, ActionAdapter())")
        out.line("    .create()")
        out.line()
        for line in wireHelpers.split(separator: "\n", omittingEmptySubsequences: false) { out.line(String(line)) }
    }

    private static func writeComponent(_ types: [NamedModels.Component], _ out: inout SourceText) {
        out.line("/** A served component (SPEC §1): a data class per catalog type, `Unknown` for any other. */")
        out.block("sealed class Component {") { out in
            out.line("abstract val id: \(string)")
            out.line("/** The component's `type` as sent. */")
            out.line("abstract val type: \(string)")
            out.line("/** The components in its slots, in catalog order (named so that no slot is renamed). */")
            out.line("open val childComponents: \(list)<Component> get() = kotlin.collections.emptyList()")
            out.line("/** The actions in its action fields, in catalog order. */")
            out.line("open val allActions: \(list)<Action> get() = kotlin.collections.emptyList()")
            for type in types {
                out.line()
                writeData(type, &out)
            }
            out.line()
            out.line("/** A type this app doesn't know (or a known one whose data doesn't read), kept as sent. */")
            out.line("data class Unknown(override val id: \(string), override val type: \(string), val data: \(jsonObject)) : Component()")
        }
    }

    private static func writeData(_ type: NamedModels.Component, _ out: inout SourceText) {
        out.line("/** `\(type.wire)`. */")
        let parameters = ["override val id: \(string)"] + type.fields.map { "val \($0.member): \(kotlinType($0))" }
        out.line("data class \(type.typeName)(")
        for (index, parameter) in parameters.enumerated() {
            out.line("    " + parameter + (index == parameters.count - 1 ? "" : ","))
        }
        out.block(") : Component() {") { out in
            out.line("override val type: \(string) get() = \(literal(type.wire))")
            let slots = type.fields.filter { $0.model.kind == .slot }.map(\.member)
            if !slots.isEmpty { out.line("override val childComponents: \(list)<Component> get() = " + slots.joined(separator: " + ")) }
            let actions = type.fields.filter { $0.model.kind == .action }.map { field in
                field.model.optional ? "(\(field.member) ?: kotlin.collections.emptyList())" : field.member
            }
            if !actions.isEmpty { out.line("override val allActions: \(list)<Action> get() = " + actions.joined(separator: " + ")) }
            for field in type.fields {
                guard let enumType = field.enumType else { continue }
                out.line("/** The values of `\(field.model.name)`; `UNKNOWN` for one this app doesn't know. */")
                let constants = field.enumCases.map { "\($0.name)(\(literal($0.wire)))" } + ["UNKNOWN(\"\")"]
                out.block("enum class \(enumType)(val wire: \(string)) {") { out in
                    out.line(constants.joined(separator: ", ") + ";")
                    out.line("companion object { fun from(wire: \(string)): \(enumType) = values().firstOrNull { it != UNKNOWN && it.wire == wire } ?: UNKNOWN }")
                }
            }
        }
    }

    private static func kotlinType(_ field: NamedModels.Field) -> String {
        let base: String
        switch field.model.kind {
        case .slot: return "\(list)<Component>"
        case .string, .url, .color: base = string
        case .number: base = "kotlin.Double"
        case .integer: base = "kotlin.Long"
        case .boolean: base = "kotlin.Boolean"
        case .enumeration: base = field.enumType!
        case .action: base = "\(list)<Action>"
        case .object: base = jsonObject
        case .array: base = "com.google.gson.JsonArray"
        case .any: base = jsonElement
        }
        return field.model.optional ? base + "?" : base
    }

    /// The expression reading `field` of the data class `owner` from `data` (`context` decodes
    /// nested components).
    private static func reading(_ field: NamedModels.Field, of owner: String) -> String {
        let key = literal(field.model.name)
        let value: String
        switch field.model.kind {
        case .slot: return "TrellisWire.components(data, \(key), context)"
        case .string, .url, .color: value = "TrellisWire.string(data, \(key))"
        case .number: value = "TrellisWire.number(data, \(key))"
        case .integer: value = "TrellisWire.integer(data, \(key))"
        case .boolean: value = "TrellisWire.boolean(data, \(key))"
        case .enumeration: value = "TrellisWire.string(data, \(key))?.let { Component.\(owner).\(field.enumType!).from(it) }"
        case .action: value = "TrellisWire.actions(data, \(key), context)"
        case .object: value = "TrellisWire.jsonObject(data, \(key))"
        case .array: value = "TrellisWire.jsonArray(data, \(key))"
        case .any: value = "TrellisWire.any(data, \(key))"
        }
        return field.model.optional ? value : "TrellisWire.required(\(value), \(key))"
    }

    private static func writeAction(_ types: [NamedModels.Action], _ out: inout SourceText) {
        out.line("/** An action (SPEC §7.4): a data class per catalog action type, `Unknown` for any other. */")
        out.block("sealed class Action {") { out in
            out.line("/** The action's `type` as sent. */")
            out.line("abstract val type: \(string)")
            for type in types {
                out.line()
                out.line("/** `\(type.wire)`: its required fields, and the whole action object as sent. */")
                let parameters = type.fields.map { "val \($0.member): \(jsonElement)" } + ["val \(type.rawMember): \(jsonObject)"]
                out.block("data class \(type.typeName)(\(parameters.joined(separator: ", "))) : Action() {") { out in
                    out.line("override val type: \(string) get() = \(literal(type.wire))")
                }
            }
            out.line()
            out.line("/** A type this app doesn't know (or a known one without its required fields), kept as sent. */")
            out.line("data class Unknown(override val type: \(string), val data: \(jsonObject)) : Action()")
        }
    }

    /// Whatever stops a known type's data from reading (a wrong type, a missing required
    /// field, Gson's own exceptions) keeps it as `Unknown`.
    private static let catchNull = "} catch (e: java.lang.RuntimeException) { null }"

    private static func writeAdapters(_ named: NamedModels, _ out: inout SourceText) {
        let signature = "override fun deserialize(json: \(jsonElement), typeOfT: java.lang.reflect.Type, context: com.google.gson.JsonDeserializationContext)"
        out.block("private class ComponentAdapter : com.google.gson.JsonDeserializer<Component> {") { out in
            out.block("\(signature): Component {") { out in
                out.line("val component = TrellisWire.objectOf(json, \"a component\")")
                out.line("val id = TrellisWire.required(TrellisWire.string(component, \"id\"), \"id\")")
                out.line("val type = TrellisWire.required(TrellisWire.string(component, \"type\"), \"type\")")
                out.line("val data = TrellisWire.jsonObject(component, \"data\") ?: \(jsonObject)()")
                out.block("val known: Component? = try {", closer: catchNull) { out in
                    out.block("when (type) {") { out in
                        for type in named.components {
                            let arguments = ["id"] + type.fields.map { reading($0, of: type.typeName) }
                            out.line("\(literal(type.wire)) -> Component.\(type.typeName)(\(arguments.joined(separator: ", ")))")
                        }
                        out.line("else -> null")
                    }
                }

                out.line("return known ?: Component.Unknown(id, type, data)")
            }
        }
        out.line()
        out.block("private class ActionAdapter : com.google.gson.JsonDeserializer<Action> {") { out in
            out.block("\(signature): Action {") { out in
                out.line("val data = TrellisWire.objectOf(json, \"an action\")")
                out.line("val type = TrellisWire.required(TrellisWire.string(data, \"type\"), \"type\")")
                out.block("val known: Action? = try {", closer: catchNull) { out in
                    out.block("when (type) {") { out in
                        for type in named.actions {
                            let arguments = type.fields.map { "TrellisWire.required(TrellisWire.any(data, \(literal($0.wire))), \(literal($0.wire)))" } + ["data"]
                            out.line("\(literal(type.wire)) -> Action.\(type.typeName)(\(arguments.joined(separator: ", ")))")
                        }
                        out.line("else -> null")
                    }
                }

                out.line("return known ?: Action.Unknown(type, data)")
            }
        }
    }

    /// The field readers the adapters share: a value of the wrong type is an error (the
    /// component becomes `Unknown`), an absent or null one is null.
    private static let wireHelpers = """
        private object TrellisWire {
            fun objectOf(json: com.google.gson.JsonElement, what: kotlin.String): com.google.gson.JsonObject =
                if (json.isJsonObject) json.asJsonObject else throw com.google.gson.JsonParseException("expected " + what + " object")
            fun any(data: com.google.gson.JsonObject, key: kotlin.String): com.google.gson.JsonElement? {
                val value = data.get(key)
                return if (value == null || value.isJsonNull) null else value
            }
            fun <T> required(value: T?, key: kotlin.String): T = value ?: throw com.google.gson.JsonParseException(key + " is required")
            fun string(data: com.google.gson.JsonObject, key: kotlin.String): kotlin.String? = any(data, key)?.let {
                if (it.isJsonPrimitive && it.asJsonPrimitive.isString) it.asString else throw com.google.gson.JsonParseException(key + ": expected a string")
            }
            fun number(data: com.google.gson.JsonObject, key: kotlin.String): kotlin.Double? = any(data, key)?.let {
                if (it.isJsonPrimitive && it.asJsonPrimitive.isNumber) it.asDouble else throw com.google.gson.JsonParseException(key + ": expected a number")
            }
            fun integer(data: com.google.gson.JsonObject, key: kotlin.String): kotlin.Long? = number(data, key)?.let {
                if (it == Math.rint(it)) it.toLong() else throw com.google.gson.JsonParseException(key + ": expected an integer")
            }
            fun boolean(data: com.google.gson.JsonObject, key: kotlin.String): kotlin.Boolean? = any(data, key)?.let {
                if (it.isJsonPrimitive && it.asJsonPrimitive.isBoolean) it.asBoolean else throw com.google.gson.JsonParseException(key + ": expected a boolean")
            }
            fun jsonObject(data: com.google.gson.JsonObject, key: kotlin.String): com.google.gson.JsonObject? = any(data, key)?.let {
                if (it.isJsonObject) it.asJsonObject else throw com.google.gson.JsonParseException(key + ": expected an object")
            }
            fun jsonArray(data: com.google.gson.JsonObject, key: kotlin.String): com.google.gson.JsonArray? = any(data, key)?.let {
                if (it.isJsonArray) it.asJsonArray else throw com.google.gson.JsonParseException(key + ": expected an array")
            }
            fun components(data: com.google.gson.JsonObject, key: kotlin.String, context: com.google.gson.JsonDeserializationContext): kotlin.collections.List<Component> =
                jsonArray(data, key)?.map { context.deserialize<Component>(it, Component::class.java) } ?: kotlin.collections.emptyList()
            fun actions(data: com.google.gson.JsonObject, key: kotlin.String, context: com.google.gson.JsonDeserializationContext): kotlin.collections.List<Action>? =
                any(data, key)?.let { value ->
                    if (value.isJsonArray) value.asJsonArray.map { context.deserialize<Action>(it, Action::class.java) }
                    else kotlin.collections.listOf(context.deserialize<Action>(value, Action::class.java))
                }
        }
        """

    private static func literal(_ text: String) -> String {
        SourceText.literal(text, escapedAlso: ["$"]) { "\\u" + String(repeating: "0", count: 4 - String($0, radix: 16).count) + String($0, radix: 16) }
    }
}
