//===- CpuRuntime.h - what the CPU backend's host code calls ----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The CPU backend (tile-gpu-to-host) lowers each expanded tile.apply to one
// call of tile_cpu_apply. The instruction's operands travel in two byte
// buffers, one element per 16-byte slot, little-endian, in the form's
// operand order: every element the instruction reads (register atoms, the
// elements a load reads, broadcast scalars) in `in`, every element it writes
// (register atoms, the elements a store writes) in `out`. An element has the
// width of its operand's PTX type (the instruction table's register width).
//
// The memory checks: the host code records the buffers the program
// allocates (tile_cpu_register_buffer); each launch is checked against
// CUDA's limits for sm_90 (tile_cpu_check_launch) and finds the buffer of
// each memref argument (tile_cpu_find_buffer); a kernel checks each memory
// access against its memref's shape and buffer, and reports one outside
// them with tile_cpu_report_access, which ends the program. Pointers travel
// as uintptr_t (MLIR `index`).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CPURUNTIME_CPURUNTIME_H
#define TILE_CPURUNTIME_CPURUNTIME_H

#include "tile/Runtime/TensorMapFields.h"

#include <cstdint>
#include <string>

namespace tile {
namespace cpu {

/// Bytes between two elements in the operand buffers.
constexpr unsigned kSlotBytes = 16;

/// CUDA's launch limits for sm_90.
constexpr int64_t kMaxGridX = 2147483647, kMaxGridYZ = 65535;
constexpr int64_t kMaxBlockXY = 1024, kMaxBlockZ = 64, kMaxBlockThreads = 1024;
/// Static shared memory of a kernel (ptxas's limit), and static plus dynamic
/// shared memory of a launch (sm_90's opt-in maximum, which the CUDA runtime
/// opts into above 48 KiB).
constexpr int64_t kMaxStaticShared = 48 * 1024, kMaxShared = 227 * 1024;

/// The fields of an access report's values (tile_cpu_report_access).
enum AccessField : unsigned {
  kAccessBytes,
  kThreadX,
  kBlockX = kThreadX + 3,
  kRank = kBlockX + 3,
  kIndices, ///< rank indices, then rank sizes, then the three below.
};
/// The fields after the indices and sizes.
enum AccessTail : unsigned { kByteOffset, kBufferBytes, kBufferDesc, kTail };

/// f32 (its bits) to bf16, to nearest even; a NaN is quieted and keeps its
/// sign and top payload bits.
uint16_t truncateToBF16(uint32_t f32);
/// f64 (its bits) to bf16 with one rounding, to nearest even; a NaN is
/// quieted and keeps its sign and top payload bits.
uint16_t truncateToBF16(uint64_t f64);

/// Encodes the tiled map `f` into the 128 bytes at `map` (64-byte
/// aligned) as the CPU backend stores a map, after the driver's checks;
/// returns why it cannot, or "". Element strides other than 1 and
/// interleaved maps are refused (not modelled); the L2 promotion is a hint
/// that changes no result.
std::string encodeTiledMap(const rt::TensorMapTiledFields &f, void *map);

} // namespace cpu
} // namespace tile

