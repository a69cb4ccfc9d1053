//===- Progress.h - progress of long compilations ---------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// A kernel of 2^14 repeats compiles for tens of seconds. With progress
// reporting on, a compilation that is still running after a delay says what
// it does: each pass as it starts (the time since the start, the pass, the
// op it runs on and how many ops that holds), and, while one pass runs long,
// a line every few seconds.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PIPELINES_PROGRESS_H
#define TILE_PIPELINES_PROGRESS_H

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace mlir {
namespace tile {

/// When progress is reported.
enum class ProgressMode {
  Never,
  /// When standard error is a terminal (or TILE_PROGRESS=1; TILE_PROGRESS=0
  /// turns it off).
  Auto,
  Always,
};

/// Parses "never", "auto" or "always".
std::optional<ProgressMode> parseProgressMode(llvm::StringRef text);

/// Timing of the reports.
struct ProgressOptions {
  /// Nothing is printed before this many seconds have passed.
  double delaySeconds = 2.0;
  /// While one pass runs, a line every this many seconds.
  double intervalSeconds = 5.0;
};

/// Adds progress reporting on `os` (standard error by default) to `pm` if
/// `mode` asks for it; returns whether it did. The report ends with a
/// closing line when the pass manager is destroyed, if anything was printed.
bool addProgressReporting(PassManager &pm, ProgressMode mode,
                          ProgressOptions options = {},
                          llvm::raw_ostream *os = nullptr);

} // namespace tile
} // namespace mlir

#endif // TILE_PIPELINES_PROGRESS_H
