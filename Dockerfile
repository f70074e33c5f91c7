# syntax=docker/dockerfile:1
# The site as a container: built in one stage, run from a pruned copy in another, as a non-root
# user, with the data folder (embedded database, images, generated secret) on a volume.
# scripts/ci/verify-production.sh performs the same steps without a container engine; CI runs it.
# Build with the revision, so that the image and the app_build_info metric name it:
#   docker build --build-arg REVISION=$(git rev-parse HEAD) -t redwall-site .

# Node.js 24 LTS on Debian 13, an exact release (update deliberately; docs/operations.md).
ARG NODE_IMAGE=node:24.20.0-trixie-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS run
ARG REVISION=unknown
LABEL org.opencontainers.image.title="Redwall site" \
  org.opencontainers.image.description="Company website: public pages, back office and API (Fastify, React)" \
  org.opencontainers.image.version="1.0.0" \
  org.opencontainers.image.revision="${REVISION}" \
  org.opencontainers.image.base.name="docker.io/library/node:24.20.0-trixie-slim"
# MALLOC_ARENA_MAX=1: glibc's per-thread malloc arenas held 80–130 MiB more after load on Node 20 (decision 0085), and a second arena about 70 MiB on Node 24 (decision 0117).
# MALLOC_TRIM_THRESHOLD_ and MALLOC_MMAP_THRESHOLD_ at 128 KiB: freed native memory goes back to the system instead of staying in the heap (20–25 MiB, decision 0166); as in `npm start`.
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data MALLOC_ARENA_MAX=1 MALLOC_TRIM_THRESHOLD_=131072 MALLOC_MMAP_THRESHOLD_=131072 APP_REVISION=${REVISION}
# pg_dump and pg_restore for the backup and restore commands on PostgreSQL: the newest client from
# the PostgreSQL project's own repository (PGDG), which dumps and restores every older server major
# too, so the database's major version is not tied to the image (docs/operations.md).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Only what runs: production packages, the compiled server, the web build, migrations, the start check.
# The web app has no production packages: its server-render bundle carries what it imports (decision 0103).
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/shared ./packages/shared
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness, not readiness: a database outage must not get every instance restarted
# (docs/decisions/0113-liveness-and-readiness.md). Load balancers route by /api/health/ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# --no-liftoff: the embedded database's WebAssembly is compiled once, by the optimising compiler,
# instead of twice: about 100 MiB less resident on PGlite for a start about 1.5 s longer
# (docs/decisions/0095-embedded-database-compiled-once.md). --max-semi-space-size=8: a young
# generation of at most 8 MiB per half instead of 16, 30-40 MiB less under load at the same speed
# (docs/decisions/0097-young-generation-size.md). --max-old-space-size=192: a heap bounded by the
# configuration (the response cache's CACHE_MEMORY_MB and room for requests), not by how long the
# server has been busy (docs/decisions/0159-heap-bounded-by-configuration.md). As in `npm start`.
CMD ["node", "--no-liftoff", "--max-semi-space-size=8", "--max-old-space-size=192", "--enable-source-maps", "apps/server/dist/server.js"]
