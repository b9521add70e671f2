import Testing
@testable import SDUI

/// The config-object reader: unknown keys in each kind's words, typed getters reporting at
/// `file:path`, and rollout.json's own path quoting.
@Suite struct ConfigObjectTests {
    func read(_ json: String, path: String = "$", _ body: (ConfigObject, inout ProblemList) -> Void) -> [String] {
        var problems = ProblemList()
        let object = ConfigObject(Fixtures.json(json).objectValue!, file: "f.json", path: path)
        body(object, &problems)
        return problems.sorted.map(\.description)
    }

    @Test func unknownKeysAreWordedPerKind() {
        let json = #"{"a":1,"odd key":2,"b":3}"#
        var clean = true
        let named = read(json) { object, problems in clean = object.check(ObjectKeys(["a", "b"], in: "a thing"), &problems) }
        #expect(!clean)
        #expect(named == [#"f.json:$["odd key"]: unknown key "odd key" in a thing (a, b)"#])
        let unlisted = read(json) { object, problems in
            object.check(ObjectKeys(["a"], listing: .none), &problems)
            object.check(ObjectKeys(["a", "odd key"], in: "x", listing: .note("a; more")), &problems)
        }
        #expect(unlisted == [#"f.json:$.b: unknown key "b""#, #"f.json:$.b: unknown key "b" in x (a; more)"#,
                             #"f.json:$["odd key"]: unknown key "odd key""#])
        let none = read(#"{"a":1}"#) { object, problems in clean = object.check(ObjectKeys(["a"]), &problems) }
        #expect(clean && none.isEmpty)
    }

    @Test func rolloutWordingAndPathsAreItsOwn() {
        var problems = ProblemList()
        let object = ConfigObject(Fixtures.json(#"{"my-key":1,"ok":2}"#).objectValue!, file: "rollout.json", path: "$.canaries[0]",
                                  memberPath: RolloutConfigParser.path)
        object.check(.expectingOneOf(["ok", "page"]), &problems)
        #expect(problems.sorted.map(\.description) == [#"rollout.json:$.canaries[0]["my-key"]: unknown key (expected one of ok, page)"#])
    }

    @Test func typedGettersReportTheWrongTypeAndIgnoreAbsentMembers() {
        let json = #"{"flag":"yes","zero":0,"neg":-1,"list":["a",1],"name":3,"obj":[],"good":{"k":true}}"#
        var values: [String] = []
        let found = read(json, path: "$.x") { object, problems in
            values = [
                "\(object.bool("flag", &problems) as Any)", "\(object.bool("absent", &problems) as Any)",
                "\(object.int("zero", .nonNegative, &problems) as Any)", "\(object.int("zero", .positive, &problems) as Any)",
                "\(object.int("neg", .nonNegative, &problems) as Any)", "\(object.strings("list", &problems))",
                "\(object.strings("absent", &problems))", "\(object.string("name", else: "expected a name", &problems) as Any)",
                "\(object.string("absent", else: "expected a name", &problems) as Any)",
                "\(object.object("obj", else: "expected an object", &problems) == nil)",
                "\(object.object("good", else: "expected an object", &problems)?.bool("k", &problems) as Any)",
            ]
        }
        #expect(values == ["nil", "nil", "Optional(0)", "nil", "nil", "[]", "[]", "nil", "nil", "true", "Optional(true)"])
        #expect(found == [
            "f.json:$.x.absent: expected a name",
            "f.json:$.x.flag: expected true or false",
            "f.json:$.x.list: expected an array of strings",
            "f.json:$.x.name: expected a name",
            "f.json:$.x.neg: expected a non-negative integer",
            "f.json:$.x.obj: expected an object",
            "f.json:$.x.zero: expected a positive integer",
        ])
    }

    @Test func aValueThatIsNoObjectIsReportedAtItsPath() {
        var problems = ProblemList()
        #expect(ConfigObject(.array([]), file: "f.json", path: "$.a", else: "expected an object", &problems) == nil)
        #expect(problems.sorted.map(\.description) == ["f.json:$.a: expected an object"])
    }
}
