"""deploy/kubernetes (SPEC §9): the manifests are valid Kubernetes objects, offline, and hold
the probes, drain settings, resources and security context the README explains."""
import copy
import re
import shutil
import subprocess
import sys

import kubernetes_validate
import pytest
import yaml

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


def test_the_readme_the_deployment_points_to_is_there():
    deployment = (KUBERNETES / "deployment.yaml").read_text()
    assert "deploy/kubernetes/README.md" in deployment
    readme = (KUBERNETES / "README.md").read_text()
    for topic in ("kubectl apply", "make configmap", "/readyz", "/healthz", "TRELLIS_METRICS_PORT", "prometheus.io/scrape"):
        assert topic in readme, topic


def test_metrics_are_on_a_named_port_prometheus_is_told_of_and_the_service_hides(manifests):
    c = container(manifests)
    ports = {port["name"]: port["containerPort"] for port in c["ports"]}
    assert set(ports) == {"http", "metrics"} and ports["metrics"] != ports["http"]
    assert env(manifests)["TRELLIS_METRICS_PORT"] == str(ports["metrics"])
    annotations = manifests["Deployment"]["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true"
    assert annotations["prometheus.io/port"] == str(ports["metrics"])
    assert annotations["prometheus.io/path"] == "/metrics"
    service_ports = manifests["Service"]["spec"]["ports"]
    assert [port["targetPort"] for port in service_ports] == ["http"]
    assert all(port["port"] != ports["metrics"] for port in service_ports)


def test_the_scrape_config_keeps_annotated_pods_at_their_annotated_port():
    config = yaml.safe_load((KUBERNETES / "prometheus" / "prometheus-scrape-config.yaml").read_text())
    job = next(job for job in config["scrape_configs"] if job["job_name"] == "trellis")
    assert job["kubernetes_sd_configs"][0]["role"] == "pod"
    rules = job["relabel_configs"]
    keep = next(rule for rule in rules if rule.get("action") == "keep")
    assert keep["source_labels"] == ["__meta_kubernetes_pod_annotation_prometheus_io_scrape"] and keep["regex"] == "true"
    address = next(rule for rule in rules if rule.get("target_label") == "__address__")
    assert address["source_labels"][1] == "__meta_kubernetes_pod_annotation_prometheus_io_port"
    # The address rule, applied as Prometheus does (an anchored RE2 match on the joined labels).
    regex = re.compile("^(?:" + address["regex"] + ")$")
    joined = "10.1.2.3:8080;9090"
    assert regex.sub(address["replacement"].replace("$", "\\"), joined) == "10.1.2.3:9090"


@pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool (Debian's prometheus package) not installed")
def test_promtool_accepts_the_scrape_config():
    path = KUBERNETES / "prometheus" / "prometheus-scrape-config.yaml"
    result = subprocess.run(["promtool", "check", "config", str(path)], capture_output=True, text=True)
    if "field kubernetes_sd_configs not found" in result.stdout + result.stderr:
        pytest.skip("this promtool is built without Kubernetes discovery (Debian's is)")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_image_healthcheck_follows_the_port_and_tls():
    healthcheck = (ROOT / "Dockerfile").read_text().split("HEALTHCHECK", 1)[1].split("\nENTRYPOINT", 1)[0]
    assert "8080/" not in healthcheck and "${TRELLIS_PORT" in healthcheck
    assert "TRELLIS_TLS_CERT" in healthcheck and "https" in healthcheck
