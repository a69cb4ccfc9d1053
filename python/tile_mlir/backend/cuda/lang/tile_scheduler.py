"""TIRx's tile schedulers (`tvm_tirx.backend.cuda.lang`'s
ClusterPersistentScheduler2D, FlashAttentionLinearScheduler and
FlashAttentionLPTScheduler), written for tile-mlir's front-end with the
same constructor arguments, methods and fields, and the same order of
tiles. Each holds int32 scalars of the thread: `linear_idx` (the work
item), and the tile's indices (`m_idx`, `n_idx`; `batch_idx`, `head_idx`,
`m_block_idx`). `init(id)` starts at work item `id`, `next_tile()` strides
by the number of clusters (CTAs), and `valid()` is whether the work item
is one of the grid's.

ClusterPersistentScheduler2D differs from TIRx 0.1.0a4 where that one is
wrong: its default (group-major) mode fails while TIRx traces it, and its
serpentine mode never visits the bottom strip of tiles below the full
swizzle blocks where there is also a right strip (it gives those work items
tile (0, 0) again). Here every tile is visited once, in TIRx's order
elsewhere, the bottom strip after the right one.
"""

from ....compiler import TileValueError
from ....script import tirx as T


def _max1(x):
    """max(x, 1) of a Python number or a kernel value."""
    return max(x, 1) if isinstance(x, int) else T.max(x, 1)