extern "C" {
/// Ends the program after a fault the runtime has reported on stderr:
/// flushes stdout and stderr and exits with status 1 without running exit
/// handlers or static destructors (the JIT that called the runtime is still
/// on the stack, and the program may be a child forked by the CPU engine).
[[noreturn]] void tile_cpu_exit_on_fault(void);

/// Calls `fn` with the name and address of every function of this runtime
/// that host code of the CPU backend calls (the tile_cpu_* entry points and,
/// on x86-64, __truncsfbf2/__truncdfbf2), for a JIT's symbol table.
void tile_cpu_for_each_symbol(void (*fn)(const char *name, void *address,
                                         void *userData),
                              void *userData);

#if defined(__x86_64__)
/// The JIT's __truncsfbf2 and __truncdfbf2 (libgcc 12 has neither): code
/// generated for an x86-64 host without AVX512-BF16 calls them to convert
/// to bf16 (its ABI returns a bf16 in xmm0, like a _Float16).
_Float16 tile_cpu_truncsfbf2(float f);
_Float16 tile_cpu_truncdfbf2(double d);
#endif

/// Executes the instruction (form index `form` of the instruction table,
/// the qualifier set of words `quals0` (the lowest) to `quals7`; `predicated`
/// nonzero where it runs under a pred, which changes some NaN results as
/// ptxas compiles them: FormDesc::getNaNRule) on the elements in
/// `in`, writing `out`. Data
/// movement (the Load, Store and Move semantics keys) copies the bits of the
/// elements read, in order, to the elements written; every other key
/// computes its one result with the MPFR reference (ref::evaluate).
void tile_cpu_apply(int64_t form, int64_t quals0, int64_t quals1,
                    int64_t quals2, int64_t quals3, int64_t quals4,
                    int64_t quals5, int64_t quals6, int64_t quals7,
                    int64_t predicated, const uint8_t *in, uint8_t *out);

/// Records the buffer of `bytes` bytes at `begin`, described by `desc` (a
/// static string such as "gpu.alloc at f.mlir:3:7"), forgetting the buffers
/// it overlaps: their memory has been freed.
void tile_cpu_register_buffer(uintptr_t begin, int64_t bytes, const char *desc);

/// Records that the buffer that starts at `begin` was freed: it is found as
/// a buffer of 0 bytes until a new one takes its memory.
void tile_cpu_unregister_buffer(uintptr_t begin);

/// Writes the start, size and description of the recorded buffer that holds
/// `ptr` to out[0], out[1] and out[2]. Where none does, the memory is not
/// the program's own: with `lo` <= `hi` the buffer is taken to be
/// [ptr + lo, ptr + hi) (what the memref's view spans), else it is unknown
/// (start 0, size UINT64_MAX: only the memref's shape is checked).
/// The extent [ptr + lo, ptr + hi) of memory no buffer holds is recorded
/// until tile_cpu_launch_end, which the launch calls when its threads have
/// run.
void tile_cpu_find_buffer(uintptr_t ptr, int64_t lo, int64_t hi, int64_t *out);
void tile_cpu_launch_end();

/// Checks that the grid of a cluster launch of the kernel that `site`
/// describes (as tile_cpu_check_launch's) is a whole number of clusters of
/// cluster x y z CTAs; reports it and ends the program with exit status 1
/// where it is not.
void tile_cpu_check_cluster(const char *site, int64_t gridX, int64_t gridY,
                            int64_t gridZ, int64_t clusterX, int64_t clusterY,
                            int64_t clusterZ);

/// Checks a launch of the kernel that `site` describes (its name, its
/// gpu.module and the launch's location, each ending in a NUL) against
/// CUDA's limits for sm_90; reports the first bad dimension and ends the
/// program with exit status 1.
void tile_cpu_check_launch(const char *site, int64_t gridX, int64_t gridY,
                           int64_t gridZ, int64_t blockX, int64_t blockY,
                           int64_t blockZ, int64_t staticShared,
                           int64_t dynamicShared);

/// Reports an access outside its memref or buffer and ends the program with
/// exit status 1. `site` holds NUL-terminated fields: "read" or "write", the
/// memory ("global", "shared" or "local"), the kernel, its gpu.module, the
/// memref's type, the buffer's role (e.g. "kernel argument 0") and the
/// access's location; `values` the fields of tile::cpu::AccessField.
[[noreturn]] void tile_cpu_report_access(const char *site,
                                         const int64_t *values);

/// cp.async on the CPU backend completes when it is issued; these keep the
/// copies their thread has not waited for, so that an access of shared
/// memory they write is reported (the GPU may not have written it yet).
/// Host code calls them only in kernels with cp.async:
/// tile_cpu_async_block at each block's start, tile_cpu_async_copy after a
/// copy of `bytes` bytes to `addr` by thread (tx, ty, tz) (`site`: the
/// kernel and the copy's location, NUL-terminated), tile_cpu_async_commit
/// and tile_cpu_async_wait (`pending` groups may stay pending; -1 for
/// wait_all) for the groups, and tile_cpu_async_access before each access of
/// shared memory (with the thread's and the block's ids), which ends
/// the program with exit status 1 on an overlap.
void tile_cpu_async_block();
void tile_cpu_async_copy(const char *site, int64_t addr, int64_t bytes,
                         int64_t tx, int64_t ty, int64_t tz);
void tile_cpu_async_commit(int64_t tx, int64_t ty, int64_t tz);
void tile_cpu_async_wait(int64_t tx, int64_t ty, int64_t tz, int64_t pending);
/// cp.async.mbarrier.arrive of thread (tx, ty, tz) on the mbarrier at
/// `barrier`: its copies complete, for the checks, once a wait sees the
/// barrier's current phase complete.
void tile_cpu_async_arrive(int64_t barrier, int64_t tx, int64_t ty, int64_t tz);
void tile_cpu_async_access(const char *site, int64_t addr, int64_t bytes,
                           int64_t write, int64_t tx, int64_t ty, int64_t tz,
                           int64_t bx, int64_t by, int64_t bz);

/// The threads of a block that synchronizes (gpu.barrier) run together, one
/// fiber each: tile_cpu_block_begin starts a block of `threads` threads,
/// tile_cpu_block_spawn adds the next one (in linear thread id order), which
/// will run `entry` on its own copy of the `bytes` bytes at `args` (the
/// host function's arguments), and tile_cpu_block_run runs them until each
/// has returned. A thread runs until it returns or waits.
void tile_cpu_block_begin(int64_t threads);
/// A cluster of `ctas` CTAs runs together: each tile_cpu_block_begin after
/// it adds the next CTA (in rank order), with its shared memory and
/// threads, and tile_cpu_block_run runs all of them. Their threads meet at
/// barrier.cluster, reach each other's shared memory through mapa, and
/// arrive on each other's mbarriers.
void tile_cpu_cluster_begin(int64_t ctas);
/// The `ctas` CTAs of a cooperative launch (a kernel with tile.grid_sync)
/// run together, as tile_cpu_cluster_begin's do, each a cluster of its
/// own: their threads meet at tile_cpu_grid_sync.
void tile_cpu_grid_begin(int64_t ctas);
/// tile.grid_sync at `site`: waits until every thread of every CTA of the
/// launch that has not returned waits at one, and thread 0 of each CTA
/// (the one that arrives for its CTA on the GPU) is among them. When none
/// can, the hang is reported and the program ends with exit status 1.
void tile_cpu_grid_sync(int64_t site);
void tile_cpu_block_spawn(void (*entry)(void *), const void *args,
                          int64_t bytes);
void tile_cpu_block_run();
/// The running block's shared memory: `bytes` bytes at `base`, which is
/// aligned to the 2^18 bytes of the shared window, so that the low 18 bits
/// of an address are its shared address (what a wgmma descriptor holds).
void tile_cpu_block_shared(uintptr_t base, int64_t bytes);
/// bar.sync 0 (gpu.barrier) at `site` (the barrier in the kernel): waits
/// until every thread of the block that has not returned has arrived.
/// Threads that wait at different barriers (a barrier in divergent control
/// flow) are reported, and end the program with exit status 1.
void tile_cpu_barrier(int64_t site);
/// A warp collective (shfl.sync, vote.sync, ...), with the operands of
/// tile_cpu_apply but `site` (the instruction in the kernel) for
/// `predicated`: the lane waits; when no thread of the block is ready, the
/// lanes of a warp waiting at one site execute it together, each member
/// mask among them a meeting of its lanes that have not returned
/// (ref::evaluateWarp computes their results). A lane outside its own mask,
/// and a mask that names a lane waiting at a barrier, at another
/// collective or with another mask are reported, and end the program with
/// exit status 1. A warpgroup MMA (wgmma.mma_async) is a meeting of the
/// 128 threads of its warpgroup: ref::evaluateWgmma computes it from their
/// registers and the matrices its descriptors name in the block's shared
/// memory, and it completes at once. A warpgroup one of whose threads does
/// not arrive is reported, as are descriptors the reference cannot read.
void tile_cpu_collective(int64_t form, int64_t quals0, int64_t quals1,
                         int64_t quals2, int64_t quals3, int64_t quals4,
                         int64_t quals5, int64_t quals6, int64_t quals7,
                         int64_t site, const uint8_t *in, uint8_t *out);
/// An operation on an mbarrier object (the form's MbarrierOp), with the
/// operands of tile_cpu_collective; the barrier's source slot holds its
/// address. The barrier is modeled beside its shared memory (phase, expected
/// and pending arrivals, transaction bytes). A test_wait or try_wait that
/// finds its phase incomplete yields to the block's other threads, and tests
/// again once none is ready. Undefined operations (an arrival the phase does
/// not wait for, a barrier not initialized, counts out of range) and a
/// block whose waits nothing can complete (a hang on the GPU) are reported,
/// with the threads and barriers, and end the program with exit status 1.
void tile_cpu_mbarrier(int64_t form, int64_t quals0, int64_t quals1,
                       int64_t quals2, int64_t quals3, int64_t quals4,
                       int64_t quals5, int64_t quals6, int64_t quals7,
                       int64_t site, const uint8_t *in, uint8_t *out);
/// gpu.printf: `format` (C's) with the arguments in 8-byte `slots`, each
/// of the kind `kinds` gives ('i' a 32-bit integer, 'l' a 64-bit one, 'd' a
/// double), printed to stdout. A conversion that reads another kind than
/// its argument's (undefined on the GPU), a missing or extra argument, `*`
/// and %s are reported, and end the program with exit status 1.
void tile_cpu_printf(const char *format, const char *kinds,
                     const uint64_t *slots);
/// The CPU backend's clocks (%clock, %clock64, %globaltimer): a counter of
/// the process that grows by one at each read.
int64_t tile_cpu_clock();
/// The CTA barriers of the table (bar, barrier), with the operands of
/// tile_cpu_collective.
/// - bar.red: the thread waits at the barrier like tile_cpu_barrier; when
///   the block's threads that have not returned all wait there, each gets
///   the reduction of their predicates (.popc: how many are true, .and,
///   .or). A thread count other than the block's threads is reported.
/// - bar.sync, bar.arrive: the thread's lane arrives at named barrier `a`
///   for its warp; .sync waits until as many warps as the thread count `b`
///   (all the block's without it) have arrived. A barrier that cannot
///   complete, a race (more warps than `b`) and what PTX leaves undefined
///   (different counts, a lane arriving twice in a phase, the lanes of an
///   .aligned warp at different instructions) are reported.
/// Each report ends the program with exit status 1.
void tile_cpu_cta_barrier(int64_t form, int64_t quals0, int64_t quals1,
                          int64_t quals2, int64_t quals3, int64_t quals4,
                          int64_t quals5, int64_t quals6, int64_t quals7,
                          int64_t site, const uint8_t *in, uint8_t *out);
/// A bulk copy (cp.async.bulk without a tensor map or multicast) or
/// prefetch, with the operands of tile_cpu_mbarrier: one source slot per
/// memory operand (its address, the destination's too), then the others'.
/// The copy completes at once and its bytes complete their transactions on
/// its mbarrier; a size or address that is not a multiple of 16, bytes past
/// a buffer's end (with the memory checks) and a barrier that is not one
/// are reported and end the program with exit status 1.
/// A tensor copy (cp.async.bulk.tensor, tile mode) goes through the map
/// the encoders below made: the box at the instruction's coordinates moves
/// between the tensor and shared memory, swizzled as the map says; a load
/// writes the map's fill outside the tensor and completes the whole box's
/// bytes on its mbarrier, a store skips them.
void tile_cpu_bulk(int64_t form, int64_t quals0, int64_t quals1, int64_t quals2,
                   int64_t quals3, int64_t quals4, int64_t quals5,
                   int64_t quals6, int64_t quals7, int64_t site,
                   const uint8_t *in, uint8_t *out);
/// The CPU backend's tileTensorMapEncodeTiled and tileTensorMapEncode2D
/// (tile/Runtime/MgpuWrappers.h gives the arguments): they check the map
/// as cuTensorMapEncodeTiled does and store it in the map's 128 bytes in
/// the backend's own layout. A map the driver would refuse ends the
/// program with exit status 1.
void tile_cpu_tensor_map_encode_tiled(int64_t mapRank, void *mapDesc,
                                      int64_t rank, void *tensorDesc,
                                      int32_t dataType, int64_t boxRank,
                                      void *boxDesc, int32_t swizzle,
                                      int32_t oobFill);
void tile_cpu_tensor_map_encode_2d(int64_t map, int64_t tensor, int64_t rows,
                                   int64_t cols, int64_t rowStride,
                                   int64_t colStride, int32_t dataType,
                                   int32_t elementBytes, int64_t boxRows,
                                   int64_t boxCols, int32_t swizzle,
                                   int32_t oobFill);
/// The CPU backend's tileTensorMapEncodeIm2col: checks an im2col map (3 to
/// 5 dimensions: N, the spatial D, H, W, then C, as the memref lists them)
/// as cuTensorMapEncodeIm2col does and stores it. The corners (i32, one
/// per spatial dimension) and the traversal strides (i32, one per
/// dimension) are memrefs listing the outermost dimension first.
void tile_cpu_tensor_map_encode_im2col(
    int64_t mapRank, void *mapDesc, int64_t rank, void *tensorDesc,
    int32_t dataType, int64_t lowerRank, void *lowerDesc, int64_t upperRank,
    void *upperDesc, int64_t stridesRank, void *stridesDesc,
    int32_t channelsPerPixel, int32_t pixelsPerColumn, int32_t swizzle,
    int32_t oobFill);
}

#endif // TILE_CPURUNTIME_CPURUNTIME_H
