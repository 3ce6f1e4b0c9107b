"""Issue 16, several workloads: kvdtype.check(manifest=…), several command files, a script with
several serving commands and gpu="A,B" give a Checks (kvdtype.checks/v1 as objects) whose
to_json() is what `kvdtype check --format json` prints for the same inputs."""
import os
import subprocess
from pathlib import Path

import pytest

import kvdtype

CLI = os.environ.get("KVDTYPE_CLI")
SOURCE = os.environ.get("KVDTYPE_SOURCE_DIR")


def manifest(name):
    if not SOURCE:
        pytest.skip("KVDTYPE_SOURCE_DIR not set")
    return Path(SOURCE) / "tests" / "data" / "manifests" / name


def cli_json(*args):
    out = subprocess.run([CLI, "check", "--format", "json", *args], capture_output=True, text=True)
    return out.returncode, out.stdout


def test_a_manifest_gives_checks_with_sources_and_deployment_diagnostics():
    checks = kvdtype.check(manifest=manifest("pd.yaml"))
    assert isinstance(checks, kvdtype.Checks)
    doc = checks.to_dict()
    assert doc["schema"] == "kvdtype.checks/v1"
    assert len(checks) == len(checks.results) == len(doc["results"]) >= 2
    assert checks.verdict == doc["verdict"]
    for r, d in zip(checks.results, doc["results"]):
        assert isinstance(r.source, kvdtype.Source)
        assert r.source.file == d["source"].get("file") and r.source.kind == d["source"].get("kind")
        assert r.source.line == d["source"].get("line")
        assert r.verdict == d["verdict"]
        if r.plan is None:
            assert r.input_error == d["error"]["message"]
        else:
            assert r.input_error is None and isinstance(r.plan, kvdtype.Plan)
            assert [x.code for x in r.plan.diagnostics] == [x["code"] for x in d["diagnostics"]
                                                            if x["code"] in {y.code for y in r.plan.diagnostics}]
    assert [(x.code, x.severity, x.message, x.fix, x.results) for x in checks.diagnostics] == \
        [(x["code"], x["severity"], x["message"], x["fix"], x["results"]) for x in doc["diagnostics"]]
    assert checks.notes == doc.get("notes", [])
    assert checks.ok == (checks.verdict != "error")


@pytest.mark.parametrize("name", ["pd.yaml", "compose.yaml", "mixed.yaml"])
def test_manifest_json_matches_the_cli_byte_for_byte(name):
    if not CLI:
        pytest.skip("KVDTYPE_CLI not set")
    path = manifest(name)
    checks = kvdtype.check(manifest=str(path))
    code, out = cli_json("--manifest", str(path))
    assert out == checks.to_json()
    assert code == (1 if checks.verdict == "error" else 0)


def test_several_manifests_and_a_list_of_paths():
    one = kvdtype.check(manifest=[manifest("pd.yaml")])
    two = kvdtype.check(manifest=[manifest("pd.yaml"), manifest("compose.yaml")])
    assert len(two.results) > len(one.results)
    if CLI:
        _, out = cli_json("--manifest", str(manifest("pd.yaml")), "--manifest", str(manifest("compose.yaml")))
        assert out == two.to_json()


def test_a_fleet_gives_one_result_per_gpu():
    checks = kvdtype.check(gpu="H100,MI300X", kv_cache_dtype="fp8", attention="mla", model_dtype="bfloat16")
    assert isinstance(checks, kvdtype.Checks)
    assert [r.source.gpu for r in checks.results] == ["H100", "MI300X"]
    assert [r.plan.target for r in checks.results] == ["sm_90", "gfx942"]
    if CLI:
        _, out = cli_json("--gpu", "H100,MI300X", "--kv-cache-dtype", "fp8", "--attention", "mla",
                          "--model-dtype", "bfloat16")
        assert out == checks.to_json()


