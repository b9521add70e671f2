import Foundation
import FuzzSupport
@testable import SDUI
@testable import Trellis

/// Loads the sample Pages/ with one file replaced (an input starting `#<path>\n` replaces that
/// file, any other input replaces `pages/home.json`), through the loader that `validate` and
/// `serve` use. A folder that loads must render every template for every client as valid
/// JSON; one that doesn't must say why, file by file.
enum PagesTarget {
    /// The sample folder's files, read once through the application's own folder reader.
    /// `TRELLIS_PAGES` overrides the folder (default: the repository's `Pages/`).
    static let sample: [String: [UInt8]] = {
        let root = String(#filePath.split(separator: "/Tests/Fuzz/").first!)
        let path = ProcessInfo.processInfo.environment["TRELLIS_PAGES"] ?? root + "/Pages"
        do {
            return try PagesFolder(path: path).read()
        } catch {
            fatalError("cannot read the sample Pages folder: \(error)")
        }
    }()

    /// Clients that take different negotiation paths.
    static let clients: [ClientDescriptor] = [
        .unknown,
        .version(ClientVersion(header: "ios/5.2.0")!),
        .version(ClientVersion(header: "android/1.0.0")!),
        .capabilities(["page", "text"], version: nil),
    ]

    static func run(_ input: [UInt8]) {
        var files = sample
        let (path, content) = replacement(input)
        files[path] = content
        switch Site.load(files: files) {
        case .failure(let problems):
            FuzzCheck.require(!problems.isEmpty, "a failed load reported no problem", input: input)
            for problem in problems {
                FuzzCheck.require(!problem.file.isEmpty && !problem.message.isEmpty, "empty problem \(problem)", input: input)
            }
        case .success(let site):
            renderAll(site, input: input)
        }
    }

    /// The path to replace and its new content.
    static func replacement(_ input: [UInt8]) -> (String, [UInt8]) {
        guard input.first == UInt8(ascii: "#"), let newline = input.firstIndex(of: 0x0A) else {
            return ("pages/home.json", input)
        }
        return (String(decoding: input[1..<newline], as: UTF8.self), Array(input[(newline + 1)...]))
    }

    /// Renders every template for every client; each page body must be valid JSON.
    static func renderAll(_ site: Site, input: [UInt8]) {
        for template in site.templates.keys.sorted() {
            let params = ["id": "p1", "slug": "a"]
            let data = site.fileData(for: site.dataRequests(template: template, params: params))
            for client in clients {
                let outcome = site.render(template: template, params: params, data: data,
                                          client: site.clientClass(for: client), variants: [:])
                guard case .page(let page) = outcome else { continue }
                do {
                    _ = try JSONParser.parse(page.body)
                } catch {
                    FuzzCheck.fail("\(template) rendered invalid JSON (\(error))", input: input)
                }
            }
        }
    }
}

