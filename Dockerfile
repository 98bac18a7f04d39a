# The platform in one image: the server (apps/server/dist) serving the built web app (apps/web/dist).
#   docker build -t zl-platform .
#   docker run -p 3000:3000 -v zl-data:/data zl-platform      (embedded PGlite under /data)
# With PostgreSQL and an S3 bucket (MinIO), WORKERS=2: docker compose -f deploy/compose.yaml up
# docs/deploy.md "Docker". The Node major is package.json's engines (test/deploy-files.test.ts).

# ── build: every dependency, then `npm run build` (web, server bundle, the migrated PGlite template)
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json biome.json ./
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY apps/web apps/web
# the demo template (ADR 0018) is left out: production never seeds the demo data
RUN DEMO_TEMPLATE=false npm run build

# ── runtime: the server's production dependencies only, the build's output, a user without root
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# the server's workspace only: the web app's packages are in its built files
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force
# the bundle (server.js, create-admin.js, pglite-template.tar.gz + .json), its migrations, the web app
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# `node` (uid 1000) comes with the image; it owns only the data directory
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz: 200 when the process answers and its database answers `select 1` (docs/api.md)
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/server.js"]
