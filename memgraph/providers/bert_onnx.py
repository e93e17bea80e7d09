"""A sentence-transformers BERT model as one ONNX graph, built from its safetensors weights.

No torch: the weights are read with numpy (``read_safetensors``) and the encoder is written
node by node (``onnx_proto`` writes the protobuf), exactly as Hugging Face's ``BertModel`` computes
it (embeddings → N × [self-attention → add & LayerNorm → GELU feed-forward → add &
LayerNorm]), followed by the sentence-transformers head: mean (or CLS) pooling over the
attention mask and, when the model has a Normalize module, L2 normalisation. The graph
takes ``input_ids`` and ``attention_mask`` (int64, batch × sequence, both dynamic) and
returns ``sentence_embedding`` (float32, batch × hidden).

Only numpy is needed to build the graph and only ``onnxruntime`` to run it; the file is
built once and cached (providers/local_onnx.py).
"""

from __future__ import annotations

import json
import math
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np

from memgraph.errors import ConfigurationError
from memgraph.providers import onnx_proto

OPSET = 18          # LayerNormalization (17) and every Reduce* taking axes as an input (18)
OUTPUT = "sentence_embedding"
_DTYPES = {"F32": np.float32, "F16": np.float16, "BF16": None, "I64": np.int64}


@dataclass(frozen=True)
class BertSpec:
    """What the graph needs to know about one sentence-transformers BERT model."""

    layers: int
    hidden: int
    heads: int
    intermediate: int
    layer_norm_eps: float
    max_positions: int
    max_seq_length: int
    pooling: Literal["mean", "cls"]
    normalize: bool
    lowercase_input: bool   # sentence_bert_config's do_lower_case (applied before the tokenizer)

    @classmethod
    def read(cls, folder: Path) -> BertSpec:
        """From config.json, sentence_bert_config.json, modules.json and the pooling config;
        a model this builder cannot reproduce exactly is a ConfigurationError."""
        config = _json(folder / "config.json")
        if config.get("model_type") != "bert" or config.get("hidden_act", "gelu") != "gelu" \
                or config.get("position_embedding_type", "absolute") != "absolute":
            raise ConfigurationError(
                f"{folder} is not a BERT model with GELU and absolute positions "
                f"(model_type {config.get('model_type')!r}); the onnx backend builds only "
                "those: pip install 'memgraph[torch]' and set MEMGRAPH_EMBEDDING_BACKEND=torch")
        st_config = _json(folder / "sentence_bert_config.json", default={})
        tokenizer_config = _json(folder / "tokenizer_config.json", default={})
        max_positions = int(config["max_position_embeddings"])
        # sentence-transformers: max_seq_length when given, else the tokenizer's limit,
        # capped at the position table either way.
        max_seq = st_config.get("max_seq_length") or tokenizer_config.get("model_max_length")
        max_seq = min(int(max_seq or max_positions), max_positions)
        pooling, normalize = _head(folder)
        return cls(layers=int(config["num_hidden_layers"]), hidden=int(config["hidden_size"]),
                   heads=int(config["num_attention_heads"]),
                   intermediate=int(config["intermediate_size"]),
                   layer_norm_eps=float(config.get("layer_norm_eps", 1e-12)),
                   max_positions=max_positions, max_seq_length=max_seq, pooling=pooling,
                   normalize=normalize, lowercase_input=bool(st_config.get("do_lower_case")))


def _json(path: Path, default: Any = None) -> Any:
    if not path.exists():
        if default is not None:
            return default
        raise ConfigurationError(f"the embedding model has no {path.name} in {path.parent}")
    return json.loads(path.read_text(encoding="utf-8"))