def _count(n, what):
    """A positive Python integer parameter."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise TileValueError(f"{what} must be a positive integer, got {n!r}")
    return n


@T.meta_class
class BaseTileScheduler:
    """The work item and its tile of a scheduler (see the module's text)."""

    def __init__(self, prefix=""):
        self.prefix = prefix
        self.m_idx = T.bind_(T.local_scalar("int32"))
        self.n_idx = T.bind_(T.local_scalar("int32"))
        self.linear_idx = T.bind_(T.local_scalar("int32"))

    def update_current_m_n_idx(self, linear_idx):
        """Sets the tile's indices of work item `linear_idx`."""

    def init(self, linear_init):
        self.linear_idx = linear_init
        self.update_current_m_n_idx(linear_init)

    def next_tile(self, step):
        self.linear_idx = self.linear_idx + step
        self.update_current_m_n_idx(self.linear_idx)

    def valid(self, total_tiles):
        return self.linear_idx < total_tiles


class ClusterPersistentScheduler2D(BaseTileScheduler):
    """A persistent kernel's clusters over a grid of num_m_tiles x
    num_n_tiles tiles (num_m_tiles may be a kernel value), cluster c taking
    work items c, c + num_clusters, ... Group-major order: groups of
    `l2_group_size` rows, row-major over groups, column-major inside one
    (the last group has the rows left). With `serpentine`, blocks of
    l2_group_size x l2_group_size tiles, row-major inside a block, the
    blocks column by column (down in even columns, up in odd ones), then
    the right strip of leftover columns (row-major) and the bottom strip of
    leftover rows (column-major). Work items are grouped by cluster_m x
    cluster_n: the tile of work item w is (row * cluster_m + w % cluster_m,
    col * cluster_n + w // cluster_m % cluster_n) where (row, col) is the
    position of w // (cluster_m * cluster_n) in that order."""

    def __init__(self, prefix, num_m_tiles, num_n_tiles, num_clusters,
                 l2_group_size=8, cluster_m=1, cluster_n=1,
                 serpentine=False):
        super().__init__(prefix)
        self._group = _count(l2_group_size, "l2_group_size")
        self._cm = _count(cluster_m, "cluster_m")
        self._cn = _count(cluster_n, "cluster_n")
        self._clusters = num_clusters
        self._serpentine = bool(serpentine)
        self._cols = -(-_count(num_n_tiles, "num_n_tiles") // self._cn)
        self._rows = (num_m_tiles + self._cm - 1) // self._cm
        self._total = self._rows * self._cols * self._cm * self._cn
        self.work_idx = self.linear_idx
        self.tile_count = T.bind_(T.local_scalar("int32"))

    @T.inline
    def _set(self, work, row, col):
        self.m_idx = row * self._cm + work % self._cm
        self.n_idx = col * self._cn + work // self._cm % self._cn

    def update_current_m_n_idx(self, work_idx):
        tile = work_idx // (self._cm * self._cn)
        if self._serpentine:
            self._serpentine_tile(work_idx, tile)
        else:
            self._group_major_tile(work_idx, tile)

    @T.inline
    def _group_major_tile(self, work, tile):
        g, cols = self._group, self._cols
        full = self._rows // g * g  # Rows in full groups.
        if tile < full * cols:
            self._set(work, tile // (g * cols) * g + tile % (g * cols) % g,
                      tile % (g * cols) // g)
        else:
            rest = tile - full * cols
            tail = _max1(self._rows - full)
            self._set(work, full + rest % tail, rest // tail)

    @T.inline
    def _serpentine_tile(self, work, tile):
        s, rows, cols = self._group, self._rows, self._cols
        mb, nb = rows // s, cols // s  # Full blocks down and across.
        right = cols - nb * s  # Columns of the right strip.
        blocks = mb * nb * s * s
        if tile < blocks:
            block = tile // (s * s)
            col = block // _max1(mb)
            down = block % _max1(mb)
            row = T.if_then_else(col % 2 == 0, down, mb - 1 - down)
            self._set(work, row * s + tile % (s * s) // s,
                      col * s + tile % s)
        elif tile < blocks + rows * right:
            rest = tile - blocks
            self._set(work, rest // _max1(right),
                      nb * s + rest % _max1(right))
        else:
            rest = tile - blocks - rows * right
            bottom = _max1(rows - mb * s)
            self._set(work, mb * s + rest % bottom, rest // bottom)

    def init(self, cluster_id):
        self.linear_idx = cluster_id
        self.tile_count = 0
        self.update_current_m_n_idx(cluster_id)

    def next_tile(self):
        self.next_tile_stride(self._clusters)

    def next_tile_stride(self, stride):
        self.linear_idx = self.linear_idx + stride
        self.tile_count = self.tile_count + 1
        self.update_current_m_n_idx(self.linear_idx)

    def valid(self):
        return self.linear_idx < self._total


class FlashAttentionLinearScheduler(BaseTileScheduler):
    """(batch, head, m_block) of work item w, m_block the fastest; CTAs
    stride by num_ctas."""

    def __init__(self, prefix, num_batches, num_heads, num_m_blocks,
                 num_ctas):
        super().__init__(prefix)
        self._heads = _count(num_heads, "num_heads")
        self._blocks = _count(num_m_blocks, "num_m_blocks")
        self._ctas = num_ctas
        self._total = _count(num_batches, "num_batches") * self._heads * \
            self._blocks
        self.batch_idx = T.bind_(T.local_scalar("int32"))
        self.head_idx = T.bind_(T.local_scalar("int32"))
        self.m_block_idx = T.bind_(T.local_scalar("int32"))

    def update_current_m_n_idx(self, linear_idx):
        per_batch = self._heads * self._blocks
        self.batch_idx = linear_idx // per_batch
        self.head_idx = linear_idx % per_batch // self._blocks
        self.m_block_idx = linear_idx % self._blocks

    def next_tile(self):
        super().next_tile(self._ctas)

    def valid(self):
        return self.linear_idx < self._total


class FlashAttentionLPTScheduler(FlashAttentionLinearScheduler):
    """Causal attention's order: the (batch * heads) pairs in groups of
    `l2_swizzle` (the last group has the pairs left), m_block outer inside
    a group and reversed (the blocks with the most work first). Without
    num_ctas, each CTA takes one work item."""

    def __init__(self, prefix, num_batches, num_heads, num_m_blocks,
                 l2_swizzle, num_ctas=None):
        super().__init__(prefix, num_batches, num_heads, num_m_blocks,
                         num_ctas)
        self._swizzle = _count(l2_swizzle, "l2_swizzle")

    @T.inline
    def update_current_m_n_idx(self, linear_idx):
        pairs, sw = self._total // self._blocks, self._swizzle
        group = linear_idx // (sw * self._blocks)
        at = linear_idx % (sw * self._blocks)
        width = T.if_then_else(group < pairs // sw, T.int32(sw),
                               T.int32(max(pairs % sw, 1)))
        pair = group * sw + at % width
        self.batch_idx = pair // self._heads
        self.head_idx = pair % self._heads
        self.m_block_idx = self._blocks - 1 - at // width

    def next_tile(self):
        if self._ctas is None:
            self.linear_idx = self._total
        else:
            super().next_tile()
