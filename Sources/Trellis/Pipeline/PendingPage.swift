import HTTPServer

/// A page the serving door (`PagePipeline.serve`) left to assemble: its plan, or its cache key
/// when the response cache takes part, and the terms its answer is given on. Inert until
/// `finish`, which is called at most once.
struct PendingPage: Sendable {
    /// How the response cache takes part in the page.
    enum Work: Sendable {
        /// A page the cache takes part in: its key, built once for the look-up `serve` made and
        /// handed on to the steps after it.
        case cached(CacheKey)
        /// A page the cache takes no part in (no cache, or a personal page): its plan is never hashed.
        case uncached(PagePlan)
    }

    /// The pipeline whose door the page came through.
    let pipeline: PagePipeline
    let work: Work
    /// What the answer's last step needs of the request, read at the door.
    let terms: AnswerTerms

    init(_ pipeline: PagePipeline, _ work: Work, terms: AnswerTerms) {
        self.pipeline = pipeline
        self.work = work
        self.terms = terms
    }

    /// Answers the page through `completion`, exactly once: the page is claimed in the response
    /// cache (or joins an assembly of it under way, or is a hit by now), then its data are
    /// loaded and it is assembled, encoded and offered to the cache. `context` is the request's,
    /// with the trace and date given to `serve`. `completion` runs before `finish` returns when
    /// every data entry is answered at once, else on the loop that fetched the url sources.
    func finish(context: PageRequestContext, completion: @escaping @Sendable (PageOutcome) -> Void) {
        switch work {
        case .uncached(let plan):
            pipeline.assemble(plan, of: self, ticket: nil, context: context, completion: completion)
        case .cached(let key):
            guard let cache = pipeline.cache else {
                return pipeline.assemble(key.plan, of: self, ticket: nil, context: context, completion: completion)
            }
            switch cache.claim(key, waiter: joiner(context: context, completion: completion)) {
            case .hit(let representation):
                completion(PageOutcome(representation, cache: .hit, trace: context.trace, terms: terms, date: context.date))
            case .joined:
                return
            case .compute(let ticket):
                pipeline.assemble(key.plan, of: self, ticket: ticket, context: context, completion: completion)
            }
        }
    }

    /// The answer of a request that joined an assembly of its page under way, made only then.
    private func joiner(context: PageRequestContext, completion: @escaping @Sendable (PageOutcome) -> Void)
        -> ResponseCache<CacheKey, Representation>.Completion {
        let terms = terms
        return { representation, hit in
            guard let representation else {
                return completion(PageOutcome(HTTPError(status: 500, code: "internal_error", message: "the page could not be assembled"),
                                              trace: context.trace))
            }
            completion(PageOutcome(representation, cache: hit ? .hit : .miss, trace: context.trace, terms: terms, date: context.date))
        }
    }
}
