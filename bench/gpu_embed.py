"""Record embedding on one accelerator: sentences/s of the GPU embedder's model shape, by batch size.

    python bench/gpu_embed.py                                   # cuda when present, batch sizes 64,256,1024
    python bench/gpu_embed.py --device cpu --n 64 --batch-sizes 32    # smoke check anywhere

With CUDA a new index embeds with multilingual-e5-small at full precision through sentence-transformers
(tablerag.index.embed.DEFAULT_GPU_EMBEDDER). Its weights may not be on a lent machine (nothing is downloaded), so the
model here has its exact shape (12 layers, hidden 384, 12 heads, 1536 feed-forward, XLM-R vocabulary) with random
weights: the compute is the real one. Inputs are token ids of the length of typical record texts (row records of
TAT-QA reports: ~64 tokens). When the real weights are in the Hugging Face cache, run the end-to-end figure too:

    python bench/ingest.py --parts born --pages 200 --embedder auto

Writes bench/out/gpu_embed.json.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "bench" / "out" / "gpu_embed.json"
E5_SMALL = {  # multilingual-e5-small's config.json
    "vocab_size": 250037,
    "hidden_size": 384,
    "num_hidden_layers": 12,
    "num_attention_heads": 12,
    "intermediate_size": 1536,
    "max_position_embeddings": 512,
}
RECORD_TOKENS = 64  # a row record of a report table, in XLM-R tokens


def main() -> None:
    import torch
    from transformers import BertConfig, BertModel

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--n", type=int, default=20000, help="sentences per batch size")
    ap.add_argument("--batch-sizes", type=int, nargs="+", default=[64, 256, 1024])
    ap.add_argument("--fp16", action="store_true", help="half precision (vectors then differ slightly)")
    args = ap.parse_args()
    model = BertModel(BertConfig(**E5_SMALL)).eval().to(args.device)
    if args.fp16:
        model = model.half()
    results = []
    for bs in args.batch_sizes:
        ids = torch.randint(5, E5_SMALL["vocab_size"], (bs, RECORD_TOKENS), device=args.device)
        mask = torch.ones_like(ids)
        with torch.inference_mode():
            model(input_ids=ids, attention_mask=mask)  # warm-up
            if args.device.startswith("cuda"):
                torch.cuda.synchronize()
            t0, done = time.perf_counter(), 0
            while done < args.n:
                out = model(input_ids=ids, attention_mask=mask).last_hidden_state
                pooled = (out * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)  # mean pooling, as E5
                torch.nn.functional.normalize(pooled, dim=-1).float().cpu()
                done += bs
            wall = time.perf_counter() - t0
        results.append({"batch_size": bs, "sentences": done, "seconds": round(wall, 3), "per_s": round(done / wall)})
        print(json.dumps(results[-1]), flush=True)
    device = torch.cuda.get_device_name(0) if args.device.startswith("cuda") else "cpu"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"device": device, "fp16": args.fp16, "results": results}, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
