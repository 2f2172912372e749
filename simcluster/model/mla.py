"""Multi-head latent attention (DeepSeek-V2/V3, Megatron-Core's MLASelfAttention): closed forms.

Queries and keys/values are projected down to small latents (q_lora_rank, kv_lora_rank) by weights every
tensor-parallel rank holds whole ("duplicated": they run on the rank's own sequence share under sequence
parallel), normalized, then projected up per head by column-parallel weights: each head's query and key
have qk_head_dim content channels plus qk_pos_emb_head_dim rotary ones (the key's rotary part is one
shared vector per token, from the kv down projection), its value v_head_dim. The output projection is
row-parallel over heads x v_head_dim. Pure functions: the layer ops, memory and FLOP counts use them.
"""

from __future__ import annotations

from dataclasses import dataclass

from simcluster.config.schema import MLAConfig


@dataclass(frozen=True)
class MLA:
    """Latent attention's widths (Megatron-Core's MLATransformerConfig names). q_rank 0: no query latent
    (the query projected straight from h, as DeepSeek-V2-Lite)."""

    q_rank: int  # q_lora_rank
    kv_rank: int  # kv_lora_rank
    qk: int  # qk_head_dim: content channels of each head's query and key
    rope: int  # qk_pos_emb_head_dim: rotary channels (the key's shared by all heads)
    v: int  # v_head_dim

    @classmethod
    def of(cls, cfg: MLAConfig | None) -> MLA | None:
        if cfg is None:
            return None
        return cls(cfg.q_lora_rank or 0, cfg.kv_lora_rank, cfg.qk_head_dim, cfg.qk_pos_emb_head_dim, cfg.v_head_dim)

    @property
    def q_head(self) -> int:
        """Each head's query (and key) width."""
        return self.qk + self.rope

    def down_params(self, h: int) -> float:
        """The duplicated weights: q down (h x q_rank), kv down (h x (kv_rank + rope)), the latents' RMSNorms."""
        q = h * self.q_rank + self.q_rank if self.q_rank else 0.0
        return q + h * (self.kv_rank + self.rope) + self.kv_rank

    def up_params(self, h: int, heads: int) -> float:
        """The head-split weights (whole, before tensor parallel): q up (q_rank x heads q_head, or h x heads
        q_head without a query latent), kv up (kv_rank x heads (qk + v)), output (heads v x h)."""
        q_in = self.q_rank or h
        return q_in * heads * self.q_head + self.kv_rank * heads * (self.qk + self.v) + heads * self.v * h

    def params(self, h: int, heads: int) -> float:
        """All of one layer's attention parameters."""
        return self.down_params(h) + self.up_params(h, heads)


def mla_params(h: int, heads: int, q_rank: int, kv_rank: int, head_dim: int, rope_dim: int, v_dim: int) -> float:
    """One layer's latent-attention parameters from DeepSeek's published widths (`MLA.params`)."""
    return MLA(q_rank, kv_rank, head_dim, rope_dim, v_dim).params(h, heads)
