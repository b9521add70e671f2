extension RolloutConfig {
    /// Decides the template, release and experiment variants of a request for `page`
    /// (SPEC §3.1, §3.2).
    ///
    /// - Release: a forced `canary` gives the canary template when the page has a canary and
    ///   `stable` otherwise; a forced `stable` gives stable; else a device is in the canary iff
    ///   its bucket with the canary's salt is below the canary's basis points; without a
    ///   device id, stable.
    /// - Variants, for every experiment whose `pages` include `page` (whichever template is
    ///   served): the first forced variant (in the header's order) that the experiment
    ///   declares wins; else the device's bucket with the experiment's salt chooses; without a
    ///   device id, the first variant. Forced entries for other experiments or unknown variants
    ///   are ignored, so they never hide a known one after them.
    public func assign(
        page: String, deviceID: String?, forcedVariants: [String: [String]], forcedRelease: Release?
    ) -> Assignment {
        let canary = canary(forPage: page)
        let inCanary: Bool = switch (canary, forcedRelease) {
        case (nil, _), (_, .stable?): false
        case (_, .canary?): true
        case (let canary?, nil): deviceID.map(canary.includes(deviceID:)) ?? false
        }
        let variants = experiments.filter { $0.pages.contains(page) }.map { experiment in
            (experiment: experiment.name, variant: variantName(of: experiment, deviceID: deviceID, forced: forcedVariants))
        }
        return Assignment(
            template: inCanary ? canary?.template ?? page : page,
            release: inCanary ? .canary : .stable,
            variants: variants
        )
    }

    /// `assign(page:deviceID:forcedVariants:forcedRelease:)` with a request's parsed headers.
    public func assign(page: String, request: RolloutRequest) -> Assignment {
        assign(page: page, deviceID: request.deviceID, forcedVariants: request.forcedVariants,
               forcedRelease: request.forcedRelease)
    }

    private func variantName(of experiment: Experiment, deviceID: String?, forced: [String: [String]]) -> String {
        if let wanted = forced[experiment.name]?.first(where: { name in experiment.variants.contains { $0.name == name } }) {
            return wanted
        }
        guard let deviceID else { return experiment.variants[0].name }
        return experiment.variant(forDevice: deviceID).name
    }
}
