# One image for every process of the service; docker-compose.yml picks the command:
#   node server/dist/migrate.js   migrations once, then exit   (npm run migrate)
#   node server/dist/main.js      API + console, RUN_WORKER=false (npm run start:api)
#   node server/dist/worker.js    background work               (npm run worker)

# ---- build: every dependency, the server (tsc) and the console (next build)
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY admin-ui/package.json admin-ui/
RUN npm ci --no-audit --no-fund
COPY . .
# The console build is stamped with the hash of admin-ui's sources (server/src/console/
# console-build.ts): the runtime image keeps those sources so the stamp still matches and
# the API reuses the build instead of running next build at start.
RUN npm run build \
 && rm -rf admin-ui/node_modules admin-ui/.next/cache

# ---- runtime: production dependencies, the compiled server, the built console
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY admin-ui/package.json admin-ui/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/server/dist server/dist
# Owned by the runtime user: Next may write its caches under admin-ui/.next.
COPY --from=build --chown=node:node /app/admin-ui admin-ui
# The server module the console imports is part of its build stamp (SHARED_SERVER_SOURCES).
COPY --from=build /app/server/src/withdrawals/pix-key.ts server/src/withdrawals/pix-key.ts
USER node
# 4000: API and console. 9100: the internal port (INTERNAL_PORT) with /healthz, /readyz, /metrics.
EXPOSE 4000 9100
# Liveness only: readiness (/readyz) is for the load balancer, which must stop sending to
# a draining process without the orchestrator killing it.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/dist/main.js"]
