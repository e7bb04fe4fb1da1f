"""Shared fixtures: a small shop of tools, and an oracle helper.

Expected shell output in these tests comes from running the same script
with real bash 5.2 and jq (``oracle()``), or is the tool's own data where
only toolsh can run it (the callbacks are Python).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from toolsh import ScriptedTool, ToolDef

ORDER_SCHEMA = {
    "type": "object",
    "required": ["customer"],
    "properties": {"customer": {"type": "string"}, "limit": {"type": "integer"}},
}


ORDERS_TOTAL_SCRIPT = "orders.list --customer acme | jq '[.[].total] | add'"


def orders(params, stdin):
    return [{"id": 1, "total": 30, "customer": params["customer"]},
            {"id": 2, "total": 12, "customer": params["customer"]}]


def orders_total_oracle() -> str:
    """What bash + jq print for ORDERS_TOTAL_SCRIPT, the tool's output piped in."""
    data = json.dumps(orders({"customer": "acme"}, None))
    return oracle(f"echo '{data}' | jq '[.[].total] | add'")


@pytest.fixture
def shop() -> ScriptedTool:
    return (
        ScriptedTool.builder("script")
        .short_description("Shop API")
        .tool(ToolDef("orders.list", "List a customer's orders.", ORDER_SCHEMA, tags=["read"]), orders)
        .build()
    )


def oracle(script: str, stdin: str = "") -> str:
    """stdout of ``script`` under real bash (jq from PATH or the oracle cache)."""
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("bash is not installed")
    env = dict(os.environ)
    env["PATH"] = os.path.expanduser("~/.cache/toolsh-oracles/bin") + os.pathsep + env.get("PATH", "")
    r = subprocess.run([bash, "-c", script], input=stdin, capture_output=True, text=True, check=False, env=env)
    return r.stdout
