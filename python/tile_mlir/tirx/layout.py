"""`from tile_mlir.tirx.layout import S, TileLayout` (TIRx's
`tvm_tirx.tirx.layout`)."""

from ..script._views import AxisNamespace, SpecMaker, TileLayout  # noqa: F401

S = SpecMaker()
Axis = AxisNamespace()
