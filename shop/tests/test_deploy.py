"""The deployment files (issue 32): the Dockerfile's and compose.yaml's key properties, the nginx
template accepted by `nginx -t` as bench/cluster.py renders it, the PgBouncer template's two pool
modes, and what DATABASE_POOLER=pgbouncer changes in the database settings. Cheap: no container is
built (the development machine has no Docker engine), no server is started."""

import configparser
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import topology  # noqa: E402  (bench/topology.py: the one renderer of the deploy/ templates)


def _stages() -> list[tuple[str, str, list[str]]]:
    """(base image, stage name, lines) per stage of the Dockerfile."""
    stages = []
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if match := re.match(r"FROM\s+(\S+)(?:\s+AS\s+(\S+))?", line, re.IGNORECASE):
            stages.append((match.group(1), match.group(2) or "", []))
        elif stages and line.strip() and not line.lstrip().startswith("#"):
            stages[-1][2].append(line.strip())
    return stages


def test_the_image_builds_the_frontend_with_node_and_runs_on_slim_python_as_a_user():
    stages = _stages()
    bases = [base for base, _, _ in stages]
    assert bases[0].startswith("node:20"), "the frontend is built in a Node stage first"
    runtime_base, runtime_name, runtime = stages[-1]
    assert runtime_name == "runtime", "the shop's image is the last stage: `docker build .` builds it"
    assert re.fullmatch(r"python:3\.11-slim(-\w+)?", runtime_base)
    users = [line.split()[1] for line in runtime if line.upper().startswith("USER ")]
    assert users and users[-1] not in {"root", "0"}, "the shop runs as a user of its own"
    assert any("--from=frontend" in line for _, _, lines in stages for line in lines)
    assert not any(line.startswith("RUN npm") for line in runtime), "no Node in the runtime"


def test_static_files_are_collected_at_build_and_the_default_command_is_the_procfiles_web():
    stages = _stages()
    assert any("collectstatic" in line for _, _, lines in stages for line in lines if line.startswith("RUN"))
    runtime = stages[-1][2]
    command = json.loads(next(line for line in runtime if line.startswith("CMD"))[3:])
    procfile = dict(line.split(": ", 1) for line in (ROOT / "Procfile").read_text().splitlines() if ": " in line)
    assert command[-1] == f"exec {procfile['web']}"


def test_the_image_leaves_out_what_is_built_or_kept_outside_it():
    ignored = (ROOT / ".dockerignore").read_text().split()
    for name in (".git", ".venv", "node_modules", "staticfiles", "media", "db.sqlite3", "frontend/build"):
        assert name in ignored


def _compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def test_compose_runs_the_topology():
    services = _compose()["services"]
    assert {"nginx", "web", "ws", "pgbouncer", "postgres", "redis", "worker", "beat", "release"} <= set(services)
    assert services["web"]["deploy"]["replicas"] == 2
    assert services["ws"]["deploy"]["replicas"] == 2
    for name in ("web", "ws", "worker", "beat"):
        environment = services[name]["environment"]
        assert environment["DATABASE_POOLER"] == "pgbouncer", name
        assert "@pgbouncer:6432/shop" in environment["DATABASE_URL"], name
    assert services["release"]["environment"]["DATABASE_URL"].endswith("/shop_session"), "migrations want a session"
    assert services["nginx"]["build"]["target"] == "nginx"
    assert services["pgbouncer"]["build"]["target"] == "pgbouncer"
    assert "ws:8001" in services["nginx"]["environment"]["WS_SERVERS"]
    assert "web:8000" in services["nginx"]["environment"]["WEB_SERVERS"]


def test_the_containers_fill_every_placeholder_of_the_templates():
    services = _compose()["services"]
    for template, service in (("nginx.conf", "nginx"), ("pgbouncer.ini", "pgbouncer")):
        names = set(topology.PLACEHOLDER.findall((ROOT / "deploy" / template).read_text()))
        assert names <= set(services[service]["environment"]), template
        listed = re.findall(r"\$\{(\w+)\}", next(line for line in _stages_of(service) if line.startswith("CMD")))
        assert names <= set(listed), f"the {service} stage's envsubst list misses some of {template}'s names"


def _stages_of(name: str) -> list[str]:
    return next(lines for _, stage, lines in _stages() if stage == name)


@pytest.mark.skipif(not Path(topology.NGINX).exists(), reason="nginx is not installed (apt-get install nginx)")
def test_nginx_accepts_the_rendered_template(tmp_path):
    values = topology.nginx_values(
        run_dir=tmp_path, listen="127.0.0.1:8299", web_ports=[8291, 8292], ws_ports=[8293, 8294]
    )
    config = tmp_path / "nginx.conf"
    config.write_text(topology.render(ROOT / "deploy" / "nginx.conf", values))
    if os.geteuid() == 0:
        tmp_path.chmod(0o777)
    checked = subprocess.run(
        [topology.NGINX, "-t", "-p", str(tmp_path), "-c", str(config)], capture_output=True, text=True, timeout=30
    )
    assert checked.returncode == 0, checked.stderr
    text = config.read_text()
    assert "${" not in text
    # POSTs that reached a web process are never sent to the other one by nginx (clients retry with their key).
    assert "non_idempotent" not in re.sub(r"#.*", "", text)
    assert "proxy_next_upstream error timeout;" in text


def test_render_refuses_a_missing_value(tmp_path):
    with pytest.raises(KeyError, match="WS_SERVERS"):
        topology.render(ROOT / "deploy" / "nginx.conf", {"LISTEN": "80"})


def test_pgbouncer_template_has_a_transaction_pool_and_a_session_pool(tmp_path):
    values = topology.pgbouncer_values(run_dir=tmp_path, database="shop", pg_port=5432, port=6432)
    parser = configparser.ConfigParser(inline_comment_prefixes=None, comment_prefixes=(";",), interpolation=None)
    parser.read_string(topology.render(ROOT / "deploy" / "pgbouncer.ini", values))
    assert "pool_mode=transaction" in parser["databases"]["shop"]
    assert "SET statement_timeout = 15000" in parser["databases"]["shop"]
    assert "pool_mode=session" in parser["databases"]["shop_session"]
    assert "connect_query" not in parser["databases"]["shop_session"], "migrations and pg_dump run without limits"
    assert parser["pgbouncer"]["pool_mode"] == "transaction"


def _database_settings(**environment: str) -> dict:
    code = (
        "import json, django; django.setup(); from django.conf import settings; "
        "d = settings.DATABASES['default']; "
        "print(json.dumps({'cursors': d.get('DISABLE_SERVER_SIDE_CURSORS', False), 'options': d['OPTIONS']}, default=str))"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "REDIS_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="shop.settings", DATABASE_URL="postgres://shop@127.0.0.1:6432/shop", **environment
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_behind_pgbouncer_nothing_outlives_a_transaction():
    direct = _database_settings()
    assert "lock_timeout" in direct["options"]["options"] and direct["options"]["prepare_threshold"] == 5
    pooled = _database_settings(DATABASE_POOLER="pgbouncer")
    assert pooled["cursors"] is True
    assert pooled["options"]["prepare_threshold"] is None
    assert "options" not in pooled["options"], "PgBouncer refuses the options startup parameter"
