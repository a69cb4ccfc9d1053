//===- Mbarrier.h - the CPU backend's model of an mbarrier ------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// An mbarrier object (PTX ISA 9.7.13.15): the phase, the arrivals a phase
// expects and those still pending, and the transaction bytes still owed. A
// phase completes when both reach zero; the next one then expects the same
// arrivals. The hardware's 64 bits are opaque: the model keeps its fields
// beside the object, by address, for the block that runs.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CPURUNTIME_MBARRIER_H
#define TILE_LIB_CPURUNTIME_MBARRIER_H

#include <cstdint>
#include <string>

namespace tile::cpu {

struct Mbarrier {
  /// The current phase: the number of phases completed.
  uint64_t phase = 0;
  uint32_t expected = 0;
  uint32_t pending = 0;
  /// Transaction bytes announced (expect_tx) and not yet delivered
  /// (complete_tx): negative while deliveries run ahead.
  int64_t tx = 0;
  /// Initialized and not invalidated.
  bool valid = false;

  /// The largest arrival count, transaction count and |tx| (2^20 - 1).
  static constexpr uint32_t kMaxCount = (1u << 20) - 1;

  /// Each operation returns why it is undefined, or "" where it is not;
  /// the ones that change the barrier complete its phase when they can.
  std::string init(uint64_t count);
  std::string inval();
  std::string expectTx(uint64_t bytes);
  std::string completeTx(uint64_t bytes);
  /// arrive (drop: arrive_drop, which also lowers the expected count) of
  /// `count` arrivals; `noComplete`: it must not complete the phase.
  /// `state` is what the instruction returns.
  std::string arrive(uint64_t count, bool drop, bool noComplete,
                     uint64_t &state);

  /// Whether the phase of parity `parity` (the current one or the one
  /// before it) has completed.
  bool parityComplete(uint64_t parity) const { return (phase & 1) != parity; }
  /// Whether the phase an arrive's `state` names has completed.
  bool stateComplete(uint64_t state) const {
    return phase > getStatePhase(state);
  }

  /// An arrive's state: the phase it arrived in (bits 32 to 63) and the
  /// pending count before the arrival (bits 0 to 19, as pending_count
  /// reads it on the H200). The ISA leaves the bits opaque: these differ
  /// from the hardware's.
  static uint64_t makeState(uint64_t phase, uint32_t pendingBefore) {
    return phase << 32 | pendingBefore;
  }
  static uint64_t getStatePhase(uint64_t state) { return state >> 32; }
  static uint32_t getStatePending(uint64_t state) {
    return uint32_t(state & kMaxCount);
  }

  /// "phase 3 (parity 1), waiting for 1 of 2 arrivals and 16 transaction
  /// bytes".
  std::string describe() const;

private:
  void completeIfDone();
};

} // namespace tile::cpu

#endif // TILE_LIB_CPURUNTIME_MBARRIER_H
