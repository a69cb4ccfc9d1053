//===- LargeStack.h - run a tool's main on a large stack --------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Upstream MLIR's parser and printer recurse once per nesting level of the
// input; with the default 8 MiB stack a file nested about 10,000 levels deep
// crashes them. The tools run their main on a thread with a 1 GiB stack
// (reserved, not committed: only the pages used are touched), which moves the
// limit to about a million levels. docs/Fuzzing.md records both.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_LARGESTACK_H
#define TILE_TOOLS_LARGESTACK_H

#include "llvm/Support/thread.h"

namespace tile {

/// The stack the tools' main runs on.
constexpr unsigned kToolStackBytes = 1u << 30;

/// Runs `fn(argc, argv)` on a thread with a kToolStackBytes stack and
/// returns its result.
inline int runWithLargeStack(int (*fn)(int, char **), int argc, char **argv) {
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(kToolStackBytes),
                      [&] { result = fn(argc, argv); });
  worker.join();
  return result;
}

} // namespace tile

#endif // TILE_TOOLS_LARGESTACK_H
