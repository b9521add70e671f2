"""deploy/nginx: nginx itself accepts the configuration, and it keeps what §9 asks of it."""
import re
import shutil
import subprocess

from conftest import ROOT

NGINX_DIR = ROOT / "deploy" / "nginx"


def nginx():
    return shutil.which("nginx") or "/usr/sbin/nginx"


def location(text, name):
    """The body of `location NAME { ... }` (no nested braces but `if`'s)."""
    match = re.search(r"location " + re.escape(name) + r" \{\n(.*?)\n    \}\n", text, re.S)
    assert match, f"no location {name}"
    return match.group(1)


def test_nginx_t_accepts_the_configuration(tmp_path):
    result = subprocess.run([nginx(), "-t", "-p", str(tmp_path), "-e", "stderr", "-c", str(NGINX_DIR / "nginx.conf")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


def test_upstreams_are_kept_alive_and_never_marked_down():
    text = (NGINX_DIR / "trellis.conf").read_text()
    assert re.search(r"^\s+keepalive \d+;", text, re.M)
    assert 'proxy_http_version 1.1;' in text and 'proxy_set_header Connection "";' in text
    servers = re.findall(r"^\s+server (\S+)(.*);", text, re.M)
    assert len(servers) == 3 and all("max_fails=0" in options for _, options in servers)


def test_only_idempotent_requests_are_retried():
    text = (NGINX_DIR / "trellis.conf").read_text()
    retried = location(text, "/")
    assert "proxy_next_upstream error timeout;" in retried
    assert "non_idempotent" not in text
    assert "$request_method !~ ^(GET|HEAD|OPTIONS)$" in retried and "error_page 418 = @once;" in retried
    assert "proxy_next_upstream off;" in location(text, "@once")


def test_private_responses_are_not_cached_and_sdui_headers_pass():
    text = (NGINX_DIR / "trellis.conf").read_text()
    assert "proxy_cache off;" in text and "proxy_cache_path" not in text
    assert "gzip off;" in text
    sdui = r"(X-Client-|X-Device-Id|X-AB-Variant|X-Release|X-Fallbacks|X-Upgrade|X-Request-Id|ETag|Vary|Accept-Encoding|If-None-Match)"
    assert not re.search(r"proxy_hide_header|proxy_set_header " + sdui, text)
    assert "underscores_in_headers" not in text
