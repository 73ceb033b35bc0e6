"""docker-compose.yml, checked as far as this machine can (Docker does not run here): it parses
as YAML, and its bot services share one database and cover every shard exactly once."""

from pathlib import Path

import pytest

from bot.store.shards import Shards

yaml = pytest.importorskip("yaml", reason="PyYAML (a dev dependency: pip install -e '.[dev]') reads the compose file")
ROOT = Path(__file__).resolve().parents[2]


def test_the_compose_file_runs_two_bots_on_one_postgresql_covering_every_shard_once():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert services["db"]["image"].startswith("postgres:") and "healthcheck" in services["db"]
    bots = {name: s for name, s in services.items() if name.startswith("bot")}
    assert len(bots) == 2
    urls, counts, covered = set(), set(), []
    for bot in bots.values():
        env = bot["environment"]
        assert bot["depends_on"]["db"]["condition"] == "service_healthy"
        assert env["DS_DATABASE_URL"].startswith("postgresql://") and "@db:5432/" in env["DS_DATABASE_URL"]
        shards = Shards.parse(env["DS_SHARD_IDS"], env["DS_SHARD_COUNT"])
        health = " ".join(bot["healthcheck"]["test"])  # the bot's own /healthz, on its metrics port
        assert f"http://127.0.0.1:{env['DS_METRICS_PORT']}/healthz" in health
        urls.add(env["DS_DATABASE_URL"])
        counts.add(shards.count)
        covered += shards.ids
    assert len(urls) == 1 and len(counts) == 1
    assert sorted(covered) == list(range(counts.pop()))  # each shard run by exactly one process


def test_the_image_holds_every_package_and_checks_itself():
    dockerfile = (ROOT / "Dockerfile").read_text()
    for package in ("engine", "renderers", "words", "bot"):  # pyproject's packages: each copied in
        assert f"COPY {package} ./{package}" in dockerfile
    assert 'HEALTHCHECK' in dockerfile and '"python", "-m", "bot", "--check"' in dockerfile
