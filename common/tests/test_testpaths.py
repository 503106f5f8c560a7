"""Every test in the repository runs: pytest with no arguments (what scripts/test and CI run) collects
only the folders pyproject.toml's `testpaths` names, so a folder of tests missing from that list is
never run, and nothing says so (backoffice, checkout, counter and delivery were missing for a round)."""

import tomllib

from common.tests.test_layering import ROOT

NOT_CODE = {"node_modules", "frontend", "test-results"}


def configured_testpaths() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)["tool"]["pytest"]["ini_options"]["testpaths"]


def folders_with_tests(root=ROOT) -> set[str]:
    """Top-level folders holding a pytest file (test_*.py) anywhere below them."""
    found = set()
    for folder in root.iterdir():
        if not folder.is_dir() or folder.is_symlink() or folder.name.startswith(".") or folder.name in NOT_CODE:
            continue
        if next(folder.rglob("test_*.py"), None) is not None:
            found.add(folder.name)
    return found


def test_every_folder_with_tests_is_in_testpaths():
    missing = sorted(folders_with_tests() - set(configured_testpaths()))
    assert missing == [], f"add {missing} to testpaths in pyproject.toml: pytest with no arguments skips them"


def test_the_check_sees_a_folder_of_tests(tmp_path):
    (tmp_path / "newapp" / "tests").mkdir(parents=True)
    (tmp_path / "newapp" / "tests" / "test_thing.py").write_text("")
    (tmp_path / "notests").mkdir()
    (tmp_path / "notests" / "models.py").write_text("")
    assert folders_with_tests(tmp_path) == {"newapp"}


def test_testpaths_name_no_folder_twice():
    assert len(configured_testpaths()) == len(set(configured_testpaths()))