def test_several_command_files_and_a_script_with_several_servers(tmp_path):
    a = tmp_path / "a.sh"
    b = tmp_path / "b.sh"
    a.write_text("vllm serve x/y --kv-cache-dtype fp8\n")
    b.write_text("vllm serve x/y --kv-cache-dtype auto\n")
    checks = kvdtype.check(gpu="H100", command_file=[a, b])
    assert isinstance(checks, kvdtype.Checks)
    assert [r.source.file for r in checks.results] == [str(a), str(b)]
    assert [r.plan.cache_dtype for r in checks.results] == ["fp8", "auto"]
    if CLI:
        _, out = cli_json("--gpu", "H100", "--command-file", str(a), "--command-file", str(b))
        assert out == checks.to_json()
    # One file is still one Plan.
    assert isinstance(kvdtype.check(gpu="H100", command_file=a), kvdtype.Plan)
    # A script with two serving commands: one result per command, with its line.
    script = "vllm serve x/y --kv-cache-dtype fp8\nvllm serve x/y --kv-cache-dtype auto --port 8001\n"
    both = kvdtype.check(gpu="H100", command=script)
    assert [r.source.line for r in both.results] == [1, 2]


def test_a_missing_file_keeps_the_exception_hierarchy(tmp_path):
    with pytest.raises(kvdtype.BadFileError) as e:
        kvdtype.check(manifest=tmp_path / "missing.yaml")
    assert isinstance(e.value, kvdtype.Error)
    with pytest.raises(kvdtype.BadValueError):
        kvdtype.check(manifest=42)


def test_set_file_hands_chart_values_a_file_as_helm_does(tmp_path):
    values = tmp_path / "values.yaml"
    values.write_text("dynamo:\n  deploymentName: d\n  decodeWorker:\n    replicas: 1\n"
                      "workload:\n  model: deepseek-ai/DeepSeek-R1\n  framework: sglang\n")
    args = tmp_path / "decode.yaml"
    args.write_text("kv-cache-dtype: fp8_e4m3\nattention-backend: trtllm_mla\n")
    checks = kvdtype.check(gpu="GB200", manifest=str(values), set_file={"decode_serving_config": str(args)})
    assert [r.plan.cache_dtype for r in checks.results] == ["fp8_e4m3"]
    # Without it the values hold no workload; with no chart values it is bad input.
    assert kvdtype.check(gpu="GB200", manifest=str(values)).results == []
    with pytest.raises(kvdtype.BadValueError) as e:
        kvdtype.check(gpu="GB200", set_file=["decode_serving_config=" + str(args)])
    assert "set_file" in str(e.value) and "--set-file" not in str(e.value)


def test_env_and_ignore_as_the_cli_takes_them():
    plan = kvdtype.check(gpu="H100", command="vllm serve x/y --kv-cache-dtype $KV", env={"KV": "fp8"})
    assert plan.cache_dtype == "fp8"
    assert kvdtype.check(gpu="H100", command="vllm serve x/y --kv-cache-dtype $KV", env=["KV=auto"]).cache_dtype == "auto"
    fired = [d.code for d in plan.diagnostics]
    if fired:
        quiet = kvdtype.check(gpu="H100", command="vllm serve x/y --kv-cache-dtype $KV", env={"KV": "fp8"},
                              ignore=fired[0])
        assert fired[0] not in [d.code for d in quiet.diagnostics]
    # Bad values name the keyword, not the CLI flag.
    with pytest.raises(kvdtype.BadValueError) as e:
        kvdtype.check(gpu="H100", env=["=x"])
    assert "env" in str(e.value) and "--env" not in str(e.value)
    with pytest.raises(kvdtype.UnknownNameError) as e:
        kvdtype.check(gpu="H100", ignore=["KVD9999"])
    assert "--ignore" not in str(e.value)


def test_an_empty_command_text_or_path_is_nothing_given():
    plain = kvdtype.check(gpu="H100").to_json()
    for kw in ({"command": ""}, {"command_file": ""}, {"manifest": ""}, {"manifest": []}, {"env": {}}, {"ignore": []}):
        assert kvdtype.check(gpu="H100", **kw).to_json() == plain, kw
    with pytest.raises(kvdtype.BadValueError):
        kvdtype.check(gpu="H100", manifest=[""])
