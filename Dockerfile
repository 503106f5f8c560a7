# syntax=docker/dockerfile:1
# The shop's images (issue 32), for operators who deploy with containers: compose.yaml runs them as
# the topology bench/cluster.py rehearses on one machine. The development machine has no Docker
# engine, so these images are not built there; bench/cluster.py (the same processes, the same
# deploy/ templates) is the tested path, and shop/tests/test_deploy.py checks this file's shape.
#
#   docker build -t smlr-mart .                      the shop (the last stage, the default target)
#   docker build --target nginx -t smlr-mart-nginx .  nginx with the collected static files
#   docker build --target pgbouncer -t smlr-mart-pgbouncer .

# 1. The frontend, built by Node as on a machine: `npm ci` (exactly package-lock.json), then webpack.
FROM node:20-bookworm-slim AS frontend
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY webpack.config.js ./
COPY frontend ./frontend
RUN npm run build

# 2. The runtime's Python packages (requirements.txt only: no test server, fuzzer or browser driver),
#    in a virtualenv that the runtime copies whole.
FROM python:3.11-slim-bookworm AS packages
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /venv
COPY requirements.txt ./
RUN /venv/bin/pip install -r requirements.txt

# 3. The static files, collected (hashed and compressed) once, at build time.
FROM python:3.11-slim-bookworm AS static
ENV PATH=/venv/bin:$PATH PYTHONDONTWRITEBYTECODE=1
WORKDIR /app
COPY --from=packages /venv /venv
COPY . .
COPY --from=frontend /app/frontend/build ./frontend/build
COPY --from=frontend /app/webpack-stats.json ./webpack-stats.json
RUN python manage.py collectstatic --noinput -v0

# 4. PgBouncer from Debian's package (the version bench/cluster.py runs), configured from
#    deploy/pgbouncer.ini at start; it runs as Debian's postgres user, never as root.
FROM debian:bookworm-slim AS pgbouncer
RUN apt-get update \
    && apt-get install -y --no-install-recommends pgbouncer gettext-base \
    && rm -rf /var/lib/apt/lists/*
COPY deploy/pgbouncer.ini /etc/pgbouncer/shop.ini.template
USER postgres
EXPOSE 6432
CMD ["sh", "-c", "printf '\"%s\" \"%s\"\\n' \"$PGUSER\" \"$PGPASSWORD\" > /tmp/userlist.txt && envsubst '${DB_NAME} ${PG_HOST} ${PG_PORT} ${LISTEN_ADDR} ${LISTEN_PORT} ${AUTH_TYPE} ${AUTH_FILE} ${RUN_DIR} ${LOG_FILE} ${LOCK_TIMEOUT_MS} ${STATEMENT_TIMEOUT_MS}' < /etc/pgbouncer/shop.ini.template > /tmp/pgbouncer.ini && exec pgbouncer /tmp/pgbouncer.ini"]

# 5. nginx from Debian's package with the collected static files, configured from deploy/nginx.conf
#    at start; it runs as www-data on an unprivileged port.
FROM debian:bookworm-slim AS nginx
RUN apt-get update \
    && apt-get install -y --no-install-recommends nginx-light gettext-base \
    && rm -rf /var/lib/apt/lists/*
COPY deploy/nginx.conf /etc/nginx/shop.conf.template
COPY --from=static /app/staticfiles /srv/static
USER www-data
EXPOSE 8080
CMD ["sh", "-c", "mkdir -p \"$RUN_DIR\" && envsubst '${LISTEN} ${RUN_DIR} ${ACCESS_LOG} ${MIME_TYPES} ${STATIC_ROOT} ${MEDIA_ROOT} ${WEB_SERVERS} ${WS_SERVERS}' < /etc/nginx/shop.conf.template > \"$RUN_DIR/nginx.conf\" && exec nginx -p \"$RUN_DIR\" -c \"$RUN_DIR/nginx.conf\" -g 'daemon off;'"]

# 6. The shop: web (the default command), ws, worker, beat and release are this one image with the
#    Procfile's commands. Slim Python, pg_dump for backups, a user of its own.
FROM python:3.11-slim-bookworm AS runtime
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 shop
ENV PATH=/venv/bin:$PATH PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DJANGO_SETTINGS_MODULE=shop.settings
WORKDIR /app
COPY --from=packages /venv /venv
COPY --from=static /app /app
RUN mkdir -p /app/media && chown shop:shop /app/media
USER shop
EXPOSE 8000 8001
CMD ["sh", "-c", "exec gunicorn shop.wsgi:application --bind ${BIND_ADDRESS:-127.0.0.1}:${PORT:-8000} --workers ${WEB_CONCURRENCY:-3} --worker-class gthread --threads ${WEB_THREADS:-2} --keep-alive 5 --timeout 30"]
