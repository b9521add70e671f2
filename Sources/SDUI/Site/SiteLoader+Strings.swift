/// site.json and strings/<tag>.json (SPEC §7.1): the default locale and every locale's
/// messages, each parsed once here; then every `$t` and `$format` checked against them.
extension SiteLoader {
    static let siteFile = "site.json"
    private static let siteKeys = ObjectKeys(["defaultLocale"])

    /// The locales, or nil when the folder has neither strings/ nor site.json (it works as before).
    mutating func readLocalization() -> Localization? {
        var locales: [LocaleStrings] = []
        var seen: [String: String] = [:]
        for path in parsed.keys.sorted() {
            guard let tag = Self.name(path, in: "strings/") else { continue }
            guard Self.isLanguageTag(tag) else {
                problems.report(path, "$", "the file name must be a BCP 47 language tag (en, fr, pt-BR)")
                continue
            }
            if let other = seen[tag.lowercased()] {
                problems.report(path, "$", "the same locale as strings/\(other).json")
                continue
            }
            seen[tag.lowercased()] = tag
            locales.append(LocaleStrings(tag: tag, messages: messages(parsed[path]!, path)))
        }
        let site = parsed[Self.siteFile]
        guard site != nil || !locales.isEmpty else { return nil }
        guard let site else {
            problems.report(Self.siteFile, "$", "missing file (strings/ needs a \"defaultLocale\")")
            return nil
        }
        guard let object = ConfigObject(site, file: Self.siteFile, path: "$", else: "expected an object", &problems) else { return nil }
        object.check(Self.siteKeys, &problems)
        guard let wanted = object.string("defaultLocale", else: "expected a language tag such as \"en\"", &problems) else { return nil }
        guard let tag = seen[wanted.lowercased()] else {
            problems.report(Self.siteFile, "$.defaultLocale", "no strings/\(wanted).json for the default locale")
            return nil
        }
        let localization = Localization(defaultLocale: tag, locales: locales)
        let defaults = localization.defaultStrings.messages.keys.sorted()
        for other in locales where other.tag != tag {
            for key in defaults where other.messages[key] == nil {
                warnings.report("strings/\(other.tag).json", "", "missing \"\(key)\" (falls back to \(tag))")
            }
        }
        return localization
    }

    /// `$t` keys the default locale lacks, and `$t`/`$format` in a folder without locales.
    mutating func checkLocaleUses(_ uses: [TemplateCompiler.LocaleUse], _ localization: Localization?) {
        for use in uses {
            guard let localization else {
                problems.report(use.file, use.path, "no locales: add site.json and strings/<tag>.json")
                continue
            }
            if let key = use.key, localization.defaultStrings.messages[key] == nil {
                problems.report(use.file, use.path, "unknown message \"\(key)\" (not in strings/\(localization.defaultLocale).json)")
            }
        }
    }

    /// A strings file's messages, each parsed; malformed ones are problems.
    private mutating func messages(_ value: JSONValue, _ file: String) -> [String: Message] {
        guard let object = value.objectValue else {
            problems.report(file, "$", "expected an object of message key → ICU MessageFormat text")
            return [:]
        }
        var messages: [String: Message] = [:]
        for member in object.members {
            guard let text = member.value.stringValue else {
                problems.report(file, "$".key(member.key), "a message is a string")
                continue
            }
            switch MessageParser.parse(text) {
            case .success(let message): messages[member.key] = message
            case .failure(let error): problems.report(file, "$".key(member.key), "malformed message: \(error)")
            }
        }
        return messages
    }

    /// `[A-Za-z]{2,8}` then `-` and `[A-Za-z0-9]{1,8}` subtags.
    static func isLanguageTag(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
