"""How a pipeline splits the transformer layers over its model chunks (pure arithmetic)."""

from __future__ import annotations


def chunk_sizes(layers: int, chunks: int, emb: bool, loss: bool, first: int | None, last: int | None) -> list[int]:
    """Transformer layers per model chunk in pipeline order (chunk c of stage s is number c p + s). Even
    split; or Megatron's uneven ones: the embedding and the loss each count as a layer
    (--account-for-*-in-pipeline-split: the first and last chunks hold one fewer), or the first and last
    chunks hold given counts (--decoder-first/last-pipeline-num-layers) and the others share the rest.
    None where the layers do not split that way."""
    if first is not None or last is not None:
        inner = chunks - (first is not None) - (last is not None)
        rest = layers - (first or 0) - (last or 0)
        if rest < 0 or (inner == 0 and rest) or (inner and rest % inner):
            return None  # type: ignore[return-value]
        per = rest // inner if inner else 0
        sizes = [per] * chunks
        if first is not None:
            sizes[0] = first
        if last is not None:
            sizes[-1] = last
        return sizes
    total = layers + emb + loss
    if total % chunks:
        return None  # type: ignore[return-value]
    per = total // chunks
    sizes = [per] * chunks
    sizes[0] -= emb
    sizes[-1] -= loss
    return sizes if min(sizes) >= 0 else None  # type: ignore[return-value]
