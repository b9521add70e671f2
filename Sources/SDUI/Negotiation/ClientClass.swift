/// A class of clients that get the same bytes from one `Site`: the same renderable types and
/// the same data fields. Two descriptors with the same class (all `ios/5.2.x`, say) can share
/// cached responses. Equality and hashing use the class's bit signature, so it is valid and
/// stable within one `Site` (not across versions of Pages/).
public struct ClientClass: Sendable, Hashable, CustomStringConvertible {
    /// Renderable type bits (by type index), allowed field bits (by field rule index), then
    /// renderable action bits (by action index).
    let signature: [UInt64]
    let profile: ClientProfile
    /// Whether the site's table holds the profile too (false once the table is full): then a
    /// cache key keyed by this class keeps nothing alive but its signature.
    let profileHeldBySite: Bool

    init(profile: ClientProfile, profileHeldBySite: Bool = true) {
        self.profile = profile
        self.profileHeldBySite = profileHeldBySite
        let flags = profile.renderable + profile.fieldAllowed + profile.actionRenderable
        var bits = [UInt64](repeating: 0, count: (flags.count + 63) / 64)
        for (i, flag) in flags.enumerated() where flag {
            bits[i / 64] |= 1 << UInt64(i % 64)
        }
        signature = bits
    }

    /// A short, stable text form of the signature (hex), for cache keys and logs.
    public var description: String {
        signature.map { String($0, radix: 16) }.joined(separator: ".")
    }

    /// The bytes of the signature a cache key holds.
    public var signatureBytes: Int { signature.count * 8 }

    /// The heap a cache key keyed by this class keeps alive: its signature and, when the site's
    /// table does not hold the profile (a flood of capability sets filled it), the profile too
    /// (three flag arrays, the descriptor's capability names).
    public var heapBytes: Int {
        let allocation = 48  // Swift's storage header plus malloc's chunk overhead
        guard !profileHeldBySite else { return allocation + signatureBytes }
        let flags = profile.renderable.count + profile.fieldAllowed.count + profile.actionRenderable.count
        let names = profile.descriptor.capabilities.map { names in
            names.reduce(allocation + 32 + names.count * 24) { $0 + ($1.utf8.count > 15 ? allocation + $1.utf8.count : 0) }
        } ?? 0
        return (allocation + signatureBytes) + (allocation + 64) + (3 * allocation + flags) + names
    }

    public static func == (a: ClientClass, b: ClientClass) -> Bool { a.signature == b.signature }
    public func hash(into hasher: inout Hasher) { hasher.combine(signature) }
}

/// What negotiation looks up for one client class: booleans by type index and field rule.
final class ClientProfile: Sendable {
    /// Whether the client renders the type at each catalog index.
    let renderable: [Bool]
    /// Whether the client knows the field of each field rule.
    let fieldAllowed: [Bool]
    /// Whether the client performs the action type at each index of the catalog's actions.
    let actionRenderable: [Bool]
    /// The client it was computed for, and the table (so the `Site`) it belongs to: a class
    /// from another version of Pages/ is recomputed rather than misread.
    let descriptor: ClientDescriptor
    let owner: ObjectIdentifier

    init(renderable: [Bool], fieldAllowed: [Bool], actionRenderable: [Bool], descriptor: ClientDescriptor,
         owner: ObjectIdentifier) {
        self.renderable = renderable
        self.fieldAllowed = fieldAllowed
        self.actionRenderable = actionRenderable
        self.descriptor = descriptor
        self.owner = owner
    }

    /// The profile of `client` against `catalog`: `since`, `disabled` (SPEC §7.2) and
    /// capabilities decide types and actions; field rules follow the version alone.
    convenience init(catalog: Catalog, client: ClientDescriptor, owner: ObjectIdentifier) {
        let version = client.clientVersion
        var fields = [Bool](repeating: false, count: catalog.fieldRuleCount)
        for type in catalog.types {
            for rule in type.fields {
                fields[rule.index] = rule.since.map { table in version.map(table.admits) ?? false } ?? true
            }
        }
        let renderable = catalog.types.map { type in
            client.renders(type.name, since: type.since, disabled: type.disabled, capabilityDecides: true)
        }
        let namesActions = catalog.actions.types.contains { client.capabilities?.contains($0.name) == true }
        let actions = catalog.actions.types.map { action in
            client.renders(action.name, since: action.since, disabled: action.disabled, capabilityDecides: namesActions)
        }
        self.init(renderable: renderable, fieldAllowed: fields, actionRenderable: actions, descriptor: client, owner: owner)
    }
}
