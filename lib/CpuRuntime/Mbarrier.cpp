//===- Mbarrier.cpp - the CPU backend's model of an mbarrier -------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "Mbarrier.h"

using namespace tile::cpu;

static std::string outOfRange(const char *what, uint64_t value) {
  return std::string(what) + " " + std::to_string(value) +
         " is out of range (1 to 2^20 - 1)";
}

void Mbarrier::completeIfDone() {
  if (pending != 0 || tx != 0)
    return;
  ++phase;
  pending = expected;
}

std::string Mbarrier::init(uint64_t count) {
  if (valid)
    return "initializes an mbarrier object that is already one (mbarrier.inval "
           "it first)";
  if (count == 0 || count > kMaxCount)
    return outOfRange("its count", count);
  *this = Mbarrier();
  expected = pending = uint32_t(count);
  valid = true;
  return "";
}

std::string Mbarrier::inval() {
  valid = false;
  return "";
}

std::string Mbarrier::expectTx(uint64_t bytes) {
  if (bytes > kMaxCount)
    return outOfRange("its transaction count", bytes);
  if (tx + int64_t(bytes) > int64_t(kMaxCount))
    return "raises the transaction count to " + std::to_string(tx + bytes) +
           ", above 2^20 - 1";
  tx += int64_t(bytes);
  // Bytes delivered before they were announced (a copy that completed
  // first) may leave the phase done now.
  completeIfDone();
  return "";
}

std::string Mbarrier::completeTx(uint64_t bytes) {
  if (bytes > kMaxCount)
    return outOfRange("its transaction count", bytes);
  if (tx - int64_t(bytes) < -int64_t(kMaxCount))
    return "lowers the transaction count to " +
           std::to_string(tx - int64_t(bytes)) + ", below -(2^20 - 1)";
  tx -= int64_t(bytes);
  completeIfDone();
  return "";
}

std::string Mbarrier::arrive(uint64_t count, bool drop, bool noComplete,
                             uint64_t &state) {
  if (count == 0 || count > kMaxCount)
    return outOfRange("its count", count);
  if (count > pending)
    return "arrives " + std::to_string(count) +
           " times where the phase waits "
           "for " +
           std::to_string(pending) + " arrivals";
  if (noComplete && count == pending && tx == 0)
    return "(.noComplete) would complete the phase";
  state = makeState(phase, pending);
  pending -= uint32_t(count);
  if (drop)
    expected -= uint32_t(count);
  completeIfDone();
  return "";
}

std::string Mbarrier::describe() const {
  return "phase " + std::to_string(phase) + " (parity " +
         std::to_string(phase & 1) + "), waiting for " +
         std::to_string(pending) + " of " + std::to_string(expected) +
         " arrivals and " + std::to_string(tx) + " transaction bytes";
}
