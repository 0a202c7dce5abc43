# syntax=docker/dockerfile:1
#
# The portal's production image. One image, two processes:
#   web (default):  docker run -p 3000:3000 -v portal-data:/app/data -e DATABASE_URL=… IMAGE
#   LINE worker:    docker run -v portal-data:/app/data -e DATABASE_URL=… IMAGE node build/server/bot.js
# Every setting is an environment variable (see .env.example); the web process applies pending
# migrations at start-up. NODE_ENV=production refuses to start without a database chosen
# (DATABASE_URL=mysql://…, or SQLITE_PATH=data/portal.sqlite for the embedded SQLite in the
# volume), APP_ORIGIN, and a mail transport (SMTP_URL, or MAIL_TRANSPORT=file by name).

# Node's Active LTS line (the same as .nvmrc; a unit test keeps them equal). The tag names the
# major line, not a minor: an LTS line takes its security fixes as new minors as well as patches
# (24.21 never received October 2026's, which came as 24.22.1), so each rebuild takes the line's
# newest release (build with --pull). To pin one exactly:
#   --build-arg NODE_IMAGE=node:26.x.y-bookworm-slim@sha256:…
ARG NODE_IMAGE=node:26-bookworm-slim
# What the image says it is. scripts/image-args.mjs prints all of these (and the tag) from git:
#   docker build --pull $(node scripts/image-args.mjs) .
# VERSION is package.json's release (a unit test keeps them equal) or, on a commit that is not
# tagged v<release>, <release>+<short commit>. REVISION is the full commit and RELEASED says
# whether it is the tagged one: .git is not in the build context, so the server build learns its
# version from these (scripts/build-version.mjs). CREATED is the build time (RFC 3339), SOURCE
# where the code is published.
ARG VERSION=1.1.0
ARG REVISION=unknown
ARG RELEASED=false
ARG CREATED=
ARG SOURCE=

# ---- deps: every package, dev tools included, from the lockfile --------------------------------
FROM ${NODE_IMAGE} AS deps
# better-sqlite3 is native: when no prebuilt binary downloads, it compiles from source. The
# headers come from the image itself (/usr/local/include/node), so that needs no download.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
WORKDIR /app
# The manifests alone first: this layer is rebuilt only when a dependency changes.
COPY package.json package-lock.json ./
# npm ci's postinstall applies these (patch-package): the router's route-table and match caches and
# the server render's route objects made once (decisions 026, 036), and the browser build's chunk
# groups in the classic compiler (decision 034), and React's streamed HTML without stray NUL bytes
# (decision 037).
COPY patches ./patches
RUN --mount=type=cache,target=/root/.npm npm ci

# ---- build: the Remix build and the bundled server, then the dev tools are dropped ---------------
FROM deps AS build
ARG REVISION
ARG RELEASED
COPY . .
# npm prune keeps what an optional peer names (TypeScript, for Remix and tRPC) and type packages
# production packages list; runtime-deps.mjs removes every package the server does not load,
# better-sqlite3's compile leftovers and the packages' declarations, TypeScript sources and
# source maps, then checks that nothing of the kind is left (it fails the build otherwise).
RUN PORTAL_REVISION="${REVISION}" PORTAL_RELEASED="${RELEASED}" npm run build \
  && npm prune --omit=dev \
  && node scripts/runtime-deps.mjs --remove .

# ---- runtime: node, the production packages and the build; nothing else ------------------------
FROM ${NODE_IMAGE} AS runtime
ARG VERSION
ARG REVISION
ARG CREATED
ARG SOURCE
LABEL org.opencontainers.image.title="cashback-portal" \
  org.opencontainers.image.description="Member portal of a cashback and affiliate service" \
  org.opencontainers.image.version="${VERSION}" \
  org.opencontainers.image.revision="${REVISION}" \
  org.opencontainers.image.created="${CREATED}" \
  org.opencontainers.image.source="${SOURCE}"
ENV NODE_ENV=production PORT=3000
WORKDIR /app
# Owned by root and read-only to the app user; the locales are bundled into build/, the
# migrations into build/server/, so neither source folder is needed here.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
# build/fonts holds the two Noto Sans JP weights the annual PDF and the link preview pictures
# draw Japanese with (scripts/build-server.mjs copies them): the server reads no system font,
# so the image needs no font package. resvg's native binary is the production package
# @resvg/resvg-js-<platform>, installed by npm ci for the platform being built.
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The only writable place: the embedded SQLite file (when SQLITE_PATH chooses it) and the
# outgoing mail written to files with MAIL_TRANSPORT=file.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# No curl in the slim image: node asks /healthz itself. The web process answers on PORT; when
# nothing listens there (the same image running the LINE worker) the worker's BOT_PORT is asked.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const get=(p)=>fetch('http://127.0.0.1:'+p+'/healthz',{signal:AbortSignal.timeout(4000)}).then((r)=>{if(!r.ok)throw new Error('HTTP '+r.status)});get(process.env.PORT||3000).catch(()=>get(process.env.BOT_PORT||3001)).then(()=>process.exit(0),(e)=>{console.error(e.message);process.exit(1)})"]
# The heap settings of server/heap.ts (a unit test keeps them equal): the web thread collects
# its garbage at about 1.4 times its live heap instead of 4 times.
CMD ["node", "--max-old-space-size=512", "--max-semi-space-size=8", "build/server/http.js"]
