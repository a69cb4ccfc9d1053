//===- Checks.h - the CPU backend's launch and memory checks ----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// What tile-gpu-to-host inserts for the checks of the CPU runtime
// (tile/CpuRuntime/CpuRuntime.h): the host code records its buffers, each
// launch is checked and finds the buffers of its memref arguments, and each
// memory access of a kernel is checked against its memref's shape and the
// buffer it is based on.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TILETOHOST_CHECKS_H
#define LIB_CONVERSION_TILETOHOST_CHECKS_H

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace mlir {
namespace tile {
namespace cpu {

/// The symbols the checks add to the module: the runtime functions they
/// call and their string constants (one memref.global per content).
class HostSymbols {
public:
  explicit HostSymbols(ModuleOp top);
  /// Notes a symbol added to the module after construction.
  void reserve(StringRef name) { taken.insert(name); }
  /// Calls the runtime function `name` (args -> `result`, or () without
  /// one), declared on first use; returns its result.
  Value call(OpBuilder &b, Location loc, StringRef name, ValueRange args,
             Type result = {});
  /// The private function `name` taking `numArgs` index values (and
  /// returning `result`, if any), created and given its body by `build` once.
  func::FuncOp getOrCreateFn(StringRef name, unsigned numArgs, Type result,
                             function_ref<void(func::FuncOp)> build);
  MLIRContext *getContext() { return top.getContext(); }
  /// The address of `text` plus a final NUL, as an index value.
  Value getString(OpBuilder &b, Location loc, StringRef text);

private:
  /// A symbol name that starts with `prefix` and is not taken.
  std::string getFreshName(StringRef prefix);

  ModuleOp top;
  llvm::StringSet<> taken;
  llvm::StringMap<std::string> strings;
  llvm::StringMap<func::FuncOp> functions;
  unsigned nextString = 0;
};

/// "file:line:col" of `loc`, or what it prints as.
std::string describeLoc(Location loc);

/// Bytes an element of `type` takes in a buffer (LLVM's allocation size).
int64_t getElementBytes(Type type);

/// What a report calls a buffer.
struct BufferName {
  std::string role;   ///< "kernel argument 0", "memref.alloca at f:3:5".
  std::string memory; ///< "global", "shared" or "local".
};

/// The buffer a memref is based on, as index values (start, size in bytes
/// and a description for the report, 0 for none), and its name.
struct BufferRef {
  Value begin, bytes, desc;
  BufferName name;
};

/// The byte extent [lo, hi) of what `memref` spans, relative to its
/// aligned pointer.
std::pair<Value, Value> emitExtent(OpBuilder &b, Location loc, Value memref);

/// Records every buffer the host code outside gpu.modules allocates
/// (memref.alloc, memref.alloca, memref.realloc, memref.get_global,
/// gpu.alloc) and forgets those it deallocates.
void registerHostBuffers(ModuleOp top, HostSymbols &symbols);

/// Finds, at a launch, the buffer of the host memref `memref`.
BufferRef findHostBuffer(OpBuilder &b, Location loc, Value memref,
                         HostSymbols &symbols);

/// What an access report names: the kernel and the running thread's ids.
struct KernelSite {
  std::string kernel, module;
  Value tid[3], bid[3];
};

/// Inserts before every memory access of `fn` (the host version of a
/// kernel) a check of its indices against its memref's shape and of its
/// bytes against its buffer, reporting a failure with
/// tile_cpu_report_access. `roots` gives the buffers of the function's
/// memref parameters, `names` the names of buffers it allocates; accesses
/// based on `skip` are not checked. Fails on an access it cannot check.
LogicalResult checkKernelAccesses(func::FuncOp fn, const KernelSite &site,
                                  const DenseMap<Value, BufferRef> &roots,
                                  const DenseMap<Value, BufferName> &names,
                                  ArrayRef<Value> skip, HostSymbols &symbols);

/// A kernel's access of memory through a memref: the element `indices` of
/// `memref`, read or written.
struct MemrefAccess {
  Value memref;
  SmallVector<Value> indices;
  bool write;
};

/// The access `op` makes if it is a memref or affine load or store, or a
/// memref atomic (a write); an affine map's indices are computed with `b`.
/// None for any other op.
std::optional<MemrefAccess> getMemrefAccess(OpBuilder &b, Operation *op);

/// Whether a memref of `type` is in shared (workgroup) memory.
bool isSharedMemref(Type type);

/// For the row a lane addresses of a warp's matrices (ldmatrix, stmatrix)
/// when only the first lanes' rows are read or written (.x1, .x2: the
/// others' addresses are ignored), whether lane `lane` is one of them;
/// else null.
Value rowGuard(OpBuilder &b, Location loc, const ::tile::ptx::OperandDesc &desc,
               Value lane);

/// Moves `b` into a new scf.if on `op`'s pred (negated as the op says),
/// where it has one: the instruction runs only there.
void guardByPred(OpBuilder &b, ApplyOp op);

/// In a kernel with cp.async (its expanded `applies`), tells the runtime of
/// each copy and group operation and checks every access of shared memory
/// against the copies their thread has not waited for (see
/// tile_cpu_async_access). Returns whether the kernel has cp.async (its
/// blocks then start with tile_cpu_async_block).
bool checkAsyncCopies(func::FuncOp fn, ArrayRef<ApplyOp> applies,
                      const KernelSite &ids, Value lane, HostSymbols &symbols);

} // namespace cpu
} // namespace tile
} // namespace mlir

#endif // LIB_CONVERSION_TILETOHOST_CHECKS_H
