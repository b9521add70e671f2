import Testing
@testable import SDUI

/// The ICU MessageFormat parser (SPEC §7.1): arguments, plural with `#`, select, nesting,
/// ICU's apostrophe quoting, and errors with their offsets.
@Suite struct MessageParserTests {
    func parse(_ text: String) throws -> Message {
        try MessageParser.parse(text).get()
    }

    func error(_ text: String) -> MessageSyntaxError? {
        if case .failure(let error) = MessageParser.parse(text) { return error }
        return nil
    }

    @Test func textAndArguments() throws {
        #expect(try parse("Hi {name}, {n, number} / {n, number, percent} on {d, date, long}") == Message(parts: [
            .text("Hi "), .argument("name"), .text(", "), .number("n", .decimal), .text(" / "), .number("n", .percent),
            .text(" on "), .date("d", .long),
        ]))
    }

    @Test func pluralWithExactCasesOffsetAndPound() throws {
        let message = try parse("{count, plural, offset:1 =0 {none} one {# item} other {# items}}")
        guard case .plural(let plural) = message.parts.first else { Issue.record("not a plural"); return }
        #expect(plural.name == "count" && plural.offset == 1)
        #expect(plural.exact.map(\.value) == [0])
        #expect(plural.categories.map(\.category) == ["one"])
        #expect(plural.categories[0].message == Message(parts: [.pound, .text(" item")]))
        #expect(plural.other == Message(parts: [.pound, .text(" items")]))
    }

    @Test func selectNestsAPluralAndPoundIsLiteralOutsidePlurals() throws {
        let message = try parse("#{g, select, female {{n, plural, one {elle a # chat} other {elle a # chats}}} other {#}}")
        #expect(message.parts.first == .text("#"))
        guard case .select(let select) = message.parts.last else { Issue.record("not a select"); return }
        #expect(select.cases.map(\.key) == ["female"])
        #expect(select.other == Message(parts: [.text("#")]))
        guard case .plural(let inner) = select.cases[0].message.parts.first else { Issue.record("no nested plural"); return }
        #expect(inner.categories[0].message == Message(parts: [.text("elle a "), .pound, .text(" chat")]))
    }

    @Test func apostropheQuotingFollowsICU() throws {
        #expect(try parse("It''s") == Message(parts: [.text("It's")]))
        #expect(try parse("l'article") == Message(parts: [.text("l'article")]))
        #expect(try parse("'{name}' is {name}") == Message(parts: [.text("{name} is "), .argument("name")]))
        #expect(try parse("'{a ''b'' c}'") == Message(parts: [.text("{a 'b' c}")]))
        #expect(try parse("{n, plural, other {'#' is #}}") == Message(parts: [.plural(PluralArgument(
            name: "n", offset: 0, exact: [], categories: [], other: Message(parts: [.text("# is "), .pound])))]))
        #expect(try parse("'{unterminated") == Message(parts: [.text("{unterminated")]))
    }

    @Test func errorsNameTheirOffset() {
        #expect(error("Hello {name") == MessageSyntaxError(offset: 11, reason: "unterminated argument: missing \"}\""))
        #expect(error("a } b") == MessageSyntaxError(offset: 2, reason: "unmatched \"}\""))
        #expect(error("{n, plural, one {x}}") == MessageSyntaxError(offset: 0, reason: "plural \"n\" has no \"other\" case"))
        #expect(error("{n, plural, one {x} fwe {y} other {z}}") == MessageSyntaxError(
            offset: 20, reason: "unknown plural category \"fwe\" (zero, one, two, few, many, other)"))
        #expect(error("{n, plural, other {x} other {y}}") == MessageSyntaxError(offset: 22, reason: "duplicate case \"other\""))
        #expect(error("{n, plural, other {x}") == MessageSyntaxError(offset: 21, reason: "unterminated argument: missing \"}\""))
        #expect(error("{n, plural, other {x") == MessageSyntaxError(offset: 18, reason: "unterminated case: missing \"}\""))
        #expect(error("{n, plural, other x}") == MessageSyntaxError(offset: 18, reason: "expected \"{\" after a case selector"))
        #expect(error("{n, choice, 0#a}") == MessageSyntaxError(offset: 4, reason: "unsupported argument type \"choice\" (number, date, plural, select)"))
        #expect(error("{, x}") == MessageSyntaxError(offset: 1, reason: "expected an argument name"))
        #expect(error("{n, number, money}")?.reason == "unknown number style \"money\" (integer, percent)")
        #expect(error("{g, select, a {x}}") == MessageSyntaxError(offset: 0, reason: "select \"g\" has no \"other\" case"))
    }
}
