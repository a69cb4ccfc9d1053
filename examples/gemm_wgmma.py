#!/usr/bin/env python3
"""Writes examples/gemm_wgmma.mlir: a warp-specialized bf16 GEMM in tile IR
on the Hopper asynchronous path (sm_90a).

    C (bf16, M x N) = A (bf16, M x K, row-major) * Bt (bf16, N x K, row-major)^T

with f32 accumulation. The design:

- The output's BM x BN tiles go to CTAs in turn: CTA b computes tiles b,
  b + grid, b + 2 grid, ... (launched with one CTA per tile, each computes
  one; launched with one CTA per SM, the kernel is persistent). Tiles are
  ordered in groups of `group_m` tile rows, column by column within a group,
  so that the CTAs running together share their operands in L2.
- Three warpgroups. Warpgroup 0 is the producer: one thread loads each
  k tile of BK = 64 (or 32) columns of A (BM rows) and Bt (BN rows) with two TMA
  copies (cp.async.bulk.tensor, the 128-byte swizzle; 64-byte for BK 32) into a ring of STAGES
  stages, completing on the stage's `full` mbarrier (arrive.expect_tx with
  the two boxes' bytes). Before reusing a stage it waits for the stage's
  `empty` mbarrier. It runs ahead across tiles while the consumers store.
- Warpgroups 1 and 2 are consumers: each owns BM / 2 = 64 rows. Per k tile
  it waits for `full`, issues BK / 16 wgmma.mma_async m64nBNk16 from
  shared-memory descriptors (tile.wgmma_desc, the same swizzle, SBO the
  bytes of 8 rows),
  commits, waits for the group before the last one (the group of the
  previous k tile) and then releases the previous k tile's stage: lane 0
  of each consumer warp arrives on its `empty` barrier (8 arrivals). After
  a tile's last k tile it waits for every group and releases that stage.
- Epilogue: each consumer thread rounds its accumulators to bf16
  (cvt.rn.bf16x2.f32). By default (--epilogue tma) each consumer warp
  then writes its 16 rows, 64 columns at a time, with four stmatrix .x4
  into a 16 x 64 staging buffer under the 128-byte swizzle (the lanes'
  row addresses carry the swizzle), fences it for the async proxy, meets
  (bar.warp.sync), and lane 0 stores the buffer with a TMA tensor store
  (cp.async.bulk.tensor global.shared::cta, one bulk group each) through
  C's tensor map. Each warp alternates between two buffers; before
  writing one, lane 0 waits until at most one store is still reading
  (cp.async.bulk.wait_group.read 1). With --epilogue st the threads store
  the words with st.global.b32 instead. The next tile starts with a first
  wgmma with scale-d false.
- Registers: with the TMA-store epilogue (or --setmaxnreg) the producer
  warpgroup lowers its budget to 40 registers and the consumers raise
  theirs to 232 (setmaxnreg); without it ptxas spills the epilogue's
  addresses (168 registers a thread for 384 threads).
- Every k tile's wgmmas follow a wgmma.fence: the ISA needs one before the
  first wgmma and after the epilogue read the accumulators, and ptxas
  injects one into a loop whose body has none (C7519).

Stages and parities: the ring is shared by all of a CTA's tiles, so the
k tile kt of the CTA's i-th tile is its (i KT + kt)-th, which uses stage
(i KT + kt) % STAGES in round (i KT + kt) / STAGES. `full` completes once
per round, so a consumer waits for parity round & 1, and the producer, for
`empty`, the opposite parity (a fresh barrier counts the phase before its
first as complete).

Shared memory (dynamic, aligned to 1024 bytes at run time for the swizzle):
A stages, then Bt stages, then (TMA-store epilogue) the 8 consumer warps'
2 x 2 KiB staging buffers, then the 2 x STAGES barriers; at most 227 KiB.

`python3 examples/gemm_wgmma.py > examples/gemm_wgmma.mlir` (the checked-in
file; test/Examples/gemm-wgmma-generated.test keeps them equal). With
--no-main it writes the kernel module alone, for bench/gemm_wgmma.py.
"""
import argparse
import json
import os
from dataclasses import dataclass

BM = 128
CONSUMERS = 2
THREADS = 128 * (CONSUMERS + 1)
# The TMA-store epilogue: each consumer warp stages its 16 rows of C, 64
# columns (one 128-byte swizzle row of bf16) at a time, in two buffers of
# 16 x 64 bf16 that it alternates between.
STAGE_ROWS, STAGE_COLS = 16, 64
BUFFER_ELEMS = STAGE_ROWS * STAGE_COLS
STAGING_BYTES = 4 * CONSUMERS * 2 * BUFFER_ELEMS * 2
# The dynamic shared memory a CTA may have on sm_90 (227 KiB).
MAX_SHARED = 232448


@dataclass
class Design:
    """The kernel's parameters: tile columns, ring stages, k-tile depth
    (64: rows of 128 bytes under the 128-byte swizzle; 32: rows of 64
    bytes under the 64-byte swizzle) and tile rows per group of the tile
    order."""
    bn: int = 256
    stages: int = 4
    bk: int = 64
    group_m: int = 8
    dtype: str = "bf16"
    cluster: int = 1
    epilogue: str = "tma"
    setmaxnreg: bool = False
    split_k: int = 1
    grid_constant: bool = False

    @property
    def map_attrs(self):
        """The attributes every map parameter carries: passed by value
        (`tile.grid_constant`, CUDA's `__grid_constant__ const
        CUtensorMap`) with --grid-constant, else a pointer to device
        memory."""
        return ", tile.grid_constant" if self.grid_constant else ""

    @property
    def tma_store(self):
        """C leaves through stmatrix into shared memory and TMA stores."""
        return self.epilogue == "tma" and self.split_k == 1

    @property
    def split(self):
        """K is split among split_k units of work per output tile; each
        stores its f32 partial sums and @splitk_sum adds them."""
        return self.split_k > 1

    @property
    def split_registers(self):
        """The producer warpgroup gives registers to the consumers
        (setmaxnreg): the TMA-store epilogue spills without."""
        return self.setmaxnreg or self.tma_store

    @property
    def elt_bytes(self):
        return 2 if self.dtype == "bf16" else 1

    @property
    def elt(self):
        """The element type of the shared-memory views (e4m3 as bytes)."""
        return "bf16" if self.dtype == "bf16" else "i8"

    @property
    def mma_k(self):
        """The k of one wgmma.mma_async: 32 bytes of a row."""
        return 32 // self.elt_bytes

    @property
    def mma(self):
        return (f"wgmma.mma_async.sync.aligned.m64n{self.bn}k{self.mma_k}."
                f"f32.{self.dtype}.{self.dtype}")

    @property
    def row_bytes(self):
        return self.bk * self.elt_bytes

    @property
    def swizzle(self):
        """The swizzle whose rows are the tile's rows (the table's name)."""
        return f"{self.row_bytes}B"

    def smem_layout(self, rows):
        """The #tile.smem_layout of a rows x bk tile: what the tensor map
        writes and the descriptors read."""
        return (f"#tile.smem_layout<{rows}x{self.bk}x{self.elt}, "
                f'swizzle = "{self.swizzle}">')


class Emitter:
    """Lines of MLIR with fresh SSA names and shared constants."""

    def __init__(self, indent):
        self.lines = []
        self.indent = indent
        self.count = 0

    def line(self, text):
        self.lines.append(" " * self.indent + text)

    def fresh(self, hint="v"):
        self.count += 1
        return f"%{hint}{self.count}"

    def op(self, text, hint="v"):
        name = self.fresh(hint)
        self.line(f"{name} = {text}")
        return name

    def push(self):
        self.indent += 2

    def pop(self):
        self.indent -= 2


