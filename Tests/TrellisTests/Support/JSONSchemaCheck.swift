import Foundation

/// A real JSON Schema validator for the tests: Python's `jsonschema` (installed by
/// `make deploy-deps`), run once per call with every schema and instance on stdin.
enum JSONSchemaCheck {
    /// A schema and the documents to validate against it.
    struct Case: Encodable {
        let schema: String
        let instances: [String]
    }

    /// What the validator said: per case, the schema's own errors against the 2020-12
    /// metaschema (nil: valid), and per instance its first error (nil: valid).
    struct Verdict: Decodable {
        let schemaError: String?
        let instanceErrors: [String?]
    }

    private static let script = """
    import json, sys
    from jsonschema import Draft202012Validator
    out = []
    for case in json.load(sys.stdin):
        schema = json.loads(case["schema"])
        try:
            Draft202012Validator.check_schema(schema)
            meta = None
        except Exception as e:
            meta = str(e)[:400]
        validator = Draft202012Validator(schema)
        errors = []
        for text in case["instances"]:
            error = next(iter(validator.iter_errors(json.loads(text))), None)
            errors.append(None if error is None else (error.message[:300] + " at " + error.json_path))
        out.append({"schemaError": meta, "instanceErrors": errors})
    json.dump(out, sys.stdout)
    """

    /// Runs the validator over `cases`.
    static func run(_ cases: [Case]) throws -> [Verdict] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let payload = try JSONEncoder().encode(cases)
        let writer = Thread { input.fileHandleForWriting.write(payload); try? input.fileHandleForWriting.close() }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestFailure("python3 jsonschema failed: " + String(decoding: stderr, as: UTF8.self))
        }
        return try JSONDecoder().decode([Verdict].self, from: data)
    }
}
