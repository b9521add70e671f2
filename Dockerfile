# Build stage: the official Swift 6 image.
FROM swift:6.3-jammy AS build
RUN apt-get update && apt-get install -y --no-install-recommends libssl-dev zlib1g-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product trellis --static-swift-stdlib \
    && cp "$(swift build -c release --show-bin-path)/trellis" /usr/local/bin/trellis

# Runtime stage: slim, with only the libraries Trellis links.
FROM ubuntu:jammy
RUN apt-get update && apt-get install -y --no-install-recommends libssl3 zlib1g curl ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 trellis \
    && useradd --system --uid 10001 --gid 10001 --no-create-home trellis
COPY --from=build /usr/local/bin/trellis /usr/local/bin/trellis
COPY Pages /srv/Pages
# Numeric, so Kubernetes can check runAsNonRoot. Trellis writes nothing to disk: the root
# filesystem can be read-only (deploy/kubernetes/deployment.yaml), and in Kubernetes a
# ConfigMap mounted over /srv/Pages replaces the baked-in sample pages.
USER 10001:10001
ENV TRELLIS_PAGES=/srv/Pages TRELLIS_PORT=8080 TRELLIS_HOST=0.0.0.0
EXPOSE 8080
STOPSIGNAL SIGTERM
# /healthz on whatever port and scheme the server was given: https when TRELLIS_TLS_CERT is set
# (-k: the certificate names the service, not 127.0.0.1).
HEALTHCHECK --interval=10s --timeout=2s --retries=3 \
    CMD scheme=http; [ -n "$TRELLIS_TLS_CERT" ] && scheme=https; \
        curl -fsSk "$scheme://127.0.0.1:${TRELLIS_PORT:-8080}/healthz" || exit 1
ENTRYPOINT ["/usr/local/bin/trellis", "serve"]
