"""Regressions of issue 17 through the Python module (docs/reliability.md, "Second round"): a bytes
path that is not UTF-8 raises an error that carries its message; malformed values inside a
config are error diagnostics (KVD082-KVD086), not silently dropped."""
import json
import os
import tempfile

import pytest

import kvdtype


def test_bytes_model_path_not_utf8_has_a_message():
    with pytest.raises(kvdtype.BadFileError) as info:
        kvdtype.check(gpu="H100", model=b"/x\xff")
    message = str(info.value)
    assert message, "the error must carry its message"
    assert "\\xFF" in message and "no such file" in message
    assert all(ord(c) >= 0x20 and ord(c) != 0x7F and not 0x80 <= ord(c) <= 0x9F for c in message)


def test_str_model_path_with_controls_is_escaped():
    with pytest.raises(kvdtype.BadFileError) as info:
        kvdtype.check(gpu="H100", model="/x/\x1b[2J\u009b/config.json")
    message = str(info.value)
    assert "\\x1B[2J\\u{009B}" in message
    assert "\x1b" not in message and "\u009b" not in message


@pytest.mark.parametrize("config,code", [
    ({"num_attention_heads": 32, "num_hidden_layers": -5, "hidden_size": 4096}, "KVD082"),
    ({"num_attention_heads": 32.5, "num_hidden_layers": 32, "hidden_size": 4096}, "KVD083"),
    ({"num_attention_heads": 70000, "num_hidden_layers": 32, "hidden_size": 4096}, "KVD084"),
    ({"model_type": 7, "num_attention_heads": 32, "num_hidden_layers": 32, "hidden_size": 4096}, "KVD085"),
    ({"num_attention_heads": 32, "num_hidden_layers": None, "hidden_size": 4096}, "KVD086"),
])
def test_malformed_config_values_are_rule_errors(config, code):
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "config.json"), "w") as f:
            json.dump(config, f)
        plan = kvdtype.check(gpu="H100", model=d)
        assert plan.verdict == "error"
        assert plan.fired(code)
        assert json.loads(plan.to_json())["verdict"] == "error"