def layout(d):
    """Byte offsets (from the aligned base) of the shared-memory regions:
    A's stages, Bt's stages, the consumer warps' staging buffers of C (TMA
    store epilogue), the barriers."""
    bn, stages = d.bn, d.stages
    a_stage = BM * d.row_bytes
    b_stage = bn * d.row_bytes
    b0 = stages * a_stage
    bars = b0 + stages * b_stage + (STAGING_BYTES if d.tma_store else 0)
    total = 1024 + bars + 16 * stages
    return a_stage, b_stage, b0, bars, total


def staging(d):
    """The byte offset of the staging buffers (after Bt's stages)."""
    return d.stages * (BM + d.bn) * d.row_bytes


def emit_wait(e, bar, parity):
    """Spins on mbarrier.try_wait.parity until `bar` completes `parity`."""
    p = e.op("tile.alloc_local : memref<1xi1, #tile.reg>", "p")
    e.line("scf.while : () -> () {")
    e.push()
    e.line(f'tile.apply "mbarrier.try_wait.parity.shared::cta.b64" ({p}, '
           f"{bar}, {parity}) scope(thread) : memref<1xi1, #tile.reg>, "
           "!Bar, i32")
    done = e.op(f"memref.load {p}[%c0] : memref<1xi1, #tile.reg>", "done")
    again = e.op(f"arith.xori {done}, %true : i1", "again")
    e.line(f"scf.condition({again})")
    e.pop()
    e.line("} do {")
    e.line("  scf.yield")
    e.line("}")


def emit_bar(e, index):
    """The mbarrier at slot `index` (an index value) of the barrier array."""
    return e.op(f"memref.reinterpret_cast %bars to offset: [{index}], "
                "sizes: [1], strides: [1] : !Bars to !Bar", "bar")


def emit_stage(e):
    """(stage, parity) of k tile %kt of the CTA's current tile: its running
    k-tile count %it0 + %kt goes round the ring."""
    it = e.op("arith.addi %it0, %kt : index", "it")
    s = e.op(f"arith.remui {it}, %cST : index", "s")
    r = e.op(f"arith.divui {it}, %cST : index", "r")
    r32 = e.op(f"arith.index_cast {r} : index to i32", "r")
    ph = e.op(f"arith.andi {r32}, %one : i32", "ph")
    return s, ph


def emit_tile_loop(e, d):
    """Opens the loop over this CTA's output tiles and defines the tile's
    rows %bm, columns %bn (and as i32) and running k-tile count %it0. The
    loop goes over units of `cluster` tiles along M (%t = unit %unit,
    %unit + %units, ...), one per cluster; a CTA's tile is its rank's in
    the unit. Units go in groups of group_m unit rows, column by column
    within a group, so that CTAs running together share operands in L2."""
    e.line("scf.for %t = %unit to %U step %units {")
    e.push()
    e.line("%i = arith.subi %t, %unit : index")
    e.line("%li = arith.divui %i, %units : index")
    e.line("%it0 = arith.muli %li, %KT : index")
    t = "%t"
    if d.split:
        # Unit %t is part %sidx of tile %tt: its k tiles start at %ks0.
        e.line("%tt = arith.remui %t, %Utiles : index")
        e.line("%sidx = arith.divui %t, %Utiles : index")
        e.line("%ks0 = arith.muli %sidx, %KT : index")
        t = "%tt"
    e.line(f"%group = arith.divui {t}, %width : index")
    e.line("%fm = arith.muli %group, %cGM : index")
    e.line("%left = arith.subi %UM, %fm : index")
    e.line("%gsize = arith.minui %left, %cGM : index")
    e.line(f"%inner = arith.remui {t}, %width : index")
    e.line("%dm = arith.remui %inner, %gsize : index")
    e.line("%um = arith.addi %fm, %dm : index")
    e.line("%tn = arith.divui %inner, %gsize : index")
    e.line(f"%um2 = arith.muli %um, %c{d.cluster} : index")
    e.line("%tm = arith.addi %um2, %rank : index")
    e.line("%bm = arith.muli %tm, %c128 : index")
    e.line("%bn = arith.muli %tn, %cBN : index")
    e.line("%bm32 = arith.index_cast %bm : index to i32")
    e.line("%bmh32 = arith.addi %bm32, %c64_i32 : i32")
    e.line("%bn32 = arith.index_cast %bn : index to i32")
    # This CTA's share of Bt's rows (all of them without a cluster).
    e.line(f"%bnr = arith.addi %bn, %shareRows : index")
    e.line("%bnr32 = arith.index_cast %bnr : index to i32")


def close(e):
    e.pop()
    e.line("}")


def emit_producer(e, d):
    bn = d.bn
    a_stage, b_stage, b0, _, _ = layout(d)
    emit_tile_loop(e, d)
    e.line("scf.for %kt = %c0 to %KT step %c1 {")
    e.push()
    s, ph = emit_stage(e)
    eph = e.op(f"arith.xori {ph}, %one : i32", "eph")
    es = e.op(f"arith.addi {s}, %cST : index", "es")
    empty = emit_bar(e, es)
    emit_wait(e, empty, eph)
    full = emit_bar(e, s)
    st = e.op("tile.alloc_local : memref<1xi64, #tile.reg>", "st")
    e.line(f'tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" ({st}, '
           f"{full}, %txbytes) scope(thread) : memref<1xi64, #tile.reg>, "
           "!Bar, i32")
    kt = "%kt"
    if d.split:
        kt = e.op("arith.addi %kt, %ks0 : index", "kt")
    k64 = e.op(f"arith.muli {kt}, %c{d.bk} : index", "k")
    kx = e.op(f"arith.index_cast {k64} : index to i32", "kx")
    # A's rows of this CTA's tile; Bt's rows of the cluster's tiles, each
    # CTA loading its share of them into the same place of every CTA of the
    # cluster (multicast).
    copy = ("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
            "mbarrier::complete_tx::bytes")
    # A's tile is one #LA tile per consumer warpgroup (64 rows each).
    shares = (("A", 64, a_stage, "%bm32", "%c0", copy, ""),
              ("A", 64, a_stage, "%bmh32", f"%c{64 * d.bk}", copy, ""),
              ("B", bn // d.cluster, b_stage, "%bnr32", "%eBr",
               copy + (".multicast::cluster" if d.cluster > 1 else ""),
               ", %mask" if d.cluster > 1 else ""))
    for name, rows, stride, row0, share, opcode, mask in shares:
        at = e.op("tile.alloc_local : !C2", "at")
        e.line(f"memref.store {kx}, {at}[%c0] : !C2")
        e.line(f"memref.store {row0}, {at}[%c1] : !C2")
        so = e.op(f"arith.muli {s}, %c{stride // d.elt_bytes} : index",
                  "so")
        eo0 = e.op(f"arith.addi {so}, %e{name} : index", "eo")
        eo = e.op(f"arith.addi {eo0}, {share} : index", "eo")
        box = e.op(f"memref.reinterpret_cast %sbf to offset: [{eo}], "
                   f"sizes: [{rows * d.bk}], strides: [1] : !Sbf to !Box{name}",
                   "box")
        e.line(f'tile.apply "{opcode}" ({box}, %map{name}, {at}, {full}'
               f"{mask}) scope(thread) : !Box{name}, !Map, !C2, !Bar"
               f"{', i16' if mask else ''}")
    close(e)
    close(e)


