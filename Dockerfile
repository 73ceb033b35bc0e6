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
COPY bot ./bot
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 dominant \
    && mkdir -p /data && chown dominant /data

USER dominant
VOLUME ["/data"]
# docker stop sends SIGTERM: the bot closes its Discord session and the database cleanly.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
