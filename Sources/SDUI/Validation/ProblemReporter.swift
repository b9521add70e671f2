/// Something that collects validation problems as a Pages folder loads: the loader's
/// `ProblemList`, the `TemplateCompiler` while it compiles, rollout.json's parser. Config
/// readers (`ConfigObject`) report through it, whoever owns the list.
protocol ProblemReporter {
    /// Records `message` at `file:path`.
    mutating func report(_ file: String, _ path: String, _ message: String)
}
