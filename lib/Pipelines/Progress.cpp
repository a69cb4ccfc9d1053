//===- Progress.cpp - progress of long compilations -----------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Pipelines/Progress.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

using namespace mlir;
using namespace mlir::tile;

std::optional<ProgressMode> mlir::tile::parseProgressMode(StringRef text) {
  if (text == "never")
    return ProgressMode::Never;
  if (text == "auto")
    return ProgressMode::Auto;
  if (text == "always")
    return ProgressMode::Always;
  return std::nullopt;
}

/// Whether `mode` asks for reports in this process.
static bool wantsProgress(ProgressMode mode) {
  if (mode != ProgressMode::Auto)
    return mode == ProgressMode::Always;
  if (const char *env = std::getenv("TILE_PROGRESS"); env && *env)
    return StringRef(env) != "0";
  return llvm::sys::Process::StandardErrIsDisplayed();
}

/// "gpu.module @kernels (65,541 ops)": what a pass runs on.
static std::string describeTarget(Operation *op) {
  int64_t ops = 0;
  op->walk([&](Operation *) { ++ops; });
  std::string text = op->getName().getStringRef().str();
  if (auto name =
          op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    text += " @" + name.getValue().str();
  return text + " (" + llvm::formatv("{0:N}", ops).str() + " ops)";
}

namespace {
/// Prints the passes of a long compilation as they start, and a line now
/// and then while one runs long (from a watcher thread).
class ProgressInstrumentation : public PassInstrumentation {
public:
  ProgressInstrumentation(ProgressOptions options, llvm::raw_ostream &os)
      : options(options), os(os), watcher([this] { watch(); }) {}

  ~ProgressInstrumentation() override {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    wake.notify_all();
    watcher.join();
    if (printed)
      printLine(failed ? "stopped: a pass failed" : "done");
  }

  void runBeforePass(Pass *pass, Operation *op) override {
    // Nesting adaptors have no argument; the passes they run report.
    if (pass->getArgument().empty())
      return;
    std::lock_guard<std::mutex> lock(mutex);
    current = pass->getArgument().str();
    currentSince = Clock::now();
    if (seconds(start) < options.delaySeconds)
      return;
    printLineLocked(current + " on " + describeTarget(op) + ": " +
                    pass->getDescription().str());
  }

  void runAfterPass(Pass *pass, Operation *) override { finish(pass, false); }

  void runAfterPassFailed(Pass *pass, Operation *) override {
    finish(pass, true);
  }

private:
  using Clock = std::chrono::steady_clock;

  static double seconds(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
  }

  void finish(Pass *pass, bool passFailed) {
    if (pass->getArgument().empty())
      return;
    std::lock_guard<std::mutex> lock(mutex);
    current.clear();
    failed |= passFailed;
  }

  void printLine(const std::string &text) {
    std::lock_guard<std::mutex> lock(mutex);
    printLineLocked(text);
  }

  void printLineLocked(const std::string &text) {
    os << llvm::formatv("tile: [{0:f1} s] ", seconds(start)) << text << "\n";
    os.flush();
    printed = true;
    lastLine = Clock::now();
  }

  /// Every interval, a line for a pass that has been running since the last.
  void watch() {
    std::unique_lock<std::mutex> lock(mutex);
    auto interval = std::chrono::duration<double>(options.intervalSeconds);
    while (!stopping) {
      wake.wait_for(lock, interval);
      if (stopping || current.empty() ||
          seconds(start) < options.delaySeconds ||
          seconds(lastLine) < options.intervalSeconds ||
          seconds(currentSince) < options.intervalSeconds)
        continue;
      printLineLocked(llvm::formatv("still in {0} ({1:f0} s so far)", current,
                                    seconds(currentSince)));
    }
  }

  ProgressOptions options;
  llvm::raw_ostream &os;
  Clock::time_point start = Clock::now();
  Clock::time_point currentSince = start, lastLine = start;
  std::mutex mutex;
  std::condition_variable wake;
  std::string current;
  bool stopping = false, printed = false, failed = false;
  std::thread watcher; // Last: started once the rest is initialized.
};
} // namespace

bool mlir::tile::addProgressReporting(PassManager &pm, ProgressMode mode,
                                      ProgressOptions options,
                                      llvm::raw_ostream *os) {
  if (!wantsProgress(mode))
    return false;
  pm.addInstrumentation(std::make_unique<ProgressInstrumentation>(
      options, os ? *os : llvm::errs()));
  return true;
}