def _head(folder: Path) -> tuple[Literal["mean", "cls"], bool]:
    """(pooling, normalise) from modules.json: Transformer → Pooling [→ Normalize] only."""
    modules = _json(folder / "modules.json")
    kinds = [m["type"].rsplit(".", 1)[-1] for m in modules]
    pooling_config = _json(folder / modules[1]["path"] / "config.json") \
        if kinds[1:2] == ["Pooling"] else {}
    modes = [mode for mode in ("mean", "cls", "max", "mean_sqrt_len")
             if pooling_config.get(f"pooling_mode_{mode}_tokens")
             or pooling_config.get(f"pooling_mode_{mode}_token")
             or pooling_config.get("pooling_mode") == mode]
    if kinds[:1] != ["Transformer"] or modes not in (["mean"], ["cls"]) \
            or kinds[2:] not in ([], ["Normalize"]):
        raise ConfigurationError(
            f"the onnx embedding backend supports Transformer → mean/cls Pooling → Normalize "
            f"models; {folder} is {' → '.join(kinds)} (pooling {modes}): "
            "pip install 'memgraph[torch]' and set MEMGRAPH_EMBEDDING_BACKEND=torch")
    return modes[0], kinds[2:] == ["Normalize"]   # type: ignore[return-value]


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """The tensors of a .safetensors file as numpy arrays (the format is an 8-byte header
    length, a JSON header of dtype/shape/offsets, then the raw little-endian data)."""
    data = np.memmap(path, dtype=np.uint8, mode="r")
    (header_len,) = struct.unpack("<Q", bytes(data[:8]))
    header = json.loads(bytes(data[8:8 + header_len]))
    body = 8 + header_len
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        dtype = _DTYPES.get(info["dtype"])
        if dtype is None:
            raise ConfigurationError(f"{path}: tensor {name} has unsupported dtype "
                                     f"{info['dtype']}")
        start, end = info["data_offsets"]
        raw = data[body + start:body + end]
        tensors[name] = np.frombuffer(raw, dtype=dtype).reshape(info["shape"]).astype(
            np.float32 if dtype is np.float16 else dtype)
    return tensors


def build_graph(folder: Path) -> bytes:
    """The serialised ONNX model of the sentence-transformers BERT model in ``folder``."""
    spec = BertSpec.read(folder)
    weights = read_safetensors(folder / "model.safetensors")
    # Checkpoints saved from BertModel have no "bert." prefix; from BertFor* they do.
    weights = {k.removeprefix("bert."): v for k, v in weights.items()}
    return _Builder(spec, weights).model()


