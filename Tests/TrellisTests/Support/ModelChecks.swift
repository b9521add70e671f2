/// The small programs that decode answers with generated models, in Swift and in Kotlin. Each
/// reads a manifest (one line per answer: the models' namespace, `-` for the un-namespaced
/// ones; `page` or `list`; the file), decodes each file with those models and prints one line
/// per file: `<file> components=<n> unknown=<types> unknownActions=<types>`, and in Swift, whose
/// models encode too, ` roundTrip=ok` when encoding and decoding again gives the same value.
enum ModelChecks {
    /// main.swift for `namespaces` (nil: the un-namespaced models).
    static func swift(namespaces: [String?]) -> String {
        var text = """
            import Foundation
            import TrellisClient

            protocol ModelTree: Codable, Equatable {
                var type: String { get }
                var isUnknown: Bool { get }
                var kids: [Self] { get }
                var unknownActionTypes: [String] { get }
            }

            func report<Tree: ModelTree>(_ type: Tree.Type, _ data: Data, list: Bool) throws -> String {
                let roots = list ? try JSONDecoder().decode([Tree].self, from: data) : [try JSONDecoder().decode(Tree.self, from: data)]
                var all: [Tree] = []
                func walk(_ tree: Tree) { all.append(tree); tree.kids.forEach(walk) }
                roots.forEach(walk)
                let again = try JSONDecoder().decode([Tree].self, from: JSONEncoder().encode(roots))
                return "components=\\(all.count) unknown=\\(all.filter(\\.isUnknown).map(\\.type).joined(separator: ","))"
                    + " unknownActions=\\(all.flatMap(\\.unknownActionTypes).joined(separator: ","))"
                    + " roundTrip=\\(again == roots ? "ok" : "changed")"
            }

            let manifest = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
            for line in manifest.split(separator: "\\n") {
                let parts = line.split(separator: "\\t").map(String.init)
                let data = try Data(contentsOf: URL(fileURLWithPath: parts[2]))
                let list = parts[1] == "list"
                let result: String
                switch parts[0] {

            """
        for namespace in namespaces {
            text += "    case \"\(namespace ?? "-")\": result = try report(\(qualified(namespace, "Component")).self, data, list: list)\n"
        }
        text += """
                default: result = "no models named \\(parts[0])"
                }
                print(parts[2] + " " + result)
            }

            """
        for namespace in namespaces {
            text += """

                extension \(qualified(namespace, "Component")): ModelTree {
                    var isUnknown: Bool { if case .unknown = self { return true } else { return false } }
                    var kids: [Self] { children }
                    var unknownActionTypes: [Swift.String] { actions.compactMap { if case .unknown(let type, _) = $0 { return type } else { return nil } } }
                }

                """
        }
        return text
    }

    /// Main.kt for `namespaces` (nil: the un-namespaced models).
    static func kotlin(namespaces: [String?]) -> String {
        var text = """
            fun main(args: Array<String>) {
                for (line in java.io.File(args[0]).readLines()) {
                    if (line.isEmpty()) continue
                    val parts = line.split("\\t")
                    val json = java.io.File(parts[2]).readText()
                    val list = parts[1] == "list"
                    val result = when (parts[0]) {

            """
        for namespace in namespaces {
            let name = namespace ?? "-", prefix = namespace.map { $0 + "." } ?? ""
            text += """
                            "\(name)" -> {
                                val gson = \(prefix)trellisGson()
                                val roots = if (list) gson.fromJson(json, Array<\(prefix)Component>::class.java).toList() else listOf(gson.fromJson(json, \(prefix)Component::class.java))
                                val all = ArrayList<\(prefix)Component>()
                                fun walk(c: \(prefix)Component) { all.add(c); c.childComponents.forEach { walk(it) } }
                                roots.forEach { walk(it) }
                                "components=" + all.size + " unknown=" + all.filter { it is \(prefix)Component.Unknown }.map { it.type }.joinToString(",") +
                                    " unknownActions=" + all.flatMap { it.allActions }.filter { it is \(prefix)Action.Unknown }.map { it.type }.joinToString(",")
                            }

                """
        }
        text += """
                        else -> "no models named " + parts[0]
                    }
                    println(parts[2] + " " + result)
                }
            }

            """
        return text
    }

    private static func qualified(_ namespace: String?, _ name: String) -> String {
        namespace.map { $0 + "." + name } ?? name
    }
}
