"""Models on this computer: found in the Hugging Face cache and the user's folders, sized
from their files without loading, and refused in one line when the studio cannot use them."""

import json
import os
import pickle
from pathlib import Path

import pytest
import torch

from studio.core.models.pretrained.folders import (
    ModelFolderError,
    find_models,
    hub_cache,
    read_model_folder,
)
from studio.core.models.pretrained.loading import load_weights
from tests.support.pretrained_folders import FAMILIES, fake_cache, tiny_model


def test_the_hub_cache_is_found_where_huggingface_hub_looks():
    assert hub_cache({"HF_HUB_CACHE": "/x/hub"}) == Path("/x/hub")
    assert hub_cache({"HF_HOME": "/y"}) == Path("/y/hub")
    assert hub_cache({"XDG_CACHE_HOME": "/z"}) == Path("/z/huggingface/hub")


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_is_listed_with_its_size_without_loading(tmp_path, family):
    folder = tiny_model(family, tmp_path / family)
    model = read_model_folder(folder)
    assert model.use == "causal-lm" and model.refused == ""
    with torch.device("meta"):  # the parameters the model really has, counted
        import transformers

        config = transformers.AutoConfig.from_pretrained(folder)
        real = transformers.AutoModelForCausalLM.from_config(config)
    counted = {id(p): p.numel() for p in real.parameters()}
    assert model.parameters == sum(counted.values())
    assert model.weights == "safetensors" and model.dtype == "F32"
    on_disk = sum(p.stat().st_size for p in folder.iterdir())
    assert model.size_bytes == on_disk


def test_the_cache_and_the_users_folders_are_listed_together(tmp_path):
    cache = tmp_path / "hf" / "hub"
    fake_cache(cache, "HuggingFaceTB/SmolLM2-tiny", tiny_model("llama", tmp_path / "a"))
    mine = tmp_path / "my models"
    tiny_model("gpt2", mine / "gpt2-poems")
    found = find_models([mine], env={"HF_HOME": str(tmp_path / "hf")})
    names = {(m.name, m.source) for m in found}
    assert names == {("HuggingFaceTB/SmolLM2-tiny", "cache"), ("gpt2-poems", "folder")}
    cached = next(m for m in found if m.source == "cache")
    assert cached.path.parent.name == "snapshots"  # the folder transformers loads
    assert cached.parameters and cached.size_bytes > 0  # its linked blobs counted


def test_a_folder_that_asks_for_its_own_code_is_refused_in_one_line(tmp_path):
    folder = tiny_model("llama", tmp_path / "m")
    config = json.loads((folder / "config.json").read_text())
    config["auto_map"] = {"AutoModelForCausalLM": "modeling_evil.EvilForCausalLM"}
    (folder / "config.json").write_text(json.dumps(config))
    (folder / "modeling_evil.py").write_text("import os; os.system('touch PWNED')\n")
    model = read_model_folder(folder)
    assert model.use is None
    assert "run Python code shipped in the folder" in model.refused
    assert "\n" not in model.refused
    with pytest.raises(ModelFolderError, match="auto_map"):
        load_weights(model, "causal-lm")


def test_an_encoder_only_model_is_named_with_what_is_supported(tmp_path):
    folder = tmp_path / "bert"
    folder.mkdir()
    config = {"model_type": "bert", "architectures": ["BertForMaskedLM"]}
    (folder / "config.json").write_text(json.dumps(config))
    model = read_model_folder(folder)
    assert model.use is None
    assert "bert" in model.refused and "Llama" in model.refused and "GPT-2" in model.refused


def test_missing_files_are_named(tmp_path):
    with pytest.raises(ModelFolderError, match="no config.json"):
        read_model_folder(tmp_path)
    folder = tiny_model("llama", tmp_path / "m")
    (folder / "model.safetensors").unlink()
    assert "holds no weights" in read_model_folder(folder).refused


def test_a_pickle_that_would_run_code_is_refused_without_running(tmp_path):
    folder = tiny_model("llama", tmp_path / "m")
    from safetensors.torch import load_file

    weights = load_file(folder / "model.safetensors")
    (folder / "model.safetensors").unlink()
    marker = tmp_path / "PWNED"

    class Runs:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    weights["extra"] = Runs()
    torch.save(weights, folder / "pytorch_model.bin", pickle_module=pickle)
    model = read_model_folder(folder)
    assert model.weights == "pickle" and model.refused == ""
    with pytest.raises(ModelFolderError, match="refused without running"):
        load_weights(model, "causal-lm")
    assert not marker.exists()


def test_a_link_out_of_the_folder_is_not_followed(tmp_path):
    folder = tiny_model("llama", tmp_path / "m")
    secret = tmp_path / "secret.json"
    secret.write_text("{}")
    (folder / "config.json").unlink()
    (folder / "config.json").symlink_to(secret)
    with pytest.raises(ModelFolderError, match="outside the model's folder"):
        read_model_folder(folder)


def test_a_damaged_safetensors_header_is_refused_within_bounds(tmp_path):
    folder = tiny_model("llama", tmp_path / "m")
    # a header claiming 2**60 bytes: never allocated
    (folder / "model.safetensors").write_bytes((2**60).to_bytes(8, "little") + b"{}")
    with pytest.raises(ModelFolderError, match="far more than any model"):
        read_model_folder(folder)
