"""Dropout (`model.hidden_dropout`, `model.attention_dropout`) against closed forms: at 0 PyTorch's dropout
returns its input, so the residual add writes and keeps no mask (its backward, the residual gradients' sum,
reads none), the embedding runs no dropout kernel, and eager attention keeps only its softmax output."""

from __future__ import annotations

import pytest

from simcluster.config.loader import check_semantics, parse_scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import load_profile
from simcluster.model.costs import CostModel
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.megatron import MegatronScheme
from simcluster.parallel.optimus import OptimusScheme
from tests.conftest import small_scenario

PROFILES = {"dgx-a100": load_profile("dgx-a100"), "dgx-h100": load_profile("dgx-h100")}


def scheme_of(t: int, dropout: float, attention: str = "eager", scheme: str = "megatron-sp"):
    hw = PROFILES["dgx-h100" if attention == "flash" else "dgx-a100"]
    doc = small_scenario(
        parallelism={"scheme": scheme, "tensor": t},
        model={
            "layers": 2, "hidden": 1024, "heads": 16, "seq_len": 256, "vocab": 512 * t, "attention": attention,
            "hidden_dropout": dropout, "attention_dropout": dropout,
        },
        training={"global_batch": 2, "micro_batch": 2, "precision": "bf16"},
    )  # fmt: skip
    sc = parse_scenario({**doc, "hardware": hw.name})
    check_semantics(sc, hw)
    d = Dims.of(sc)
    ops = OpFactory(CostModel(hw, "bf16"))
    if scheme == "optimus":
        return OptimusScheme(d, ops, RankLayout(tp=t, dp=1, pp=1)), d
    return MegatronScheme(d, ops, RankLayout(tp=t, dp=1, pp=1), sp=scheme == "megatron-sp"), d


@pytest.mark.parametrize("t", [1, 4])
def test_no_hidden_dropout_drops_the_masks_and_the_residual_backward(t):
    (drop, d), (none, _) = scheme_of(t, 0.1), scheme_of(t, 0.0)
    tok_h = d.b * d.s * d.h / t  # sequence parallel: each rank's s / t tokens
    names = lambda ops: [o.name for o in ops]  # noqa: E731
    l1, l0 = drop.layer(0), none.layer(0)
    for ops in (l1.forward, l1.backward, l0.forward, l0.backward):
        adds = [o for o in ops if "bias_dropout_add" in o.name]
        assert len(adds) == 2
        assert {o.bytes for o in adds} == {tok_h * (3 * d.e + (1 if ops in (l1.forward, l1.backward) else 0))}
    assert not [n for n in names(l0.forward + l0.backward) if n.startswith("attn.dropout")]
    # the two masks (1 byte each) and, eager, the attention dropout's output and mask per score
    scores = (d.e + 1) * d.a * d.s * d.s * d.b / t
    assert drop.layer_activation_bytes("none") - none.layer_activation_bytes("none") == pytest.approx(
        2 * tok_h + scores, rel=1e-12
    )
    assert drop.layer_activation_bytes("selective") - none.layer_activation_bytes("selective") == pytest.approx(
        2 * tok_h, rel=1e-12
    )
    e1, e0 = drop.edges(0), none.edges(0)
    assert "embed.dropout" in names(e1.embed_forward) and "embed.dropout" not in names(e0.embed_forward)
    assert "embed.dropout.bwd" not in names(e0.embed_backward)
    assert drop.edge_activation_bytes(True, False) - none.edge_activation_bytes(True, False) == pytest.approx(
        (d.e + 1) * tok_h
    )


def test_no_attention_dropout_runs_no_dropout_kernel_in_eager_attention():
    (drop, _), (none, _) = scheme_of(1, 0.1), scheme_of(1, 0.0)
    for ops in (drop.layer(0).forward, drop.layer(0).backward):
        assert any(o.name.startswith("attn.dropout") for o in ops)
    for ops in (none.layer(0).forward, none.layer(0).backward):
        assert not any(o.name.startswith("attn.dropout") for o in ops)
    # a fused kernel is priced from its table either way: the same attention ops
    (fd, _), (fn, _) = scheme_of(1, 0.1, "flash"), scheme_of(1, 0.0, "flash")
    assert [o for o in fd.layer(0).forward if o.name.startswith("attn.flash")] == [
        o for o in fn.layer(0).forward if o.name.startswith("attn.flash")
    ]


def test_optimus_follows_the_same_rule():
    (drop, d), (none, _) = scheme_of(4, 0.1, scheme="optimus"), scheme_of(4, 0.0, scheme="optimus")
    p = 4
    sbh = d.s * d.b * d.h
    scores = (d.e + 1) * d.a * d.s * d.s * d.b
    assert drop.layer_activation_bytes("none") - none.layer_activation_bytes("none") == pytest.approx(
        (2 * sbh + scores) / p, rel=1e-12
    )
    assert not [o for o in none.layer(0).backward if o.name.startswith("attn.dropout")]


@pytest.mark.parametrize("value", [-0.1, 1.0, float("nan"), float("inf"), "x"])
def test_dropout_out_of_range_is_one_line(value):
    doc = small_scenario(model={"hidden_dropout": value})
    with pytest.raises(ConfigError) as e:
        parse_scenario(doc)
    assert e.value.field == "model.hidden_dropout" and "\n" not in str(e.value)
