# Builds the client and runs the server with its data on a volume.
# .dockerignore keeps the host's node_modules, data/ (database, secret.key), .env and .git out of the build.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build && npm prune --omit=dev

# The runtime image: the build stage's node_modules (native modules built for this image), the server's
# sources (run through tsx), migrations, mail texts and the built client. Owned by root, run as node.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0 CLIENT_DIST=/app/dist/client
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/locales ./locales
RUN mkdir -p /data /backups && chown node:node /data /backups
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
USER node
CMD ["node", "--import", "tsx", "server/src/main.ts"]
