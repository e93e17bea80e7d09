"""The few ONNX protobuf messages the BERT builder writes, encoded without the ``onnx`` package.

An ONNX file is one protobuf ``ModelProto``. Writing one needs only the wire format (varints
and length-delimited fields) and the field numbers of ``onnx.proto3``, which are frozen by
ONNX's compatibility rules. Encoding them here keeps ``onnx`` (and its protobuf and
ml_dtypes dependencies, ~28 MB) out of the default install: ONNX Runtime parses the file.

Only what ``bert_onnx`` needs is covered: nodes with int, float and int-list attributes,
float32/int64 initializers as raw little-endian data, and tensor inputs/outputs whose
dimensions are numbers or symbolic names.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

IR_VERSION = 8      # ONNX 1.13+: enough for opset 18

# TensorProto.DataType
FLOAT = 1
INT64 = 7
_ELEMENT_TYPES = {np.dtype(np.float32): FLOAT, np.dtype(np.int64): INT64}

# AttributeProto.AttributeType
_ATTR_FLOAT, _ATTR_INT, _ATTR_INTS = 1, 2, 7

_VARINT, _FIXED32, _BYTES = 0, 5, 2


def _varint(value: int) -> bytes:
    if value < 0:          # int64 fields encode negatives as ten-byte two's complement
        value += 1 << 64
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _key(number: int, wire_type: int) -> bytes:
    return _varint(number << 3 | wire_type)


def _int(number: int, value: int) -> bytes:
    return _key(number, _VARINT) + _varint(value)


def _bytes(number: int, value: bytes) -> bytes:
    return _key(number, _BYTES) + _varint(len(value)) + value


def _str(number: int, value: str) -> bytes:
    return _bytes(number, value.encode())


def _float(number: int, value: float) -> bytes:
    return _key(number, _FIXED32) + struct.pack("<f", value)


def _packed_ints(number: int, values: Iterable[int]) -> bytes:
    return _bytes(number, b"".join(_varint(v) for v in values))


def attribute(name: str, value: int | float | Sequence[int]) -> bytes:
    """An AttributeProto: name=1, f=2, i=3, ints=8, type=20."""
    if isinstance(value, bool | int):
        return _str(1, name) + _int(3, int(value)) + _int(20, _ATTR_INT)
    if isinstance(value, float):
        return _str(1, name) + _float(2, value) + _int(20, _ATTR_FLOAT)
    return _str(1, name) + _packed_ints(8, [int(v) for v in value]) + _int(20, _ATTR_INTS)


def node(op_type: str, inputs: Sequence[str], outputs: Sequence[str], name: str = "",
         **attributes: int | float | Sequence[int]) -> bytes:
    """A NodeProto: input=1, output=2, name=3, op_type=4, attribute=5 (sorted, as onnx does)."""
    return (b"".join(_str(1, i) for i in inputs) + b"".join(_str(2, o) for o in outputs)
            + (_str(3, name) if name else b"") + _str(4, op_type)
            + b"".join(_bytes(5, attribute(k, v)) for k, v in sorted(attributes.items())))


def tensor(name: str, array: np.ndarray) -> bytes:
    """A TensorProto: dims=1, data_type=2, name=8, raw_data=9 (little-endian)."""
    array = np.ascontiguousarray(array)
    element = _ELEMENT_TYPES.get(array.dtype)
    if element is None:
        raise TypeError(f"initializer {name}: dtype {array.dtype} is not float32 or int64")
    dims = b"".join(_int(1, d) for d in array.shape)
    return dims + _int(2, element) + _str(8, name) + _bytes(9, array.astype(
        array.dtype.newbyteorder("<"), copy=False).tobytes())


def value_info(name: str, element_type: int, shape: Sequence[int | str]) -> bytes:
    """A ValueInfoProto (name=1, type=2) of a tensor TypeProto (tensor_type=1: elem_type=1,
    shape=2 of dims=1, each dim_value=1 or dim_param=2)."""
    dims = b"".join(_bytes(1, _str(2, d) if isinstance(d, str) else _int(1, d)) for d in shape)
    tensor_type = _int(1, element_type) + _bytes(2, dims)
    return _str(1, name) + _bytes(2, _bytes(1, tensor_type))


@dataclass
class Graph:
    """Nodes, initializers, inputs and outputs, serialised as a GraphProto inside a ModelProto."""

    name: str
    nodes: list[bytes] = field(default_factory=list)
    initializers: list[bytes] = field(default_factory=list)
    inputs: list[bytes] = field(default_factory=list)
    outputs: list[bytes] = field(default_factory=list)

    def model(self, opset: int, producer: str) -> bytes:
        """ModelProto: ir_version=1, producer_name=2, graph=7, opset_import=8 (domain "",
        version=2). GraphProto: node=1, name=2, initializer=5, input=11, output=12."""
        graph = (b"".join(_bytes(1, n) for n in self.nodes) + _str(2, self.name)
                 + b"".join(_bytes(5, t) for t in self.initializers)
                 + b"".join(_bytes(11, i) for i in self.inputs)
                 + b"".join(_bytes(12, o) for o in self.outputs))
        return (_int(1, IR_VERSION) + _str(2, producer) + _bytes(7, graph)
                + _bytes(8, _int(2, opset)))
