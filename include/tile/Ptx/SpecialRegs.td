//===- SpecialRegs.td - the special registers -----------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Special registers (PTX ISA 10) are read with mov (`mov.u32 d,
// %lanemask_lt`). tile.apply does not name them: a kernel reads one through
// the NVVM dialect's op for it, which the NVVM lowering emits as that mov
// and the CPU backend gives (TileToHost): %tid, %ntid, %ctaid, %nctaid and
// the cluster's registers from the launch, %laneid and the lane masks from the thread's lane, the clocks from a counter that grows by one at each
// read of any of them (a later read in a thread is larger; nothing else of
// the GPU's timing is modeled). Each record: the register's name, width,
// the NVVM op, and the PTX ISA and SM floors of the ISA's text.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_SPECIALREGS_TD
#define TILE_PTX_SPECIALREGS_TD

class SpecialReg<string name, int width, string nvvm, int ptx, int sm> {
  string Name = name;
  int Bits = width;
  string Nvvm = nvvm;
  int Ptx = ptx;
  int Sm = sm;
}

def : SpecialReg<"%laneid", 32, "nvvm.read.ptx.sreg.laneid", 13, 10>;
// The thread's and the CTA's indices and extents, per dimension.
foreach r = [["tid", "tid"], ["ntid", "ntid"], ["ctaid", "ctaid"],
             ["nctaid", "nctaid"]] in
foreach d = ["x", "y", "z"] in
def : SpecialReg<"%" # r[0] # "." # d, 32,
                 "nvvm.read.ptx.sreg." # r[1] # "." # d, 10, 10>;
foreach m = ["eq", "le", "lt", "ge", "gt"] in
def : SpecialReg<"%lanemask_" # m, 32, "nvvm.read.ptx.sreg.lanemask." # m,
                 20, 20>;
// The cluster's (PTX ISA 7.8, sm_90): the CTA's id within its cluster and
// the cluster's shape, the cluster's id and the grid's shape in clusters,
// the CTA's rank in its cluster and the cluster's CTA count.
foreach r = [["cluster_ctaid", "cluster.ctaid"],
             ["cluster_nctaid", "cluster.nctaid"], ["clusterid", "clusterid"],
             ["nclusterid", "nclusterid"]] in
foreach d = ["x", "y", "z"] in
def : SpecialReg<"%" # r[0] # "." # d, 32,
                 "nvvm.read.ptx.sreg." # r[1] # "." # d, 78, 90>;
def : SpecialReg<"%cluster_ctarank", 32, "nvvm.read.ptx.sreg.cluster.ctarank",
                 78, 90>;
def : SpecialReg<"%cluster_nctarank", 32,
                 "nvvm.read.ptx.sreg.cluster.nctarank", 78, 90>;
def : SpecialReg<"%clock", 32, "nvvm.read.ptx.sreg.clock", 10, 10>;
def : SpecialReg<"%clock64", 64, "nvvm.read.ptx.sreg.clock64", 20, 20>;
def : SpecialReg<"%globaltimer", 64, "nvvm.read.ptx.sreg.globaltimer", 31,
                 30>;
def : SpecialReg<"%globaltimer_lo", 32, "nvvm.read.ptx.sreg.globaltimer.lo",
                 31, 30>;

#endif // TILE_PTX_SPECIALREGS_TD
