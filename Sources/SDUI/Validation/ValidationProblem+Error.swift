/// Lets `Site.load` return `Result<Site, [ValidationProblem]>`: the failure is every
/// problem found, sorted.
extension Array: @retroactive Error where Element == ValidationProblem {}
