//===- Block.h - what the block's threads share ------------------*- C++
//-*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The running block's state that other parts of the CPU runtime reach: its
// mbarrier objects, the change count its waiting threads watch, and the
// shared memory of the CTAs of its cluster.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CPURUNTIME_BLOCK_H
#define TILE_LIB_CPURUNTIME_BLOCK_H

#include "Mbarrier.h"
#include "tile/Ptx/InstrTable.h"

#include <cstdint>

namespace tile::cpu {

/// The running block's mbarrier object at `address` (a fresh, invalid one
/// where none was initialized).
Mbarrier &getMbarrier(uintptr_t address);

/// Notes a change that a thread waiting on an mbarrier may see (an
/// mbarrier's state).
void noteProgress();

/// The linear id of the running thread in its block (0 outside a block
/// whose threads run together).
unsigned getCurrentThread();
/// The rank of the running thread's CTA in its cluster (0 outside a block
/// whose threads run together).
unsigned getCurrentCta();

/// A copy (`instr`) delivered `bytes` bytes to the mbarrier at `mbar`:
/// completes their transactions, or ends the program where the barrier is
/// not one or does not expect them.
void completeCopyTx(const ptx::Instr &instr, uintptr_t mbar, uint64_t bytes);

/// With the memory checks: the cp.async copies handed to the mbarrier at
/// `barrier` (cp.async.mbarrier.arrive) in a phase before `phase` have
/// completed (a thread's wait saw it).
void releaseAsyncCopies(uintptr_t barrier, uint64_t phase);

/// After a load a thread may spin on (`instr`, a Polls form): the running
/// thread waits until no other thread of its block can run, so that a loop
/// on a flag sees the store that sets it. Outside a block whose threads run
/// together, nothing.
void pollMemory(const ptx::Instr &instr);

/// The state space a host address stands for: shared in the running
/// thread's CTA's shared memory, peer shared in another CTA's of its
/// cluster, local on the running thread's stack, global anywhere else.
/// (The codes are the QualTable records of the state spaces.)
enum class HostSpace { Global, Shared, Local, PeerShared };
HostSpace classifyAddress(uintptr_t address);

/// mapa (`instr`): the host address of the byte at `address`'s offset in
/// the shared memory of CTA `rank` of the running cluster; the program ends
/// where `address` is in no CTA's shared memory or the cluster has no CTA
/// `rank`.
uint64_t mapShared(const ptx::Instr &instr, uintptr_t address, uint64_t rank);

/// ld and st of .shared::cluster (`instr`): ends the program unless the
/// `bytes` bytes at `address` lie in the shared memory of one CTA of the
/// running cluster, aligned to their size.
void checkClusterAccess(const ptx::Instr &instr, uint64_t address,
                        unsigned bytes);

/// getctarank (`instr`): the rank of the CTA of the running cluster whose
/// shared memory holds `address`; the program ends where none does.
unsigned getSharedRank(const ptx::Instr &instr, uint64_t address);

/// cvta.to.shared (`instr`): the shared window address of `address` in the
/// running thread's CTA (its offset in the CTA's arena, which is aligned as
/// the window); the program ends where `address` is not in that CTA's
/// shared memory.
uint64_t toSharedWindow(const ptx::Instr &instr, uintptr_t address);

/// cvta.shared (`instr`): the host address of shared window address
/// `window` (its low 32 bits, as the GPU reads it) in the running thread's
/// CTA.
uintptr_t fromSharedWindow(const ptx::Instr &instr, uint64_t window);

/// The number of CTAs running together (a cluster's; 1 otherwise).
unsigned getClusterSize();

} // namespace tile::cpu

#endif // TILE_LIB_CPURUNTIME_BLOCK_H