def emit_mma_step(e, d, s, first):
    """The BK / 16 wgmma.mma_async of k tile in stage `s`."""
    bn, bk = d.bn, d.bk
    a_stage, b_stage, _, _, _ = layout(d)
    eb_ = d.elt_bytes
    sa = e.op(f"arith.muli {s}, %c{a_stage // eb_} : index", "sa")
    ea = e.op(f"arith.addi {sa}, %eAc : index", "ea")
    sb = e.op(f"arith.muli {s}, %c{b_stage // eb_} : index", "sb")
    eb = e.op(f"arith.addi {sb}, %eB : index", "eb")
    # This consumer's #LA tile and the stage's #LB tile; one descriptor of
    # each per k step.
    va = e.op(f"memref.reinterpret_cast %sbf to offset: [{ea}], "
              f"sizes: [64, {bk}], strides: [{bk}, 1] : !Sbf to !DA", "va")
    vb = e.op(f"memref.reinterpret_cast %sbf to offset: [{eb}], "
              f"sizes: [{bn}, {bk}], strides: [{bk}, 1] : !Sbf to !DB", "vb")
    for kk in range(bk // d.mma_k):
        k0 = d.mma_k * kk
        da = e.op(f"tile.smem_desc {va} at [0, {k0}] box [64, {d.mma_k}] "
                  "major(k) layout(#LA) : !DA", "da")
        db = e.op(f"tile.smem_desc {vb} at [0, {k0}] box [{bn}, {d.mma_k}] "
                  "major(k) layout(#LB) : !DB", "db")
        scale = first if kk == 0 else "%true"
        # imm-trans-a/b (0: K-major) exist for the 16-bit types only.
        trans = (", %zero, %zero", ", i32, i32") if d.elt_bytes == 2 else \
            ("", "")
        e.line(f'tile.apply "{d.mma}" (%d, {da}, {db}, {scale}, %one, %one'
               f"{trans[0]}) scope(warpgroup) : !D, i64, i64, i1, i32, i32"
               f"{trans[1]}")


def emit_release(e, d, s):
    """Lane 0 of each consumer warp arrives on stage `s`'s empty barrier."""
    e.line("scf.if %lane0 {")
    e.push()
    es = e.op(f"arith.addi {s}, %cST : index", "es")
    empty = emit_bar(e, es)
    st = e.op("tile.alloc_local : memref<1xi64, #tile.reg>", "st")
    e.line(f'tile.apply "mbarrier.arrive.shared::cta.b64" ({st}, {empty}) '
           "scope(thread) : memref<1xi64, #tile.reg>, !Bar")
    # The other CTAs of the cluster write this stage too (multicast): the
    # release goes to their barriers as well.
    for peer in range(1, d.cluster):
        pr = e.op(f"arith.addi %rank32, %c{peer}_i32 : i32", "pr")
        prr = e.op(f"arith.remui {pr}, %cluster32 : i32", "prr")
        ra = e.op("tile.alloc_local : memref<1xi64, #tile.reg>", "ra")
        e.line(f'tile.apply "mapa.shared::cluster.u64" ({ra}, {empty}, {prr})'
               " scope(thread) : memref<1xi64, #tile.reg>, !Bar, i32")
        e.line(f'tile.apply "mbarrier.arrive.shared::cluster.b64" ({ra}) '
               "scope(thread) : memref<1xi64, #tile.reg>")
    e.pop()
    e.line("}")


def emit_consumer(e, d):
    emit_tile_loop(e, d)
    e.line("scf.for %kt = %c0 to %KT step %c1 {")
    e.push()
    s, ph = emit_stage(e)
    full = emit_bar(e, s)
    emit_wait(e, full, ph)
    # In the loop body: ptxas injects a fence into a loop with none (C7519).
    e.line('tile.apply "wgmma.fence.sync.aligned" () scope(thread)')
    first = e.op("arith.cmpi ne, %kt, %c0 : index", "acc")
    emit_mma_step(e, d, s, first)
    e.line('tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)')
    # Keep this k tile's group in flight; the previous one is done, so its
    # stage goes back to the producer.
    e.line('tile.apply "wgmma.wait_group.sync.aligned" (%one) '
           "scope(thread) : i32")
    # Not the tile's first k tile: the same test as scale-d's.
    e.line(f"scf.if {first} {{")
    e.push()
    pit = e.op("arith.addi %it0, %kt : index", "pit")
    pk = e.op(f"arith.subi {pit}, %c1 : index", "pk")
    ps = e.op(f"arith.remui {pk}, %cST : index", "ps")
    emit_release(e, d, ps)
    close(e)
    close(e)
    e.line('tile.apply "wgmma.wait_group.sync.aligned" (%zero) '
           "scope(thread) : i32")
    # The tile's last stage.
    lit = e.op("arith.addi %it0, %KT : index", "lit")
    lk = e.op(f"arith.subi {lit}, %c1 : index", "lk")
    ls = e.op(f"arith.remui {lk}, %cST : index", "ls")
    emit_release(e, d, ls)
    if d.split:
        emit_partial_epilogue(e, d)
    elif d.tma_store:
        emit_tma_epilogue(e, d)
    else:
        emit_epilogue(e, d.bn)
    close(e)


def emit_pack(e, bn):
    """Thread t of the consumer warpgroup holds rows 16 (t / 32) + (t % 32)
    / 4 (+ 8) and columns 8 i + 2 (t % 4) (+ 1), i < BN / 8: registers
    4 i + 2 h + {0, 1} for row half h. Each pair becomes one bf16x2 word,
    %packed[2 i + h]."""
    n = bn // 8
    e.line(f"%packed = tile.alloc_local : memref<{2 * n}xi32, #tile.reg>")
    e.line(f"%pv = memref.reinterpret_cast %packed to offset: [0], sizes: "
           f"[{n}, 2, 1], strides: [2, 1, 1] : memref<{2 * n}xi32, #tile.reg> to "
           "!P")
    e.line(f"%hi = memref.reinterpret_cast %d to offset: [1], sizes: [{n}, "
           "2, 1], strides: [4, 2, 1] : !D to !Half")
    e.line(f"%lo = memref.reinterpret_cast %d to offset: [0], sizes: [{n}, "
           "2, 1], strides: [4, 2, 1] : !D to !Half0")
    e.line('tile.apply "cvt.rn.bf16x2.f32" (%pv, %hi, %lo) scope(thread) : '
           "!P, !Half, !Half0")


def emit_epilogue(e, bn):
    """Stores the packed words of row half h at word 4 i of the row (+ 8
    rows for h = 1)."""
    n = bn // 8
    emit_pack(e, bn)
    e.line("%w16 = arith.muli %w, %c16 : index")
    e.line("%c64r = arith.muli %cons, %c64 : index")
    e.line("%r0 = arith.addi %bm, %c64r : index")
    e.line("%r1 = arith.addi %r0, %w16 : index")
    e.line("%row = arith.addi %r1, %g : index")
    e.line("%rowN = arith.muli %row, %Nwords : index")
    e.line("%bn2 = arith.divui %bn, %c2 : index")
    e.line("%o1 = arith.addi %rowN, %bn2 : index")
    e.line("%off = arith.addi %o1, %t4 : index")
    e.line("%N8 = arith.muli %Nwords, %c8 : index")
    e.line(f"%out = memref.reinterpret_cast %C to offset: [%off], sizes: "
           f"[{n}, 2, 1], strides: [4, %N8, 1] : memref<?x?xi32> to !Out")
    e.line('tile.apply "st.global.b32" (%out, %pv) scope(thread) : !Out, !P')


def emit_partial_epilogue(e, d):
    """Split K: the unit's f32 sums go to slice %sidx of the workspace %W
    (split_k slices of M rows): each thread's pairs of columns 8 i + 2 (t %
    4) (+ 1) of rows g and g + 8, with st.global.v2.f32."""
    n = d.bn // 8
    e.line("%w16 = arith.muli %w, %c16 : index")
    e.line("%c64r = arith.muli %cons, %c64 : index")
    e.line("%slice = arith.muli %sidx, %Mrows : index")
    e.line("%r0 = arith.addi %bm, %c64r : index")
    e.line("%r1 = arith.addi %r0, %w16 : index")
    e.line("%r2 = arith.addi %r1, %g : index")
    e.line("%row = arith.addi %r2, %slice : index")
    e.line("%rowN = arith.muli %row, %Ncols : index")
    e.line("%o1 = arith.addi %rowN, %bn : index")
    e.line("%t2 = arith.muli %t4, %c2 : index")
    e.line("%off = arith.addi %o1, %t2 : index")
    e.line("%N8 = arith.muli %Ncols, %c8 : index")
    e.line(f"%outw = memref.reinterpret_cast %W to offset: [%off], sizes: "
           f"[{n}, 2, 2], strides: [8, %N8, 1] : memref<?x?xf32> to !OutW")
    e.line(f"%dv = memref.reinterpret_cast %d to offset: [0], sizes: [{n}, "
           "2, 2], strides: [4, 2, 1] : !D to !DV")
    e.line('tile.apply "st.global.v2.f32" (%outw, %dv) scope(thread) : '
           "!OutW, !DV")


def emit_staging_setup(e, d):
    """The consumer thread's places in its warp's two staging buffers.

    A buffer is 16 rows x 64 bf16 columns (128-byte rows, the 128-byte
    swizzle: 16-byte chunk c of row r lies at chunk c ^ (r % 8)), one box
    of C's tensor map. It is written by 4 stmatrix .x4, m = 0..3: matrix
    j = 2 jc + h of the m-th holds rows 8 h .. 8 h + 7 of chunk 2 m + jc,
    whose words are %packed[2 i + h], i = 2 m + jc (of the 64-column
    block), i.e. 4 consecutive words. Lane l gives the address of row
    r = l % 8 of matrix j = l / 8; its view's offset carries the swizzle
    (the strides give the unswizzled place, the offset the difference),
    so %so<buffer>_<m> is the offset for buffer b's m-th stmatrix."""
    e.line("%c4w = arith.muli %cons, %c4 : index")
    e.line("%r8 = arith.remui %l, %c8 : index")
    e.line("%jm = arith.divui %l, %c8 : index")
    e.line("%jc = arith.divui %jm, %c2 : index")
    e.line("%wslot = arith.addi %c4w, %w : index")
    e.line(f"%sbase = arith.muli %wslot, %c{2 * BUFFER_ELEMS} : index")
    e.line("%sbuf0 = arith.addi %sbase, %c0 : index")
    e.line(f"%sbuf1 = arith.addi %sbase, %c{BUFFER_ELEMS} : index")
    for m in range(4):
        e.line(f"%ch{m} = arith.addi %jc, %c{2 * m} : index")
        e.line(f"%sw{m} = arith.xori %ch{m}, %r8 : index")
        e.line(f"%dsw{m} = arith.subi %sw{m}, %ch{m} : index")
        e.line(f"%dsw8{m} = arith.muli %dsw{m}, %c8 : index")
        e.line(f"%dm{m} = arith.addi %dsw8{m}, %c{16 * m} : index")
        for b in range(2):
            e.line(f"%so{b}_{m} = arith.addi %sbuf{b}, %dm{m} : index")


def emit_tma_epilogue(e, d):
    """Per 64-column block q of the warp's 16 rows: lane 0 waits until the
    buffer's previous store has read it (at most the other buffer's store
    still reading), the warp writes the block with stmatrix, makes it
    visible to the async proxy and meets; lane 0 stores the buffer through
    C's tensor map (a bulk group of its own)."""
    emit_pack(e, d.bn)
    emit_staging_setup(e, d)
    e.line("%w16 = arith.muli %w, %c16 : index")
    e.line("%c64r = arith.muli %cons, %c64 : index")
    e.line("%r0 = arith.addi %bm, %c64r : index")
    e.line("%row = arith.addi %r0, %w16 : index")
    e.line("%row32 = arith.index_cast %row : index to i32")
    blocks = d.bn // STAGE_COLS
    for q in range(blocks):
        b = q % 2
        # With an odd number of blocks the previous tile's last store read
        # buffer 0 too: the first block of a tile waits for every store.
        pending = "%zero" if q == 0 and blocks % 2 else "%one"
        e.line("scf.if %lane0 {")
        e.line(f'  tile.apply "cp.async.bulk.wait_group.read" ({pending}) '
               "scope(thread) : i32")
        e.line("}")
        e.line('tile.apply "bar.warp.sync" (%all) scope(thread) : i32')
        for m in range(4):
            k = 2 * (8 * q + 2 * m)
            regs = e.op(f"memref.reinterpret_cast %packed to offset: [{k}], "
                        "sizes: [32, 4], strides: [0, 1] : "
                        f"memref<{d.bn // 4}xi32, #tile.reg> to "
                        "memref<32x4xi32, strided<[0, 1], offset: "
                        f"{k}>, #tile.reg>", "rg")
            v = e.op(f"memref.reinterpret_cast %stg to offset: [%so{b}_{m}], "
                     "sizes: [32, 2, 2, 8, 8], strides: [0, 8, 512, 64, 1] : "
                     "!Stg to !V4", "sv")
            e.line('tile.apply "stmatrix.sync.aligned.m8n8.x4.shared.b16" '
                   f"({v}, {regs}) scope(warp) : !V4, memref<32x4xi32, "
                   f"strided<[0, 1], offset: {k}>, #tile.reg>")
        e.line('tile.apply "fence.proxy.async.shared::cta" () scope(thread)')
        e.line('tile.apply "bar.warp.sync" (%all) scope(thread) : i32')
        e.line("scf.if %lane0 {")
        e.push()
        col = e.op(f"arith.addi %bn32, %c{STAGE_COLS * q}_i32x : i32", "col")
        at = e.op("tile.alloc_local : !C2", "at")
        e.line(f"memref.store {col}, {at}[%c0] : !C2")
        e.line(f"memref.store %row32, {at}[%c1] : !C2")
        box = e.op(f"memref.reinterpret_cast %stg to offset: [%sbuf{b}], "
                   f"sizes: [{BUFFER_ELEMS}], strides: [1] : !Stg to !BoxC",
                   "boxc")
        e.line('tile.apply "cp.async.bulk.tensor.2d.global.shared::cta.tile.'
               f'bulk_group" (%mapC, {at}, {box}) scope(thread) : !Map, '
               "!C2, !BoxC")
        e.line('tile.apply "cp.async.bulk.commit_group" () scope(thread)')
        e.pop()
        e.line("}")


def kernel(d):
    bn, stages, bk = d.bn, d.stages, d.bk
    a_stage, b_stage, b0, bars, total = layout(d)
    n = bn // 8
    e = Emitter(4)
    eb = d.elt_bytes
    values = sorted({0, 1, 2, 4, 8, 16, 32, 48, 64, 128, 1024, eb,
                     a_stage // eb, b_stage // eb, 64 * bk, b0 // eb, bars,
                     d.cluster, bn // d.cluster, bn // d.cluster * bk} |
                    {d.mma_k * kk for kk in range(bk // d.mma_k)} |
                    ({2 * BUFFER_ELEMS, BUFFER_ELEMS, 6, staging(d)} if d.tma_store
                     else set()) | {d.split_k})
    consts = "\n".join(f"      %c{v} = arith.constant {v} : index"
                        for v in values)
    consts += "".join(f"\n      %c{p}_i32 = arith.constant {p} : i32"
                      for p in range(1, d.cluster))
    if d.tma_store:
        consts += "".join(f"\n      %c{STAGE_COLS * q}_i32x = arith.constant "
                          f"{STAGE_COLS * q} : i32"
                          for q in range(bn // STAGE_COLS))
        consts += "\n      %all = arith.constant -1 : i32"

    if d.split_registers:
        # 40 for the producer's 128 threads, 232 for the consumers' 256:
        # 64,512 of the SM's 65,536 registers.
        consts += "\n      %c40_i32 = arith.constant 40 : i32"
        consts += "\n      %c232_i32 = arith.constant 232 : i32"
    share = bn // d.cluster
    if d.cluster > 1:
        # Units of `cluster` tiles along M, one per cluster; this CTA's
        # rank in it picks its tile and its share of Bt's rows.
        cluster = f"""
      %rank = gpu.cluster_block_id x
      %unit = arith.divui %bid, %c{d.cluster} : index
      %units = arith.divui %grid, %c{d.cluster} : index
      %mask = arith.constant {(1 << d.cluster) - 1} : i16"""
    else:
        cluster = """
      %rank = arith.constant 0 : index
      %unit = arith.addi %bid, %c0 : index
      %units = arith.addi %grid, %c0 : index"""
    cluster += f"""
      %rank32 = arith.index_cast %rank : index to i32
      %cluster32 = arith.constant {d.cluster} : i32
      %shareRows = arith.muli %rank, %c{share} : index
      %eBr = arith.muli %rank, %c{share * bk} : index"""
    if d.cluster > 1:
        # The barriers of every CTA are initialized before any CTA arrives
        # on them or multicasts into its shared memory.
        init_fence = ('\n        tile.apply "fence.mbarrier_init.release.'
                      'cluster" () scope(thread)')
        sync = ('      tile.apply "barrier.cluster.arrive.release" () '
                'scope(thread)\n      tile.apply "barrier.cluster.wait.'
                'acquire" () scope(thread)')
    else:
        init_fence, sync = "", "      gpu.barrier"
    attrs = f"known_block_size = array<i32: {THREADS}, 1, 1>"
    if d.cluster > 1:
        attrs += f", known_cluster_size = array<i32: {d.cluster}, 1, 1>"
    # The maps' parameters name the layouts they are made from
    # (tile-check-tensor-maps checks the launches and the copies).
    map_c = (f"%mapC: !Map {{tile.tensor_map = #LC{d.map_attrs}}}, "
             if d.tma_store else "")
    split_attr = (f", tile.tensor_map_split = {d.cluster} : i64"
                  if d.cluster > 1 else "")
    if d.split:
        # The workspace %W holds split_k slices of M x N f32 partial sums;
        # each unit does KT = K / bk / split_k k tiles.
        out = "%W: memref<?x?xf32>"
        k_tiles = (f"%KTall = arith.divui %K64, %c{bk} : index\n"
                   f"      %KT = arith.divui %KTall, %c{d.split_k} : index")
        dims = ("%Wrows = memref.dim %W, %c0 : memref<?x?xf32>\n"
                f"      %Mrows = arith.divui %Wrows, %c{d.split_k} : index\n"
                "      %Ncols = memref.dim %W, %c1 : memref<?x?xf32>")
        units = ("%Utiles = arith.muli %UM, %TN : index\n"
                 f"      %U = arith.muli %Utiles, %c{d.split_k} : index")
    else:
        out = "%C: memref<?x?xi32>"
        k_tiles = f"%KT = arith.divui %K64, %c{bk} : index"
        dims = ("%Mrows = memref.dim %C, %c0 : memref<?x?xi32>\n"
                "      %Nwords = memref.dim %C, %c1 : memref<?x?xi32>\n"
                "      %Ncols = arith.muli %Nwords, %c2 : index")
        units = "%U = arith.muli %UM, %TN : index"
    staging_view = (f"""
      %stgbytes = arith.addi %pad, %c{staging(d)} : index
      %stg = memref.view %sm[%stgbytes][] : memref<?xi8, #WS> to !Stg"""
                    if d.tma_store else "")
    head = f"""\
    gpu.func @gemm_wgmma(%mapA: !Map {{tile.tensor_map = #LA{d.map_attrs}}}, %mapB: !Map {{tile.tensor_map = #LB{split_attr}{d.map_attrs}}}, {map_c}{out}, %K: i32) kernel
        attributes {{{attrs}}} {{
{consts}
      %cBN = arith.constant {bn} : index
      %cST = arith.constant {stages} : index
      %cGM = arith.constant {d.group_m} : index
      %cST2 = arith.constant {2 * stages} : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %c64_i32 = arith.constant 64 : i32
      %cons_count = arith.constant {4 * CONSUMERS * d.cluster} : i32
      %txbytes = arith.constant {a_stage + b_stage} : i32
      %true = arith.constant true
      %K64 = arith.index_cast %K : i32 to index
      {k_tiles}
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      {dims}
      %TM = arith.divui %Mrows, %c128 : index
      %TN = arith.divui %Ncols, %cBN : index{cluster}
      %UM = arith.divui %TM, %c{d.cluster} : index
      {units}
      %width = arith.muli %TN, %cGM : index
      // The regions start at the first 1024-byte boundary (the 128-byte
      // swizzle repeats every 8 rows of 128 bytes, from absolute address 0).
      %sm = gpu.dynamic_shared_memory : memref<?xi8, #WS>
      %base = memref.extract_aligned_pointer_as_index %sm : memref<?xi8, #WS> -> index
      %mis = arith.remui %base, %c1024 : index
      %gap = arith.subi %c1024, %mis : index
      %pad = arith.remui %gap, %c1024 : index
      %sbf = memref.view %sm[%c0][] : memref<?xi8, #WS> to !Sbf
      %eA = arith.divui %pad, %c{eb} : index
      %eB = arith.addi %eA, %c{b0 // eb} : index
      %barbytes = arith.addi %pad, %c{bars} : index
      %bars = memref.view %sm[%barbytes][] : memref<?xi8, #WS> to !Bars{staging_view}
      %wg = arith.divui %tid, %c128 : index
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {{
        scf.for %i = %c0 to %cST step %c1 {{
          %f = memref.reinterpret_cast %bars to offset: [%i], sizes: [1], strides: [1] : !Bars to !Bar
          tile.apply "mbarrier.init.shared::cta.b64" (%f, %one) scope(thread) : !Bar, i32
          %ei = arith.addi %i, %cST : index
          %em = memref.reinterpret_cast %bars to offset: [%ei], sizes: [1], strides: [1] : !Bars to !Bar
          tile.apply "mbarrier.init.shared::cta.b64" (%em, %cons_count) scope(thread) : !Bar, i32
        }}
        tile.apply "fence.proxy.async.shared::cta" () scope(thread){init_fence}
      }}
{sync}
      %producer = arith.cmpi eq, %wg, %c0 : index
      scf.if %producer {{"""
    e.lines = head.splitlines()
    e.indent = 8
    if d.split_registers:
        e.line('tile.apply "setmaxnreg.dec.sync.aligned.u32" (%c40_i32) '
               "scope(thread) : i32")
    e.line("scf.if %is0 {")
    e.push()
    emit_producer(e, d)
    e.pop()
    e.line("}")
    e.pop()
    e.line("} else {")
    e.push()
    if d.split_registers:
        e.line('tile.apply "setmaxnreg.inc.sync.aligned.u32" (%c232_i32) '
               "scope(thread) : i32")
    e.line("%cons = arith.subi %wg, %c1 : index")
    e.line("%lane = arith.remui %tid, %c32 : index")
    e.line("%lane0 = arith.cmpi eq, %lane, %c0 : index")
    e.line(f"%consrows = arith.muli %cons, %c{64 * bk} : index")
    e.line("%eAc = arith.addi %eA, %consrows : index")
    e.line("%lt = arith.remui %tid, %c128 : index")
    e.line("%w = arith.divui %lt, %c32 : index")
    e.line("%l = arith.remui %lt, %c32 : index")
    e.line("%g = arith.divui %l, %c4 : index")
    e.line("%t4 = arith.remui %l, %c4 : index")
    e.line("%d = tile.alloc_local : !D")
    emit_consumer(e, d)
    if d.tma_store:
        # The last stores have read their buffers (and written C) before
        # the CTA's shared memory goes away.
        e.line("scf.if %lane0 {")
        e.line('  tile.apply "cp.async.bulk.wait_group" (%zero) '
               "scope(thread) : i32")
        e.line("}")
    e.pop()
    e.line("}")
    if d.cluster > 1:
        # No CTA exits while another may still multicast into its shared
        # memory or arrive on its barriers.
        e.line('tile.apply "barrier.cluster.arrive.release" () '
               "scope(thread)")
        e.line('tile.apply "barrier.cluster.wait.acquire" () scope(thread)')
    e.line("gpu.return")
    e.pop()
    e.line("}")
    types = f"""\
#WS = #gpu.address_space<workgroup>
#LA = {d.smem_layout(64)}
#LB = {d.smem_layout(bn)}
!Map = memref<128xi8>
!C2 = memref<2xi32, #tile.reg>
!Sbf = memref<{total // d.elt_bytes}x{d.elt}, #WS>
!Bars = memref<{2 * stages}xi64, #WS>
!Bar = memref<1xi64, strided<[1], offset: ?>, #WS>
!BoxA = memref<{64 * bk}x{d.elt}, strided<[1], offset: ?>, #WS>
!BoxB = memref<{bn // d.cluster * bk}x{d.elt}, strided<[1], offset: ?>, #WS>
!DA = memref<64x{bk}x{d.elt}, strided<[{bk}, 1], offset: ?>, #WS>
!DB = memref<{bn}x{bk}x{d.elt}, strided<[{bk}, 1], offset: ?>, #WS>
!D = memref<4x32x{bn // 2}xf32, strided<[0, 0, 1]>, #tile.reg>
!Half = memref<{n}x2x1xf32, strided<[4, 2, 1], offset: 1>, #tile.reg>
!Half0 = memref<{n}x2x1xf32, strided<[4, 2, 1]>, #tile.reg>
!P = memref<{n}x2x1xi32, strided<[2, 1, 1]>, #tile.reg>
!Out = memref<{n}x2x1xi32, strided<[4, ?, 1], offset: ?>>
"""
    if d.split:
        types += f"""\
!W8 = memref<2x4xf32, strided<[4, 1], offset: ?>>
!R8 = memref<2x4xf32, #tile.reg>
!E8 = memref<8x1xf32, strided<[1, 1]>, #tile.reg>
!R4w = memref<4xi32, #tile.reg>
!H4 = memref<4x1xf32, strided<[2, 1], offset: 1>, #tile.reg>
!L4 = memref<4x1xf32, strided<[2, 1]>, #tile.reg>
!P4 = memref<4x1xi32, strided<[1, 1]>, #tile.reg>
!C4 = memref<1x4xi32, strided<[4, 1], offset: ?>>
!PV4 = memref<1x4xi32, strided<[4, 1]>, #tile.reg>
!OutW = memref<{n}x2x2xf32, strided<[8, ?, 1], offset: ?>>
!DV = memref<{n}x2x2xf32, strided<[4, 2, 1]>, #tile.reg>
"""
    if d.tma_store:
        types += f"""\
#LC = #tile.smem_layout<{STAGE_ROWS}x{STAGE_COLS}xbf16, swizzle = "128B">
!Stg = memref<{STAGING_BYTES // 2}xi16, #WS>
!V4 = memref<32x2x2x8x8xi16, strided<[0, 8, 512, 64, 1], offset: ?>, #WS>
!BoxC = memref<{BUFFER_ELEMS}xi16, strided<[1], offset: ?>, #WS>
"""
    if d.split:
        e.lines += splitk_sum(d).splitlines()
    return types, "\n".join(e.lines), total


def splitk_sum(d):
    """@splitk_sum: C = bf16(W_0 + W_1 + ...) over the split_k slices of the
    workspace, in slice order (add.rn.f32), rounded with cvt.rn.bf16x2.f32.
    Thread i of the grid does 8 consecutive entries of row-major C (N a
    multiple of 8)."""
    adds = ""
    for sl in range(1, d.split_k):
        adds += f"""
        %o{sl} = arith.addi %wo, %sOff{sl} : index
        %w{sl} = memref.reinterpret_cast %W to offset: [%o{sl}], sizes: [2, 4], strides: [4, 1] : memref<?x?xf32> to !W8
        tile.apply "ld.global.v4.f32" (%part, %w{sl}) scope(thread) : !R8, !W8
        tile.apply "add.rn.f32" (%acc1, %acc1, %part1) scope(thread) : !E8, !E8, !E8"""
    consts = "".join(f"""
      %c{sl}s = arith.constant {sl} : index""" for sl in range(1, d.split_k))
    offsets = "".join(f"""
      %sOff{sl} = arith.muli %MN, %c{sl}s : index"""
                      for sl in range(1, d.split_k))
    return f"""
    gpu.func @splitk_sum(%W: memref<?x?xf32>, %C: memref<?x?xi32>) kernel {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index{consts}
      %Mrows = memref.dim %C, %c0 : memref<?x?xi32>
      %Nwords = memref.dim %C, %c1 : memref<?x?xi32>
      %Ncols = arith.muli %Nwords, %c2 : index
      %MN = arith.muli %Mrows, %Ncols : index{offsets}
      %groups = arith.divui %MN, %c8 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %b0 = arith.muli %bid, %bdim : index
      %gi = arith.addi %b0, %tid : index
      %in = arith.cmpi ult, %gi, %groups : index
      scf.if %in {{
        %wo = arith.muli %gi, %c8 : index
        %co = arith.muli %gi, %c4 : index
        %acc = tile.alloc_local : !R8
        %part = tile.alloc_local : !R8
        %acc1 = memref.reinterpret_cast %acc to offset: [0], sizes: [8, 1], strides: [1, 1] : !R8 to !E8
        %part1 = memref.reinterpret_cast %part to offset: [0], sizes: [8, 1], strides: [1, 1] : !R8 to !E8
        %w0 = memref.reinterpret_cast %W to offset: [%wo], sizes: [2, 4], strides: [4, 1] : memref<?x?xf32> to !W8
        tile.apply "ld.global.v4.f32" (%acc, %w0) scope(thread) : !R8, !W8{adds}
        %packed = tile.alloc_local : !R4w
        %hi = memref.reinterpret_cast %acc to offset: [1], sizes: [4, 1], strides: [2, 1] : !R8 to !H4
        %lo = memref.reinterpret_cast %acc to offset: [0], sizes: [4, 1], strides: [2, 1] : !R8 to !L4
        %pw = memref.reinterpret_cast %packed to offset: [0], sizes: [4, 1], strides: [1, 1] : !R4w to !P4
        tile.apply "cvt.rn.bf16x2.f32" (%pw, %hi, %lo) scope(thread) : !P4, !H4, !L4
        %cv = memref.reinterpret_cast %C to offset: [%co], sizes: [1, 4], strides: [4, 1] : memref<?x?xi32> to !C4
        %pv4 = memref.reinterpret_cast %packed to offset: [0], sizes: [1, 4], strides: [4, 1] : !R4w to !PV4
        tile.apply "st.global.v4.b32" (%cv, %pv4) scope(thread) : !C4, !PV4
      }}
      gpu.return
    }}"""


def main_func(d, total, m, n, k):
    """@main for tile-runner: C = A Bt^T for M x N x K of small integers,
    with one cluster fewer than units of `cluster` tiles (cluster 0 computes
    two, the ring goes on across them);
    prints the number of entries of C whose bits differ from the host's
    (the exact f32 sum, rounded to bf16 as cvt.rn does), then C's first
    and last 8 entries. The tensor maps are made from the layouts #LA and
    #LB the descriptors read (each CTA of a cluster loads its share of
    #LB's rows)."""
    bn, bk = d.bn, d.bk
    units = (m // BM // d.cluster) * (n // bn)
    split = f" split({d.cluster})" if d.cluster > 1 else ""
    if d.tma_store:
        # C's bytes seen as bf16 (for its tensor map) and as bf16x2 words.
        alloc_c = f"""%rawC = gpu.alloc () : memref<{m * n * 2}xi8>
    %dC = memref.view %rawC[%c0][] : memref<{m * n * 2}xi8> to memref<{m}x{n // 2}xi32>
    %dCb = memref.view %rawC[%c0][] : memref<{m * n * 2}xi8> to memref<{m}x{n}xbf16>"""
        map_c = f"""
    %mapC = gpu.alloc () : !Map
    tile.tensor_map_encode %mapC, %dCb layout(#LC) : !Map, memref<{m}x{n}xbf16>"""
        arg_c = "%mapC : !Map, "
    else:
        alloc_c = f"%dC = gpu.alloc () : memref<{m}x{n // 2}xi32>"
        map_c, arg_c = "", ""
    out_arg = "%vC : memref<?x?xi32>"
    sum_launch = ""
    if d.split:
        # The GEMM writes split_k slices of f32 partial sums into %dW;
        # @splitk_sum adds them into C.
        s_rows = d.split_k * m
        alloc_c += f"""
    %dW = gpu.alloc () : memref<{s_rows}x{n}xf32>
    %vW = memref.cast %dW : memref<{s_rows}x{n}xf32> to memref<?x?xf32>"""
        out_arg = "%vW : memref<?x?xf32>"
        sum_launch = f"""
    %sumBlocks = arith.constant {(m * n // 8 + 255) // 256} : index
    %sumThreads = arith.constant 256 : index
    gpu.launch_func @gemm::@splitk_sum blocks in (%sumBlocks, %c1, %c1) threads in (%sumThreads, %c1, %c1) args(%vW : memref<?x?xf32>, %vC : memref<?x?xi32>)"""
    return f"""
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)

  /// (a x + b y) mod m - s, exact in bf16.
  func.func @entry(%x: index, %a: index, %y: index, %b: index, %m: index, %s: i32) -> bf16 {{
    %ax = arith.muli %x, %a : index
    %by = arith.muli %y, %b : index
    %v = arith.addi %ax, %by : index
    %r = arith.remui %v, %m : index
    %ri = arith.index_cast %r : index to i32
    %x2 = arith.subi %ri, %s : i32
    %f = arith.sitofp %x2 : i32 to bf16
    return %f : bf16
  }}

  func.func @main() {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %cM = arith.constant {m} : index
    %cN = arith.constant {n} : index
    %cK = arith.constant {k} : index
    %s2 = arith.constant 2 : i32
    %s1 = arith.constant 1 : i32
    %none = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %kv = arith.constant {k} : i32
    %A = memref.alloc() : memref<{m}x{k}xbf16>
    %B = memref.alloc() : memref<{n}x{k}xbf16>
    scf.for %i = %c0 to %cM step %c1 {{
      scf.for %j = %c0 to %cK step %c1 {{
        %a = func.call @entry(%i, %c1, %j, %c2, %c7, %s2) : (index, index, index, index, index, i32) -> bf16
        memref.store %a, %A[%i, %j] : memref<{m}x{k}xbf16>
      }}
    }}
    scf.for %i = %c0 to %cN step %c1 {{
      scf.for %j = %c0 to %cK step %c1 {{
        %b = func.call @entry(%i, %c3, %j, %c1, %c5, %s1) : (index, index, index, index, index, i32) -> bf16
        memref.store %b, %B[%i, %j] : memref<{n}x{k}xbf16>
      }}
    }}
    %dA = gpu.alloc () : memref<{m}x{k}xbf16>
    %dB = gpu.alloc () : memref<{n}x{k}xbf16>
    {alloc_c}
    gpu.memcpy %dA, %A : memref<{m}x{k}xbf16>, memref<{m}x{k}xbf16>
    gpu.memcpy %dB, %B : memref<{n}x{k}xbf16>, memref<{n}x{k}xbf16>
    %mapA = gpu.alloc () : !Map
    %mapB = gpu.alloc () : !Map
    tile.tensor_map_encode %mapA, %dA layout(#LA) : !Map, memref<{m}x{k}xbf16>
    tile.tensor_map_encode %mapB, %dB layout(#LB){split} : !Map, memref<{n}x{k}xbf16>{map_c}
    %vC = memref.cast %dC : memref<{m}x{n // 2}xi32> to memref<?x?xi32>
    %ctas = arith.constant {d.cluster * max(1, units - 1)} : index
    %threads = arith.constant {THREADS} : index
    %shared = arith.constant {total} : i32
    gpu.launch_func @gemm::@gemm_wgmma blocks in (%ctas, %c1, %c1) threads in (%threads, %c1, %c1) dynamic_shared_memory_size %shared args(%mapA : !Map, %mapB : !Map, {arg_c}{out_arg}, %kv : i32){sum_launch}
    %C = memref.alloc() : memref<{m}x{n // 2}xi32>
    gpu.memcpy %C, %dC : memref<{m}x{n // 2}xi32>, memref<{m}x{n // 2}xi32>
    %Cb = memref.alloc() : memref<{m}x{n}xf32>
    %zero = arith.constant 0.0 : f32
    %c16i = arith.constant 16 : i32
    %bad = scf.for %i = %c0 to %cM step %c1 iter_args(%nb = %none) -> (i32) {{
      %row = scf.for %j = %c0 to %cN step %c1 iter_args(%mb = %nb) -> (i32) {{
        %sum = scf.for %kk = %c0 to %cK step %c1 iter_args(%acc = %zero) -> (f32) {{
          %a = memref.load %A[%i, %kk] : memref<{m}x{k}xbf16>
          %b = memref.load %B[%j, %kk] : memref<{n}x{k}xbf16>
          %af = arith.extf %a : bf16 to f32
          %bf = arith.extf %b : bf16 to f32
          %p = arith.mulf %af, %bf : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }}
        %want = arith.truncf %sum : f32 to bf16
        %wbits = arith.bitcast %want : bf16 to i16
        %w = arith.divui %j, %c2 : index
        %h = arith.remui %j, %c2 : index
        %word = memref.load %C[%i, %w] : memref<{m}x{n // 2}xi32>
        %h32 = arith.index_cast %h : index to i32
        %sh = arith.muli %h32, %c16i : i32
        %gw = arith.shrui %word, %sh : i32
        %gbits = arith.trunci %gw : i32 to i16
        %got = arith.bitcast %gbits : i16 to bf16
        %gotf = arith.extf %got : bf16 to f32
        memref.store %gotf, %Cb[%i, %j] : memref<{m}x{n}xf32>
        %ne = arith.cmpi ne, %gbits, %wbits : i16
        %inc = arith.select %ne, %one, %none : i32
        %m1 = arith.addi %mb, %inc : i32
        scf.yield %m1 : i32
      }}
      scf.yield %row : i32
    }}
    %count = memref.alloc() : memref<1xi32>
    memref.store %bad, %count[%c0] : memref<1xi32>
    %uc = memref.cast %count : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    %first = memref.subview %Cb[0, 0] [1, 8] [1, 1] : memref<{m}x{n}xf32> to memref<1x8xf32, strided<[{n}, 1]>>
    %uf = memref.cast %first : memref<1x8xf32, strided<[{n}, 1]>> to memref<*xf32>
    call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
    %last = memref.subview %Cb[{m - 1}, {n - 8}] [1, 8] [1, 1] : memref<{m}x{n}xf32> to memref<1x8xf32, strided<[{n}, 1], offset: {m * n - 8}>>
    %ul = memref.cast %last : memref<1x8xf32, strided<[{n}, 1], offset: {m * n - 8}>> to memref<*xf32>
    call @printMemrefF32(%ul) : (memref<*xf32>) -> ()
    return
  }}
"""


def tensor_maps(d, table):
    """What tile.tensor_map_encode makes of #LA and #LB (a box of one
    swizzle row of columns; Bt's rows shared by the cluster), for a host
    that calls cuTensorMapEncodeTiled itself: the codes are the table's."""
    swizzle = {m["name"]: m["tensor_map"]
               for m in table["swizzle_modes"]}[d.swizzle]
    bits = 8 * d.elt_bytes
    dtype = next(t["code"] for t in table["tensor_map_types"]
                 if (d.elt in t["floats"]) or
                 (d.elt == f"i{bits}" and t["integer"] and t["bits"] == bits))
    maps = {name: {"box_rows": rows, "box_cols": d.bk, "swizzle": swizzle,
                   "data_type": dtype}
            for name, rows in (("A", 64), ("B", d.bn // d.cluster))}
    if d.tma_store:
        # #LC: 16 x 64 bf16, the 128-byte swizzle.
        maps["C"] = {"box_rows": STAGE_ROWS, "box_cols": STAGE_COLS,
                     "swizzle": {m["name"]: m["tensor_map"]
                                 for m in table["swizzle_modes"]}["128B"],
                     "data_type": next(t["code"]
                                       for t in table["tensor_map_types"]
                                       if "bf16" in t["floats"])}
    return maps


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bn", type=int, default=256, choices=(64, 128, 192, 256))
    p.add_argument("--stages", type=int, default=4)
    p.add_argument("--bk", type=int, default=64, choices=(32, 64, 128),
                   help="k-tile depth in elements (rows of 64 or 128 bytes)")
    p.add_argument("--dtype", default="bf16", choices=("bf16", "e4m3"),
                   help="A and Bt's element type (e4m3: fp8, no @main)")
    p.add_argument("--cluster", type=int, default=1, choices=(1, 2),
                   help="CTAs per cluster along M, sharing Bt's tile "
                   "through multicast")
    p.add_argument("--epilogue", default="tma", choices=("st", "tma"),
                   help="how C leaves: st.global from the registers, or "
                   "stmatrix into swizzled shared memory and TMA stores")
    p.add_argument("--setmaxnreg", action="store_true",
                   help="the producer warpgroup lowers its registers to 40, "
                   "the consumers raise theirs to 232 (implied by "
                   "--epilogue tma)")
    p.add_argument("--split-k", type=int, default=1,
                   help="units of work per output tile along K; their f32 "
                   "partial sums go to a workspace that @splitk_sum adds "
                   "into C (K a multiple of bk x split-k)")
    p.add_argument("--grid-constant", action="store_true",
                   help="pass the tensor maps by value in the kernel's "
                   "parameter space (tile.grid_constant) instead of as "
                   "pointers to device memory")
    p.add_argument("--print-mma", action="store_true",
                   help="print the design's wgmma.mma_async opcode")
    p.add_argument("--group-m", type=int, default=8,
                   help="tile rows per group of the tile order")
    p.add_argument("--table", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build", "share",
        "tile-mlir", "instr_table.json"),
                   help="the instruction table's export (for --print-maps)")
    p.add_argument("--print-maps", action="store_true",
                   help="print, as JSON, the tensor maps a host that is not "
                   "tile IR must make for #LA and #LB (box, swizzle and "
                   "data-type codes from the table)")
    p.add_argument("--shared-bytes", action="store_true",
                   help="print the dynamic shared memory the kernel needs")
    p.add_argument("--no-main", action="store_true",
                   help="the kernel module alone (no @main)")
    p.add_argument("--mnk", type=int, nargs=3, default=(256, 512, 640),
                   help="@main's shape (multiples of 128, BN and 64)")
    args = p.parse_args()
    d = Design(args.bn, args.stages, args.bk, args.group_m, args.dtype,
               args.cluster, args.epilogue, args.setmaxnreg, args.split_k,
               args.grid_constant)
    if d.row_bytes not in (64, 128):
        p.error("a k tile's rows must be 64 or 128 bytes (--bk)")
    if args.split_k < 1 or (args.split_k > 1 and args.cluster > 1):
        p.error("--split-k is a positive count, without clusters")
    if args.print_mma:
        print(d.mma)
        return
    if args.print_maps:
        with open(args.table) as f:
            print(json.dumps(tensor_maps(d, json.load(f))))
        return
    types, body, total = kernel(d)
    if total > MAX_SHARED:
        p.error(f"the design needs {total} bytes of shared memory; sm_90 "
                f"gives a CTA at most {MAX_SHARED}")
    if args.shared_bytes:
        print(total)
        return
    if d.dtype != "bf16" and not args.no_main:
        p.error("@main is written for bf16: give --no-main")
    options = "".join(f" --{k.replace('_', '-')}" +
                      ("" if isinstance(v, bool) else f" {v}")
                      for k, v in vars(d).items()
                      if v != getattr(Design(), k))
    out = [f"// Generated by examples/gemm_wgmma.py{options}: do not edit; "
           "see its docstring.", types.rstrip()]
    out.append("module attributes {gpu.container_module} {")
    out.append('  gpu.module @gemm [#nvvm.target<chip = "sm_90a", '
               'features = "+ptx80">] {')
    out.append(body)
    out.append("  }")
    if not args.no_main:
        m, n, k = args.mnk
        if m % (BM * d.cluster) or n % d.bn or k % (d.bk * d.split_k):
            p.error("--mnk: M a multiple of 128 x cluster, N of BN, K of "
                    "bk x split-k")
        out.append(main_func(d, total, m, n, k).rstrip())
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
