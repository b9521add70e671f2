import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Performing the actions that reach the server on a `Screen`: `load` (SPEC §10: a deferred
/// section, a list's next page) and `submit` (SPEC §11: add to cart and the like).
extension PageClient {
    /// How a `load` puts its answer in place of its target.
    public enum LoadMode: String, Sendable {
        /// The answer is one component.
        case replace
        /// The answer is an array of components, spliced in the target's place.
        case splice
    }

    /// Performs `action` (an action object as sent, such as a generated model's `raw`) on
    /// `screen`: `load` and `submit` change the screen and return what is left for the app;
    /// any other type is returned as `.unhandled` (navigation, sharing: the app's own).
    public func perform(_ action: JSON, on screen: inout Screen, idempotencyKey: String? = nil) async throws(Failure) -> [Effect] {
        switch action["type"]?.stringValue {
        case "load":
            guard let url = action["url"]?.stringValue, let target = action["target"]?.stringValue else {
                throw .undecodable("a load action has a \"url\" and a \"target\"")
            }
            let mode = action["mode"]?.stringValue.flatMap(LoadMode.init(rawValue:)) ?? .replace
            return try await load(url, target: target, mode: mode, into: &screen)
        case "submit":
            guard let name = action["action"]?.stringValue else { throw .undecodable("a submit action names its \"action\"") }
            return try await submit(name, input: action["input"] ?? .object([:]), on: &screen, idempotencyKey: idempotencyKey)
        default:
            return [.unhandled(action)]
        }
    }

    /// GETs `url` with this client's headers and puts the answer in place of the component
    /// `target`: a component (`replace`) or the components of an array (`splice`); a `204`
    /// removes the target. Where the server answers the upgrade page instead, the screen is
    /// left as it is and `.upgradeRequired` returned.
    public func load(_ url: String, target: String, mode: LoadMode = .replace,
                     into screen: inout Screen) async throws(Failure) -> [Effect] {
        let answer = try await send(builder.request(path: url))
        if answer.status == 204 {
            screen.replace(target, with: [])
            return []
        }
        guard answer.status == 200 else { throw Self.failure(status: answer.status, body: answer.body) }
        guard let body = try? JSONDecoder().decode(JSON.self, from: answer.body) else {
            throw .undecodable("the answer of \(url) is not JSON")
        }
        if answer.header("X-Upgrade-Required") == "true" { return [.upgradeRequired(body)] }
        switch (mode, body) {
        case (.splice, .array(let components)): screen.replace(target, with: components)
        case (.replace, .object): screen.replace(target, with: [body])
        default: throw .undecodable("a \(mode.rawValue) load of \(url) answered " + (mode == .splice ? "no array" : "no component"))
        }
        return []
    }

    /// POSTs `/_actions/<name>` with `{"input": …, "page": <the screen's path>}` and applies the
    /// answer's ops to `screen`, returning its toasts and navigations in order. A failure keeps
    /// the server's error object (a `bad_input`'s `fields`, say).
    public func submit(_ name: String, input: JSON, on screen: inout Screen,
                       idempotencyKey: String? = nil) async throws(Failure) -> [Effect] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        guard let body = try? encoder.encode(JSON.object(["input": input, "page": .string(screen.path)])) else {
            throw .undecodable("the input does not encode as JSON")
        }
        let answer = try await send(builder.actionRequest(name: name, body: body, idempotencyKey: idempotencyKey))
        guard answer.status == 200 else { throw Self.failure(status: answer.status, body: answer.body) }
        guard let ops = try? JSONDecoder().decode(JSON.self, from: answer.body) else {
            throw .undecodable("the answer of action \(name) is not JSON")
        }
        return try screen.apply(ops: ops)
    }
}
