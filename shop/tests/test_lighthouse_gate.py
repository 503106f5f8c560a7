"""The CI Lighthouse gate's arithmetic (bench/lighthouse.py, issue 34): the slowdown Lighthouse's
CPU-throttling calculator gives, its floor, and which runs the gate keeps."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import lighthouse  # noqa: E402


@pytest.mark.parametrize(
    ("index", "slowdown"),
    [
        # The calculator's own anchors (its comments: 2000 = 6x, 1766 = 5x, 1533 = 4x, 1300 = 3x, 800 = 2x).
        (2000, 6.0),
        (1766, 5.0),
        (1533, 4.0),
        (1300, 3.0),
        (1050, 2.5),
        (2600, 8.58),
        # Under 800 the calculator goes under 2x (1x at 150, nothing under it): the gate's floor holds.
        (800, 2.0),
        (475, 2.0),
        (100, 2.0),
    ],
)
def test_calculator_slowdown(index, slowdown):
    assert lighthouse.calculator_slowdown(index) == pytest.approx(slowdown, abs=0.01)


def test_the_slowdown_never_falls_as_the_host_gets_faster():
    slowdowns = [lighthouse.calculator_slowdown(index) for index in range(0, 3500, 10)]
    assert slowdowns == sorted(slowdowns)


def rows(*indices):
    return [{"bi": index, "performance": 90} for index in indices]


def test_runs_off_the_median_index_by_more_than_a_quarter_are_discarded():
    kept = lighthouse.kept_runs(rows(1000, 1250, 1251, 750, 749, 400), 1000)
    assert [row["bi"] for row in kept] == [1000, 1250, 750]


def test_the_median_is_the_whole_sets():
    results = {"home": rows(1000, 1100, 3000), "cart": rows(1050, 990)}
    assert lighthouse.set_median_index(results) == 1050


def row(index, performance):
    return {key: 100 for key in lighthouse.CATEGORIES} | {
        "performance": performance,
        "bi": index,
        "cls": 0,
        "tbt": 0,
        "lcp": 0,
        "fcp": 0,
        "si": 0,
        "slowdown": 4,
    }


def session_with(results, *, calibrate=True):
    session = lighthouse.Session(list(results), calibrate=calibrate, cpu_slowdown=None)
    session.results = results
    session.at_default = {name: list(runs) for name, runs in results.items()}
    return session


def test_a_page_with_fewer_than_three_kept_runs_is_run_again_and_fails(capsys):
    # Two of home's three runs were read while the host was much slower: they are not judged.
    session = session_with(
        {"home": [row(1500, 95), row(700, 99), row(600, 99)], "cart": [row(1500, 95), row(1480, 95), row(1520, 95)]}
    )
    assert session.pages_to_run_again(check=False) == ["home"]
    assert lighthouse.report(session, 3) is False
    assert "fewer than 3 runs kept for home" in capsys.readouterr().out


def test_the_default_4x_is_judged_within_its_host_class():
    low_at_default = {"home": [row(1500, 95)] * 3}
    session = session_with(low_at_default)
    session.at_default = {"home": [row(1500, 80)] * 3}
    assert lighthouse.report(session, 3) is False
    session = session_with({"home": [row(2500, 95)] * 3})
    session.at_default = {"home": [row(2500, 80)] * 3}
    assert lighthouse.report(session, 3) is True


def test_without_calibrate_every_run_counts():
    session = session_with({"home": [row(1500, 95), row(600, 95), row(3000, 95)]}, calibrate=False)
    assert session.pages_to_run_again(check=True) == []
    assert len(session.kept(session.results)["home"]) == 3


def test_a_telugu_page_is_measured_with_the_language_cookie(monkeypatch, tmp_path):
    commands = []

    def run(command, **kwargs):
        commands.append(command)
        Path(next(arg for arg in command if arg.startswith("--output-path=")).split("=", 1)[1]).write_text(
            '{"audits": {}}'
        )

    monkeypatch.setattr(lighthouse.subprocess, "run", run)
    monkeypatch.setattr(lighthouse, "REPORTS", tmp_path)
    monkeypatch.setattr(lighthouse, "figures", lambda result: row(1500, 95))
    session = lighthouse.Session(["home", "home/te"], calibrate=False, cpu_slowdown=None)
    session.measure("home", "http://127.0.0.1:1/", 1)
    session.measure("home/te", "http://127.0.0.1:1/", 1)
    english, telugu = commands
    assert "django_language=en" in str(english)
    assert '"Cookie": "django_language=te"' in next(arg for arg in telugu if arg.startswith("--extra-headers="))
    assert (tmp_path / "home-te-1.json").is_file() and (tmp_path / "home-en-1.json").is_file()
    assert list(session.results) == ["home", "home/te"] and len(session.results["home/te"]) == 1


def test_a_run_audited_again_names_the_language_it_was_gathered_with(monkeypatch, tmp_path):
    # Lighthouse refuses to audit artifacts under other settings than they were gathered with
    # ("Cannot change settings between gathering and auditing": extraHeaders).
    commands = []

    def run(command, **kwargs):
        commands.append(command)
        Path(next(arg for arg in command if arg.startswith("--output-path=")).split("=", 1)[1]).write_text("{}")

    monkeypatch.setattr(lighthouse.subprocess, "run", run)
    lighthouse.lighthouse("http://127.0.0.1:1/", tmp_path / "gathered.json", artifacts=tmp_path, language="te")
    lighthouse.lighthouse(None, tmp_path / "audited.json", cpu_slowdown=3, artifacts=tmp_path, language="te")
    gathered, audited = ([arg for arg in command if arg.startswith("--extra-headers=")] for command in commands)
    assert gathered == audited == ['--extra-headers={"Cookie": "django_language=te"}']


def test_the_runs_audited_at_a_second_slowdown_are_printed_not_judged(capsys):
    session = session_with({"home": [row(1500, 95)] * 3})
    session.also_at = 8
    session.at_also = {"home": [row(1500, 70)] * 3}
    assert lighthouse.report(session, 3) is True
    out = capsys.readouterr().out
    assert "The same runs at 8x (printed, not judged" in out
    assert re.search(r"^home\s+70\s", out, re.MULTILINE)
