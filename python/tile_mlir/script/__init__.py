"""Script front-ends: `from tile_mlir.script import tirx as T`."""
