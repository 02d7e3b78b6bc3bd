# The stateless server for DATA_BACKEND=firestore (Cloud Run or any container host), behind Firebase Hosting.
# Build: docker build -t agenda-romand .   Run: see README « Passer sur Firebase ».
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source (it stays a dependency: the same image can run SQLite on one machine).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_BACKEND=firestore SEED_DEMO=false SECURE_COOKIES=true \
    TRUST_PROXY=1 DATA_DIR=/tmp/agenda
COPY --from=build /app/package.json /app/server.ts /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/app ./app
COPY --from=build /app/public ./public
USER node
EXPOSE 8080
CMD ["node", "--import", "tsx", "server.ts"]
