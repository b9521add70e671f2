"""Shared helpers for the deployment tests (run by `make test` with pytest)."""
import pathlib

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
KUBERNETES = ROOT / "deploy" / "kubernetes"


def load_manifests():
    """Every manifest under deploy/kubernetes, keyed by kind."""
    manifests = {}
    for path in sorted(KUBERNETES.glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            manifests[document["kind"]] = document
    return manifests


@pytest.fixture(scope="session")
def manifests():
    return load_manifests()
