# The bot in a container: slim Python, a non-root user, the database on a volume.
#   docker build -t dominant-bot .
#   docker run -e DISCORD_TOKEN=... -v dominant-data:/data dominant-bot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DS_DATABASE=/data/dominant.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY renderers ./renderers
COPY words ./words
COPY bot ./bot
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 dominant \
    && mkdir -p /data && chown dominant /data

USER dominant
VOLUME ["/data"]
# docker stop sends SIGTERM: the bot closes its Discord session and the database cleanly.
STOPSIGNAL SIGTERM
# The image's own health check: the configuration reads and the database answers (nothing is
# changed). docker-compose.yml checks the running bot itself instead (its /healthz).
HEALTHCHECK --interval=60s --timeout=20s --start-period=30s CMD ["python", "-m", "bot", "--check"]
CMD ["python", "-m", "bot"]
