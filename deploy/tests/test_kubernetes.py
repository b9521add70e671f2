"""deploy/kubernetes (SPEC §9): the manifests are valid Kubernetes objects, offline, and hold
the probes, drain settings, resources and security context the README explains."""
import copy
import subprocess
import sys

import kubernetes_validate
import pytest

from conftest import KUBERNETES, ROOT

KINDS = {"Deployment", "Service", "ConfigMap", "PodDisruptionBudget", "HorizontalPodAutoscaler"}
LABELS = {"app.kubernetes.io/name": "trellis"}


def container(manifests):
    return manifests["Deployment"]["spec"]["template"]["spec"]["containers"][0]


def env(manifests):
    return {item["name"]: item["value"] for item in container(manifests)["env"]}


def test_every_kind_is_there_and_valid_against_the_bundled_schemas(manifests):
    assert set(manifests) == KINDS
    version = kubernetes_validate.latest_version()
    for manifest in manifests.values():
        kubernetes_validate.validate(manifest, version, strict=True)


def test_the_validator_rejects_a_broken_manifest_offline(manifests):
    broken = copy.deepcopy(manifests)
    container(broken)["readinessProbe"]["periodSeconds"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken["Deployment"], kubernetes_validate.latest_version(), strict=True)
    unknown = copy.deepcopy(manifests["Service"])
    unknown["spec"]["portz"] = []
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(unknown, kubernetes_validate.latest_version(), strict=True)


def test_probes_point_at_readyz_and_healthz(manifests):
    c = container(manifests)
    assert c["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
    assert c["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "http"}
    assert c["ports"][0] == {"name": "http", "containerPort": 8080, "protocol": "TCP"}
    assert env(manifests)["TRELLIS_PORT"] == "8080"


def test_drain_grace_outlasts_the_readiness_period_and_termination_covers_grace_and_drain(manifests):
    c, values = container(manifests), env(manifests)
    probe = c["readinessProbe"]
    # The probe sees /readyz turn 503 at most one period plus one timeout after SIGTERM.
    unready_after = probe["periodSeconds"] * probe["failureThreshold"] + probe["timeoutSeconds"]
    grace, drain = float(values["TRELLIS_DRAIN_GRACE"]), float(values["TRELLIS_DRAIN_TIMEOUT"])
    assert grace > unready_after
    termination = manifests["Deployment"]["spec"]["template"]["spec"]["terminationGracePeriodSeconds"]
    assert termination > grace + drain


def test_resources_have_requests_and_limits(manifests):
    resources = container(manifests)["resources"]
    for kind in ("requests", "limits"):
        assert set(resources[kind]) == {"cpu", "memory"}
    assert env(manifests)["TRELLIS_EVENT_LOOPS"] == str(resources["limits"]["cpu"])


def test_runs_as_non_root_on_a_read_only_root_filesystem(manifests):
    pod = manifests["Deployment"]["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] != 0
    security = container(manifests)["securityContext"]
    assert security["readOnlyRootFilesystem"] is True
    assert security["allowPrivilegeEscalation"] is False
    assert security["capabilities"]["drop"] == ["ALL"]
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert f"USER {pod['securityContext']['runAsUser']}:{pod['securityContext']['runAsGroup']}" in dockerfile


def test_the_pages_volume_is_the_whole_configmap_mounted_where_trellis_reads(manifests):
    pod = manifests["Deployment"]["spec"]["template"]["spec"]
    mount = container(manifests)["volumeMounts"][0]
    assert "subPath" not in mount  # a subPath mount never receives ConfigMap updates
    assert mount["mountPath"] == env(manifests)["TRELLIS_PAGES"] and mount["readOnly"] is True
    volume = next(v for v in pod["volumes"] if v["name"] == mount["name"])
    configmap = manifests["ConfigMap"]
    assert volume["configMap"]["name"] == configmap["metadata"]["name"]
    items = {item["key"]: item["path"] for item in volume["configMap"]["items"]}
    assert set(items) == set(configmap["data"])
    assert all(key == path.replace("/", "__") for key, path in items.items())


def test_the_configmap_holds_exactly_the_pages_folder(manifests):
    data = manifests["ConfigMap"]["data"]
    pages = ROOT / "Pages"
    expected = {p.relative_to(pages).as_posix().replace("/", "__"): p.read_text() for p in pages.rglob("*.json")}
    assert data == expected


def test_the_generated_files_are_up_to_date():
    result = subprocess.run([sys.executable, str(KUBERNETES / "pages-configmap.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_service_pdb_and_autoscaler_select_the_deployment(manifests):
    deployment = manifests["Deployment"]
    assert deployment["spec"]["selector"]["matchLabels"] == LABELS
    assert deployment["spec"]["template"]["metadata"]["labels"] == LABELS
    assert deployment["spec"]["strategy"]["rollingUpdate"] == {"maxUnavailable": 0, "maxSurge": 1}
    service = manifests["Service"]
    assert service["spec"]["selector"] == LABELS and service["spec"]["ports"][0]["targetPort"] == "http"
    assert manifests["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"] == LABELS
    hpa = manifests["HorizontalPodAutoscaler"]["spec"]
    assert hpa["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": deployment["metadata"]["name"]}
    # The budget leaves replicas serving while one is disrupted.
    assert hpa["minReplicas"] - manifests["PodDisruptionBudget"]["spec"]["maxUnavailable"] >= 2
    assert "replicas" not in deployment["spec"]  # the autoscaler owns the count


def test_the_image_is_a_placeholder_to_replace(manifests):
    assert container(manifests)["image"].endswith(":REPLACE-WITH-TAG")
