//===- Targets.td - The target model's facts -------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The chips ptxas 13.0 or LLVM 22 know, with each tool's PTX ISA floor,
// measured by utils/check_chips.py (which the Certification tests rerun):
// ptxas's floor is the lowest `.version` at which it assembles an empty
// kernel for `.target <chip>` (chips older than sm_75, which it no longer
// compiles for, assembled for sm_75 as its help allows), LLVM's the lowest
// `+ptxNN` at which `llc -mcpu=<chip>` emits it without a fatal error.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_TARGETS_TD
#define TILE_PTX_TARGETS_TD

include "tile/Ptx/PtxTypes.td"

def : Chip<"sm_20", 20, "", 23, 32>;
def : Chip<"sm_21", 21, "", 23, 32>;
def : Chip<"sm_30", 30, "", 30, 32>;
def : Chip<"sm_32", 32, "", 40, 40>;
def : Chip<"sm_35", 35, "", 31, 32>;
def : Chip<"sm_37", 37, "", 41, 41>;
def : Chip<"sm_50", 50, "", 40, 40>;
def : Chip<"sm_52", 52, "", 41, 41>;
def : Chip<"sm_53", 53, "", 42, 42>;
def : Chip<"sm_60", 60, "", 50, 50>;
def : Chip<"sm_61", 61, "", 50, 50>;
def : Chip<"sm_62", 62, "", 50, 50>;
def : Chip<"sm_70", 70, "", 60, 60>;
def : Chip<"sm_72", 72, "", 61, 61>;
def : Chip<"sm_75", 75, "", 63, 63>;
def : Chip<"sm_80", 80, "", 70, 70>;
def : Chip<"sm_86", 86, "", 71, 71>;
def : Chip<"sm_87", 87, "", 74, 74>;
def : Chip<"sm_88", 88, "", 73, 90>;
def : Chip<"sm_89", 89, "", 78, 78>;
def : Chip<"sm_90", 90, "", 78, 78>;
def : Chip<"sm_90a", 90, "a", 80, 80>;
def : Chip<"sm_100", 100, "", 86, 86>;
def : Chip<"sm_100a", 100, "a", 86, 86>;
def : Chip<"sm_100f", 100, "f", 88, 88>;
def : Chip<"sm_101", 101, "", 0, 86, "CUDA 13 renamed sm_101 to sm_110">;
def : Chip<"sm_101a", 101, "a", 0, 86, "CUDA 13 renamed sm_101a to sm_110a">;
def : Chip<"sm_101f", 101, "f", 0, 88, "CUDA 13 renamed sm_101f to sm_110f">;
def : Chip<"sm_103", 103, "", 88, 88>;
def : Chip<"sm_103a", 103, "a", 88, 88>;
def : Chip<"sm_103f", 103, "f", 88, 88>;
def : Chip<"sm_110", 110, "", 90, 90>;
def : Chip<"sm_110a", 110, "a", 90, 90>;
def : Chip<"sm_110f", 110, "f", 90, 90>;
def : Chip<"sm_120", 120, "", 87, 87>;
def : Chip<"sm_120a", 120, "a", 87, 87>;
def : Chip<"sm_120f", 120, "f", 88, 88>;
def : Chip<"sm_121", 121, "", 88, 88>;
def : Chip<"sm_121a", 121, "a", 88, 88>;
def : Chip<"sm_121f", 121, "f", 88, 88>;

// The non-tensor fma rates of compute capability 9.0 (the Hopper
// architecture whitepaper's throughput table, per SM and clock).
def : PeakRate<90, SemFma, F32, 128, "Hopper whitepaper">;
def : PeakRate<90, SemFma, F64, 64, "Hopper whitepaper">;
def : PeakRate<90, SemFma, F16x2, 256, "Hopper whitepaper">;
def : PeakRate<90, SemFma, BF16x2, 256, "Hopper whitepaper">;

def LlvmPtxVersions : EmittablePtxVersions<[
  32, 40, 41, 42, 43, 50, 60, 61, 62, 63, 64, 65, 70, 71, 72, 73, 74, 75, 76,
  77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90]>;

// ptxas 13.0 does not check it: it assembles a kernel whose frame is
// 524,296 bytes for sm_90.
def LocalMemoryPerThread : ThreadLocalMemory<524288,
  "the CUDA C++ Programming Guide's technical specifications: 512 KB of "
  "local memory per thread on every compute capability">;

// Measured on an H100 (sm_90, 2026-12-06; docs/gpu-logs/2026-12-06-grid-sync):
// the kernel of tirx_programs/wgmma_desc_encode, built by nvcc from TIRx's
// CUDA and by tile-mlir, puts its only shared buffer at shared address
// 0x400 (its descriptors' start addresses). The CPU backend lays its arena
// out the same way.
def CtaSharedWindow : SharedWindow<18, 1024,
  "the PTX ISA's 18-bit shared addresses; 1 KiB reserved, measured on an "
  "H100: a kernel's first shared buffer is at shared address 0x400 (the "
  "CUDA C++ Programming Guide: 1 KB of shared memory is reserved for "
  "system use per block)">;

def ClusterCtas : PortableClusterSize<8,
  "the CUDA C++ Programming Guide (thread block clusters): a cluster size "
  "of 8 is portable; more needs cudaFuncAttributeNonPortableClusterSizeAllowed">;

#endif // TILE_PTX_TARGETS_TD