class _Builder:
    def __init__(self, spec: BertSpec, weights: dict[str, np.ndarray]) -> None:
        self.spec, self.weights = spec, weights
        self.graph = onnx_proto.Graph("sentence_bert")
        self._count = 0

    # -- small helpers ---------------------------------------------------------------------

    def _name(self, hint: str) -> str:
        self._count += 1
        return f"{hint}_{self._count}"

    def op(self, op_type: str, inputs: list[str], hint: str = "", **attrs: Any) -> str:
        out = self._name(hint or op_type.lower())
        self.graph.nodes.append(onnx_proto.node(op_type, inputs, [out], **attrs))
        return out

    def const(self, value: Any, hint: str = "c") -> str:
        name = self._name(hint)
        self.graph.initializers.append(onnx_proto.tensor(name, np.asarray(value)))
        return name

    def weight(self, key: str, transpose: bool = False) -> str:
        if key not in self.weights:
            raise ConfigurationError(f"the embedding model's weights have no tensor {key}")
        value = np.ascontiguousarray(self.weights[key].T if transpose else self.weights[key])
        return self.const(value.astype(np.float32), key.replace(".", "_"))

    def linear(self, x: str, prefix: str) -> str:
        """x @ W.T + b, W stored (out, in) as in torch.nn.Linear."""
        y = self.op("MatMul", [x, self.weight(f"{prefix}.weight", transpose=True)])
        return self.op("Add", [y, self.weight(f"{prefix}.bias")])

    def layer_norm(self, x: str, prefix: str) -> str:
        return self.op("LayerNormalization",
                       [x, self.weight(f"{prefix}.weight"), self.weight(f"{prefix}.bias")],
                       axis=-1, epsilon=self.spec.layer_norm_eps)

    # -- the model -------------------------------------------------------------------------

    def model(self) -> bytes:
        spec, graph = self.spec, self.graph
        graph.inputs = [onnx_proto.value_info(name, onnx_proto.INT64, ["batch", "sequence"])
                        for name in ("input_ids", "attention_mask")]
        graph.outputs = [onnx_proto.value_info(OUTPUT, onnx_proto.FLOAT,
                                               ["batch", spec.hidden])]

        mask_f = self.op("Cast", ["attention_mask"], "mask_f", to=onnx_proto.FLOAT)
        x = self.embeddings()
        bias = self.attention_bias(mask_f)
        for i in range(spec.layers):
            x = self.encoder_layer(x, bias, f"encoder.layer.{i}")
        pooled = self.pool(x, mask_f)
        if spec.normalize:
            pooled = self.l2_normalize(pooled)
        graph.nodes.append(onnx_proto.node("Identity", [pooled], [OUTPUT]))
        return graph.model(opset=OPSET, producer="memgraph")

    def embeddings(self) -> str:
        """word + position + token type 0 (single sentences), then LayerNorm."""
        words = self.op("Gather", [self.weight("embeddings.word_embeddings.weight"),
                                   "input_ids"], "words")
        shape = self.op("Shape", ["input_ids"], "ids_shape")
        length = self.op("Slice", [shape, self.const(np.array([1])), self.const(np.array([2]))],
                         "seq_len")
        positions = self.op("Slice", [self.weight("embeddings.position_embeddings.weight"),
                                      self.const(np.array([0])), length,
                                      self.const(np.array([0]))], "positions")
        token_type = self.const(
            self.weights["embeddings.token_type_embeddings.weight"][0].astype(np.float32),
            "token_type_0")
        summed = self.op("Add", [self.op("Add", [words, positions]), token_type])
        return self.layer_norm(summed, "embeddings.LayerNorm")

    def attention_bias(self, mask_f: str) -> str:
        """(1 - mask) × float32 min, shaped batch × 1 × 1 × sequence, as BertModel does."""
        inverted = self.op("Sub", [self.const(np.float32(1.0)), mask_f])
        scaled = self.op("Mul", [inverted, self.const(np.finfo(np.float32).min)])
        return self.op("Unsqueeze", [scaled, self.const(np.array([1, 2]))], "attn_bias")

    def encoder_layer(self, x: str, bias: str, prefix: str) -> str:
        attended = self.self_attention(x, bias, f"{prefix}.attention.self")
        projected = self.linear(attended, f"{prefix}.attention.output.dense")
        x = self.layer_norm(self.op("Add", [projected, x]), f"{prefix}.attention.output.LayerNorm")
        inner = self.gelu(self.linear(x, f"{prefix}.intermediate.dense"))
        out = self.linear(inner, f"{prefix}.output.dense")
        return self.layer_norm(self.op("Add", [out, x]), f"{prefix}.output.LayerNorm")

    def self_attention(self, x: str, bias: str, prefix: str) -> str:
        heads, size = self.spec.heads, self.spec.hidden // self.spec.heads
        split = self.const(np.array([0, 0, heads, size]))   # 0 = copy batch, sequence

        def by_head(name: str, perm: list[int]) -> str:
            projected = self.linear(x, f"{prefix}.{name}")
            return self.op("Transpose", [self.op("Reshape", [projected, split])], name,
                           perm=perm)

        query = by_head("query", [0, 2, 1, 3])     # batch × heads × sequence × size
        key = by_head("key", [0, 2, 3, 1])         # batch × heads × size × sequence
        value = by_head("value", [0, 2, 1, 3])
        scores = self.op("Div", [self.op("MatMul", [query, key]),
                                 self.const(np.float32(math.sqrt(size)))])
        probs = self.op("Softmax", [self.op("Add", [scores, bias])], axis=-1)
        context = self.op("Transpose", [self.op("MatMul", [probs, value])], perm=[0, 2, 1, 3])
        return self.op("Reshape", [context, self.const(np.array([0, 0, self.spec.hidden]))])

    def gelu(self, x: str) -> str:
        """The exact (erf) GELU of BertModel's "gelu": 0.5 x (1 + erf(x / √2))."""
        erf = self.op("Erf", [self.op("Div", [x, self.const(np.float32(math.sqrt(2.0)))])])
        inner = self.op("Add", [erf, self.const(np.float32(1.0))])
        return self.op("Mul", [self.op("Mul", [x, inner]), self.const(np.float32(0.5))])

    def pool(self, tokens: str, mask_f: str) -> str:
        if self.spec.pooling == "cls":
            first = self.op("Gather", [tokens, self.const(np.array(0))], "cls", axis=1)
            return first
        expanded = self.op("Unsqueeze", [mask_f, self.const(np.array([2]))])
        summed = self.op("ReduceSum", [self.op("Mul", [tokens, expanded]),
                                       self.const(np.array([1]))], keepdims=0)
        counts = self.op("ReduceSum", [expanded, self.const(np.array([1]))], keepdims=0)
        counts = self.op("Max", [counts, self.const(np.float32(1e-9))])
        return self.op("Div", [summed, counts], "mean")

    def l2_normalize(self, x: str) -> str:
        """x / max(‖x‖, 1e-12), as torch.nn.functional.normalize."""
        norm = self.op("ReduceL2", [x, self.const(np.array([1]))], keepdims=1)
        return self.op("Div", [x, self.op("Max", [norm, self.const(np.float32(1e-12))])])
