//===- TileToHost.cpp - the CPU backend: kernels as host code -------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Each kernel becomes a host function that runs one thread; each expanded
// tile.apply one call of tile_cpu_apply (tile/CpuRuntime/CpuRuntime.h), which
// dispatches on the instruction table's semantics key; each gpu.launch_func
// loops over the grid's blocks and each block's threads. A kernel that
// synchronizes its threads (gpu.barrier) runs them together instead: each
// thread of a block is a fiber of tile_cpu_block_spawn, started through an
// entry function that takes the host function's arguments packed in one
// LLVM struct. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToHost/TileToHost.h"
#include "Checks.h"
#include "tile/CpuRuntime/CpuRuntime.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/StringSet.h"

#include <array>

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_CONVERTGPUTILETOHOST
#include "tile/Conversion/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;
namespace ptx = ::tile::ptx;
using cpu::BufferName;
using cpu::BufferRef;
using ::tile::cpu::kSlotBytes;

std::string mlir::tile::getHostKernelName(StringRef module, StringRef kernel) {
  return ("__tile_cpu_" + module + "_" + kernel).str();
}

/// Whether `op` names a generic address (isspacep's a) or converts one
/// (cvta: the running thread's CTA gives the shared window).
static bool hasGenericAddress(ApplyOp op) {
  if (op.getInstr().form->semantics == ptx::Semantics::SpaceConvert)
    return true;
  return llvm::any_of(op.getInstr().form->getOperands(), [](auto &o) {
    return o.space == ptx::StateSpace::Generic;
  });
}

/// Why the CPU backend cannot run instructions of form `form`, or null.
static const char *getUnmodeledReason(const ptx::FormDesc &form) {
  for (const ptx::OperandDesc &o : form.getOperands())
    if (o.fragment && o.fragment->unknown)
      return o.fragment->unknown;
  if (form.arith && form.arith->kind == ptx::MmaKind::Unmodeled)
    return "is an mma whose arithmetic the ISA leaves open and no GPU here "
           "has measured (a chip this project has none of)";
  switch (form.semantics) {
  case ptx::Semantics::Mbarrier:
    if (form.mbarrierOp != ptx::MbarrierOp::None)
      return nullptr;
    return "is an mbarrier operation the CPU backend does not model";
  default:
    return nullptr;
  }
}

namespace {

constexpr StringLiteral kApplyFn = "tile_cpu_apply";
constexpr StringLiteral kCollectiveFn = "tile_cpu_collective";
constexpr StringLiteral kMbarrierFn = "tile_cpu_mbarrier";
constexpr StringLiteral kBulkFn = "tile_cpu_bulk";
constexpr StringLiteral kCtaBarrierFn = "tile_cpu_cta_barrier";

/// The alignment of device memory (gpu.alloc), as cudaMalloc's.
constexpr int64_t kDeviceAlign = 256;
/// The alignment of each buffer in a block's shared memory (a 128-byte
/// swizzle repeats every 1024 bytes).
constexpr int64_t kSharedBufferAlign = 1024;
/// The most CTAs of a cooperative launch (tile.grid_sync) the CPU backend
/// lays out when it compiles (each CTA's code is written out); the
/// runtime also bounds their threads (tile_cpu_block_begin).
constexpr int64_t kMaxCooperativeCtas = 1024;

/// Whether a workgroup buffer of static shape `type` has a layout of
/// static strides and offset (tile-check-targets refuses one that reaches
/// past its element count, which is what the GPU allocates).
bool hasStaticLayout(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         !ShapedType::isDynamic(offset) &&
         llvm::none_of(strides, ShapedType::isDynamic);
}

/// The first shared memory of `fn` outside the block's arena (where an
/// address's low bits are not its shared address), described; "" if none.
/// (Every workgroup buffer is in the arena: createHostFn refuses one of
/// dynamic layout.)
std::string findSharedOutsideArena(func::FuncOp fn) {
  std::string global;
  fn.walk([&](memref::GetGlobalOp get) {
    if (!cpu::isSharedMemref(get.getType()))
      return WalkResult::advance();
    global = "memref.global @" + get.getName().str();
    return WalkResult::interrupt();
  });
  return global;
}

/// Whether `op` is a warp collective, whose lanes meet.
bool isCollective(ApplyOp op) {
  return ptx::isCollective(op.getInstr().form->semantics);
}

/// Whether `op` operates on an mbarrier object the runtime models.
bool isMbarrier(ApplyOp op) {
  return op.getInstr().form->mbarrierOp != ptx::MbarrierOp::None;
}

/// Whether `op` is a barrier of the block's threads (bar.red), which
/// tile_cpu_cta_barrier runs.
bool isCtaBarrier(ApplyOp op) {
  return ptx::isCtaBarrier(op.getInstr().form->semantics);
}

/// Whether `op` needs the shared memory of the CTAs of the cluster (mapa,
/// getctarank, ld, st, atom and red of .shared::cluster, st.async,
/// red.async, ld and st through a generic address in a register).
bool needsClusterMemory(ApplyOp op) {
  switch (op.getInstr().form->semantics) {
  case ptx::Semantics::Mapa:
  case ptx::Semantics::GetCtaRank:
  case ptx::Semantics::ClusterLoad:
  case ptx::Semantics::ClusterStore:
  case ptx::Semantics::AddressLoad:
  case ptx::Semantics::AddressStore:
  case ptx::Semantics::ClusterAtomic:
  case ptx::Semantics::AsyncStore:
  case ptx::Semantics::AsyncReduce:
    return true;
  default:
    return false;
  }
}

/// Whether `op` is a bulk copy or prefetch (tile_cpu_bulk runs it).
bool isBulk(ApplyOp op) {
  ptx::Semantics sem = op.getInstr().form->semantics;
  return sem == ptx::Semantics::BulkCopy ||
         sem == ptx::Semantics::BulkPrefetch ||
         sem == ptx::Semantics::BulkReduce;
}

/// `type` without its memory space (register tiles and GPU address spaces
/// are plain host memory here).
Type stripSpace(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.getMemorySpace())
    return type;
  return MemRefType::get(memref.getShape(), memref.getElementType(),
                         memref.getLayout(), Attribute());
}

SmallVector<Type> stripSpaces(TypeRange types) {
  return llvm::map_to_vector(types, stripSpace);
}

/// Drops the memory space of every memref value in `fn`.
void stripSpaces(func::FuncOp fn) {
  fn.walk([](Operation *op) {
    for (Value r : op->getResults())
      r.setType(stripSpace(r.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument a : block.getArguments())
          a.setType(stripSpace(a.getType()));
  });
  fn.setFunctionType(FunctionType::get(fn.getContext(),
                                       stripSpaces(fn.getArgumentTypes()),
                                       stripSpaces(fn.getResultTypes())));
}

/// Inlines device functions into a kernel's body too, which the GPU
/// dialect's rules keep calls out of (a kernel becomes a host function);
/// each op is still asked its dialect's rules.
struct DeviceInliner : public InlinerInterface {
  using InlinerInterface::InlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};

/// Moves the kernel's memref.allocas of static shape to its entry, so that
/// one inlined into a loop does not grow the thread's stack each trip (on
/// the GPU its frame is freed at each return).
void hoistAllocas(gpu::GPUFuncOp kernel) {
  Block &entry = kernel.getBody().front();
  SmallVector<memref::AllocaOp> allocas;
  kernel.walk([&](memref::AllocaOp a) {
    if (a->getBlock() != &entry && a->getNumOperands() == 0)
      allocas.push_back(a);
  });
  for (memref::AllocaOp a : allocas)
    a->moveBefore(&entry, entry.begin());
}

/// Whether `fn`, a func.func of `module`, calls itself through calls of
/// the module's functions. `onPath` holds the functions being followed.
bool isRecursive(func::FuncOp fn, gpu::GPUModuleOp module,
                 llvm::SmallPtrSetImpl<Operation *> &onPath) {
  if (!onPath.insert(fn).second)
    return true;
  WalkResult found = fn.walk([&](func::CallOp call) {
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
    return callee && isRecursive(callee, module, onPath)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  onPath.erase(fn);
  return found.wasInterrupted();
}

/// Inlines into `kernel` the calls of single-block, non-recursive
/// func.funcs of `module`.
void inlineDeviceCalls(gpu::GPUFuncOp kernel, gpu::GPUModuleOp module) {
  DeviceInliner inliner(kernel.getContext());
  auto clone = [](OpBuilder &, Region *src, Block *inlineBlock,
                  Block *postInsertBlock, IRMapping &mapper, bool) {
    src->cloneInto(inlineBlock->getParent(), postInsertBlock->getIterator(),
                   mapper);
  };
  for (;;) {
    SmallVector<std::pair<func::CallOp, func::FuncOp>> calls;
    kernel.walk([&](func::CallOp call) {
      auto fn = module.lookupSymbol<func::FuncOp>(call.getCallee());
      llvm::SmallPtrSet<Operation *, 8> onPath;
      if (fn && !fn.isExternal() && fn.getBody().hasOneBlock() &&
          !isRecursive(fn, module, onPath))
        calls.push_back({call, fn});
    });
    bool inlined = false;
    for (auto [call, fn] : calls)
      if (succeeded(inlineCall(inliner, clone, call, fn, &fn.getBody()))) {
        call.erase();
        inlined = true;
      }
    if (!inlined)
      return hoistAllocas(kernel);
  }
}

/// The ids of the running thread: the host function's trailing arguments.
/// The ids a kernel's host function takes (the thread's, the CTA's, the
/// block's and grid's extents, the cluster's shape) and what it computes of
/// them (the lane, the ids within and of the cluster).
struct ThreadIds {
  Value tid[3], bid[3], bdim[3], gdim[3], cdim[3];
  Value lane;
  /// %cluster_ctaid, %clusterid, %nclusterid, %cluster_ctarank and
  /// %cluster_nctarank.
  Value clusterBid[3], clusterId[3], numClusters[3], clusterRank, clusterCtas;
};

/// Stores `value` into slot `slot` of the byte buffer `buf`.
void storeSlot(OpBuilder &b, Location loc, Value buf, unsigned slot,
               Value value) {
  Value off = arith::ConstantIndexOp::create(b, loc, slot * kSlotBytes);
  auto viewType = MemRefType::get({}, value.getType());
  Value view = memref::ViewOp::create(b, loc, viewType, buf, off, {});
  memref::StoreOp::create(b, loc, value, view, ValueRange{});
}

/// Loads an element of type `type` from slot `slot` of `buf`.
Value loadSlot(OpBuilder &b, Location loc, Value buf, unsigned slot,
               Type type) {
  Value off = arith::ConstantIndexOp::create(b, loc, slot * kSlotBytes);
  auto viewType = MemRefType::get({}, type);
  Value view = memref::ViewOp::create(b, loc, viewType, buf, off, {});
  return memref::LoadOp::create(b, loc, view, ValueRange{});
}

/// The elements one operand contributes: the atom for a tensor operand,
/// one for a broadcast scalar, except an accumulator's (mma's c), which
/// fills every register of its fragment.
unsigned elementCount(const ptx::OperandDesc &desc, Value arg) {
  return isa<MemRefType>(arg.getType()) || desc.accumulator ? desc.atom : 1;
}

/// Counts the slots `op` needs in the input and output buffers.
std::pair<unsigned, unsigned> countSlots(ApplyOp op) {
  unsigned in = 0, out = 0;
  bool addresses = isMbarrier(op) || isBulk(op);
  for (auto [desc, arg] :
       llvm::zip(op.getInstr().form->getOperands(), op.getArgs())) {
    // A memory operand passed by its address: one source slot.
    if (addresses && desc.kind == ptx::OperandKind::Memory)
      ++in;
    else
      (desc.role == ptx::OperandRole::Use ? in : out) +=
          elementCount(desc, arg);
    // A destination that the instruction also reads (wgmma's d).
    if (desc.readsDst)
      in += elementCount(desc, arg);
  }
  return {in, out};
}

/// For element `k` of cp.async's source `desc`, whether the copy reads it:
/// with `src-size`, where the element starts below that many bytes; with
/// `ignore-src`, where that is false; null (always) without either.
Value copyGuard(OpBuilder &b, Location loc, ApplyOp op,
                const ptx::OperandDesc &desc, unsigned k) {
  llvm::ArrayRef<ptx::OperandDesc> ops = op.getInstr().form->getOperands();
  if (ops.size() < 4 || !ops[3].sourceLimit)
    return {};
  Value tail = op.getArgs()[3];
  if (isa<MemRefType>(tail.getType()))
    tail = memref::LoadOp::create(
        b, loc, tail, ValueRange{arith::ConstantIndexOp::create(b, loc, 0)});
  if (ops[3].type == ptx::DataType::Pred)
    return arith::XOrIOp::create(b, loc, tail,
                                 arith::ConstantIntOp::create(b, loc, 1, 1));
  unsigned start = k * ptx::getInfo(desc.type).bits / 8;
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ugt, tail,
      arith::ConstantIntOp::create(b, loc, tail.getType(), start));
}

/// Element `k` of the rank-1 view `arg`; where `guard` is false, zero
/// without touching memory.
Value loadElement(OpBuilder &b, Location loc, Value arg, unsigned k,
                  Value guard) {
  auto load = [&](OpBuilder &ib, Location l) -> Value {
    Value idx = arith::ConstantIndexOp::create(ib, l, k);
    return memref::LoadOp::create(ib, l, arg, ValueRange{idx});
  };
  if (!guard)
    return load(b, loc);
  Type elt = cast<MemRefType>(arg.getType()).getElementType();
  auto ifOp = scf::IfOp::create(
      b, loc, guard,
      [&](OpBuilder &ib, Location l) {
        scf::YieldOp::create(ib, l, load(ib, l));
      },
      [&](OpBuilder &ib, Location l) {
        Value zero = arith::ConstantOp::create(
            ib, l, cast<TypedAttr>(ib.getZeroAttr(elt)));
        scf::YieldOp::create(ib, l, zero);
      });
  return ifOp.getResult(0);
}

/// One expanded tile.apply -> loads into `inBuf`, a tile_cpu_apply call,
/// stores from `outBuf`; under `pred`, inside an scf.if. A collective's
/// call names its instruction `site` (the lanes waiting at one site
/// execute it together) where tile_cpu_apply's says whether it is
/// predicated.
void lowerApply(ApplyOp op, Value inBuf, Value outBuf, int64_t site,
                Value lane) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  ptx::Instr instr = op.getInstr();
  auto negate = [&](Value v) -> Value {
    return arith::XOrIOp::create(b, loc, v,
                                 arith::ConstantIntOp::create(b, loc, 1, 1));
  };
  cpu::guardByPred(b, op);
  struct Write {
    Value dest;
    unsigned index, slot;
    /// Stores only where true (the rows of ldmatrix .x1/.x2's lanes).
    Value guard;
  };
  SmallVector<Write> writes;
  unsigned inSlot = 0, outSlot = 0;
  for (auto [index, desc, arg] :
       llvm::enumerate(instr.form->getOperands(), op.getArgs())) {
    bool isTensor = isa<MemRefType>(arg.getType());
    bool negated = op.isArgNegated(index);
    Value guard = cpu::rowGuard(b, loc, desc, lane);
    bool copySource = instr.form->semantics == ptx::Semantics::AsyncCopy &&
                      desc.kind == ptx::OperandKind::Memory &&
                      desc.role == ptx::OperandRole::Use;
    // An mbarrier object is modeled by its address, a bulk copy moves the
    // bytes at its operands' addresses, and an address only named
    // (prefetch's, createpolicy.range's) or computed with (mapa's) is its
    // address.
    if ((isMbarrier(op) || isBulk(op) || desc.anyElement ||
         desc.addressValue) &&
        desc.kind == ptx::OperandKind::Memory) {
      storeSlot(b, loc, inBuf, inSlot++, buildMemRefAddress(b, loc, arg));
      continue;
    }
    for (unsigned k = 0, e = elementCount(desc, arg); k < e; ++k) {
      if (desc.readsDst)
        storeSlot(b, loc, inBuf, inSlot++, loadElement(b, loc, arg, k, {}));
      if (desc.role != ptx::OperandRole::Use) {
        writes.push_back({arg, k, outSlot++, guard});
        continue;
      }
      Value v = arg;
      if (isTensor)
        v = loadElement(b, loc, arg, k,
                        copySource ? copyGuard(b, loc, op, desc, k) : guard);
      if (negated)
        v = negate(v);
      storeSlot(b, loc, inBuf, inSlot++, v);
    }
  }
  auto i64 = b.getI64Type();
  Value form = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(i64, instr.form->getIndex()));
  static_assert(ptx::QualSet::kWords == 8, "tile_cpu_apply takes 8 words");
  SmallVector<Value, 14> args{form};
  for (unsigned i = 0; i < ptx::QualSet::kWords; ++i)
    args.push_back(arith::ConstantOp::create(
        b, loc,
        b.getIntegerAttr(i64, static_cast<int64_t>(instr.quals.word(i)))));
  int64_t predicatedOrSite = op.getPred() ? 1 : 0;
  if (isCollective(op) || isMbarrier(op) || isBulk(op) || isCtaBarrier(op))
    predicatedOrSite = site;
  Value fourth = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(i64, predicatedOrSite));
  auto ptrOf = [&](Value buf) -> Value {
    if (!buf)
      return arith::ConstantIndexOp::create(b, loc, 0);
    return memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buf);
  };
  args.append({fourth, ptrOf(inBuf), ptrOf(outBuf)});
  StringRef callee = isCollective(op)   ? kCollectiveFn
                     : isMbarrier(op)   ? kMbarrierFn
                     : isBulk(op)       ? kBulkFn
                     : isCtaBarrier(op) ? kCtaBarrierFn
                                        : kApplyFn;
  func::CallOp::create(b, loc, callee, TypeRange{}, args);
  for (const Write &w : writes) {
    Type elt = cast<MemRefType>(w.dest.getType()).getElementType();
    Value v = loadSlot(b, loc, outBuf, w.slot, elt);
    OpBuilder::InsertionGuard g(b);
    if (w.guard)
      b.setInsertionPoint(
          scf::IfOp::create(b, loc, w.guard, /*withElseRegion=*/false)
              .thenBlock()
              ->getTerminator());
    Value idx = arith::ConstantIndexOp::create(b, loc, w.index);
    memref::StoreOp::create(b, loc, v, w.dest, ValueRange{idx});
  }
  op.erase();
}

/// Whether `op` is one the host version of a kernel can run: everything
/// but GPU and NVVM ops, which need a GPU or threads that run together.
bool isHostable(Operation *op) {
  StringRef ns = op->getName().getDialectNamespace();
  return ns != "gpu" && ns != "nvvm" && ns != "rocdl";
}

/// The thread's or the CTA's index or extent that `op` reads
/// (nvvm.read.ptx.sreg.tid.x & co.), an index value of `ids`; null for any
/// other op.
Value getIdRegister(Operation *op, const ThreadIds &ids) {
  auto dims = [&](auto x, auto y, auto z, const Value *v) -> Value {
    if (isa<decltype(x)>(op))
      return v[0];
    if (isa<decltype(y)>(op))
      return v[1];
    return isa<decltype(z)>(op) ? v[2] : Value();
  };
  if (Value v = dims(NVVM::ThreadIdXOp(), NVVM::ThreadIdYOp(),
                     NVVM::ThreadIdZOp(), ids.tid))
    return v;
  if (Value v = dims(NVVM::BlockDimXOp(), NVVM::BlockDimYOp(),
                     NVVM::BlockDimZOp(), ids.bdim))
    return v;
  if (Value v = dims(NVVM::BlockIdXOp(), NVVM::BlockIdYOp(), NVVM::BlockIdZOp(),
                     ids.bid))
    return v;
  if (Value v = dims(NVVM::GridDimXOp(), NVVM::GridDimYOp(), NVVM::GridDimZOp(),
                     ids.gdim))
    return v;
  if (Value v = dims(NVVM::BlockInClusterIdXOp(), NVVM::BlockInClusterIdYOp(),
                     NVVM::BlockInClusterIdZOp(), ids.clusterBid))
    return v;
  if (Value v = dims(NVVM::ClusterDimBlocksXOp(), NVVM::ClusterDimBlocksYOp(),
                     NVVM::ClusterDimBlocksZOp(), ids.cdim))
    return v;
  if (Value v = dims(NVVM::ClusterIdXOp(), NVVM::ClusterIdYOp(),
                     NVVM::ClusterIdZOp(), ids.clusterId))
    return v;
  if (Value v = dims(NVVM::ClusterDimXOp(), NVVM::ClusterDimYOp(),
                     NVVM::ClusterDimZOp(), ids.numClusters))
    return v;
  if (isa<NVVM::ClusterId>(op))
    return ids.clusterRank;
  return isa<NVVM::ClusterDim>(op) ? ids.clusterCtas : Value();
}

/// The ids within and of the cluster, from the CTA's id, the grid and the
/// cluster's shape, at `b`.
void computeClusterIds(OpBuilder &b, Location loc, ThreadIds &ids) {
  for (unsigned d = 0; d < 3; ++d) {
    ids.clusterBid[d] = arith::RemUIOp::create(b, loc, ids.bid[d], ids.cdim[d]);
    ids.clusterId[d] = arith::DivUIOp::create(b, loc, ids.bid[d], ids.cdim[d]);
    ids.numClusters[d] =
        arith::DivUIOp::create(b, loc, ids.gdim[d], ids.cdim[d]);
  }
  auto mul = [&](Value x, Value y) {
    return arith::MulIOp::create(b, loc, x, y).getResult();
  };
  auto add = [&](Value x, Value y) {
    return arith::AddIOp::create(b, loc, x, y).getResult();
  };
  ids.clusterRank =
      add(ids.clusterBid[0],
          mul(ids.cdim[0],
              add(ids.clusterBid[1], mul(ids.cdim[1], ids.clusterBid[2]))));
  ids.clusterCtas = mul(ids.cdim[0], mul(ids.cdim[1], ids.cdim[2]));
}

/// A special register the kernel reads (nvvm.read.ptx.sreg.*; the table's
/// SpecialReg records), computed before `op` on the host: the ids from the
/// launch (`ids`), %laneid and the lane masks from the thread's lane, the
/// clocks from the runtime's counter (tile_cpu_clock). Null for any other
/// op.
Value lowerSpecialRegister(Operation *op, const ThreadIds &ids,
                           cpu::HostSymbols &symbols) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  if (Value id = getIdRegister(op, ids))
    return arith::IndexCastOp::create(b, loc, i32, id);
  auto constant = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i32, v).getResult();
  };
  if (isa<NVVM::ClockOp, NVVM::Clock64Op, NVVM::GlobalTimerOp,
          NVVM::GlobalTimerLoOp>(op)) {
    Value count = symbols.call(b, loc, "tile_cpu_clock", {}, i64);
    if (op->getResult(0).getType() == i64)
      return count;
    return arith::TruncIOp::create(b, loc, i32, count);
  }
  if (!isa<NVVM::LaneIdOp, NVVM::LaneMaskEqOp, NVVM::LaneMaskLeOp,
           NVVM::LaneMaskLtOp, NVVM::LaneMaskGeOp, NVVM::LaneMaskGtOp>(op))
    return nullptr;
  Value id = arith::IndexCastOp::create(b, loc, i32, ids.lane);
  if (isa<NVVM::LaneIdOp>(op))
    return id;
  Value eq = arith::ShLIOp::create(b, loc, constant(1), id);
  Value ge = arith::ShLIOp::create(b, loc, constant(-1), id);
  if (isa<NVVM::LaneMaskEqOp>(op))
    return eq;
  if (isa<NVVM::LaneMaskGeOp>(op))
    return ge;
  if (isa<NVVM::LaneMaskGtOp>(op))
    return arith::XOrIOp::create(b, loc, ge, eq);
  Value lt = arith::SubIOp::create(b, loc, eq, constant(1));
  if (isa<NVVM::LaneMaskLtOp>(op))
    return lt;
  return arith::OrIOp::create(b, loc, lt, eq);
}

/// gpu.printf on the host: tile_cpu_printf with the format, the kinds of
/// the arguments ('i' 32-bit and 'l' 64-bit integers, 'd' floats, which the
/// GPU promotes to double) and their values in 8-byte slots of a buffer of
/// the kernel's entry block `entry`.
LogicalResult lowerPrintf(gpu::PrintfOp op, Block &entry,
                          cpu::HostSymbols &symbols) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type i64 = b.getI64Type();
  std::string kinds;
  SmallVector<Value> slots;
  for (Value arg : op.getArgs()) {
    Type type = arg.getType();
    if (isa<FloatType>(type)) {
      if (!type.isF64())
        arg = arith::ExtFOp::create(b, loc, b.getF64Type(), arg);
      slots.push_back(arith::BitcastOp::create(b, loc, i64, arg));
      kinds += 'd';
    } else if (type.isIndex() || type.isInteger(64)) {
      slots.push_back(
          type.isIndex() ? arith::IndexCastOp::create(b, loc, i64, arg) : arg);
      kinds += 'l';
    } else if (type.isInteger(32)) {
      slots.push_back(arith::ExtUIOp::create(b, loc, i64, arg));
      kinds += 'i';
    } else {
      return op.emitOpError("prints a value of type ")
             << type
             << ", which vprintf does not promote: pass a 32- or 64-bit "
                "integer or a float";
    }
  }
  OpBuilder eb(&entry, entry.begin());
  Value buf = memref::AllocaOp::create(
      eb, loc,
      MemRefType::get({std::max<int64_t>(int64_t(slots.size()), 1)}, i64));
  for (auto [i, v] : llvm::enumerate(slots))
    memref::StoreOp::create(b, loc, v, buf,
                            ValueRange{arith::ConstantIndexOp::create(
                                b, loc, static_cast<int64_t>(i))});
  symbols.call(b, loc, "tile_cpu_printf",
               {symbols.getString(b, loc, op.getFormat()),
                symbols.getString(b, loc, kinds),
                memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buf)});
  op.erase();
  return success();
}

/// Bytes of a static workgroup buffer of `type`.
int64_t getStaticBytes(MemRefType type) {
  return type.getNumElements() * cpu::getElementBytes(type.getElementType());
}

/// What a launch of a kernel needs to know of its host function.
struct KernelInfo {
  std::string kernel, module;
  unsigned numArgs = 0;
  /// The workgroup buffers' types, and whether the kernel takes the dynamic
  /// shared memory (a memref<?xi8> after them).
  SmallVector<MemRefType> workgroup;
  bool dynamicShared = false;
  /// The kernel's cluster shape (known_cluster_size), if it declares one.
  std::optional<std::array<int64_t, 3>> knownCluster;
  /// The parameters (among the arguments, then the workgroup buffers) whose
  /// buffer the function takes after the ids, as start, size and
  /// description.
  SmallVector<unsigned> bufferParams;
  int64_t staticShared = 0;
  /// The threads of a block run together (the kernel synchronizes them):
  /// launched through `entry`, which takes the host function's arguments
  /// as one `argsType` struct.
  bool together = false;
  /// The kernel has cp.async: each block starts with tile_cpu_async_block.
  bool asyncCopies = false;
  /// The kernel synchronizes its grid (tile.grid_sync): a launch runs all
  /// its CTAs together.
  bool gridSync = false;
  /// An instruction of the kernel reaches other CTAs of its cluster (mapa,
  /// barrier.cluster, multicast, ...).
  bool clusterOps = false;
  func::FuncOp entry;
  Type argsType;
};

struct ConvertGpuTileToHostPass
    : public mlir::tile::impl::ConvertGpuTileToHostBase<
          ConvertGpuTileToHostPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    cpu::HostSymbols symbols(top);
    this->symbols = &symbols;
    if (boundsCheck)
      cpu::registerHostBuffers(top, symbols);
    if (failed(outlineKernels(top)) || failed(rewriteHost(top)))
      return signalPassFailure();
    for (auto module :
         llvm::make_early_inc_range(top.getOps<gpu::GPUModuleOp>()))
      module.erase();
    top->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  }

  cpu::HostSymbols *symbols = nullptr;
  llvm::StringMap<KernelInfo> kernels;
  llvm::StringSet<> movedGlobals;
  /// The next instruction's site, unique in the module.
  int64_t nextSite = 0;

  /// Declares tile_cpu_apply, tile_cpu_collective, tile_cpu_mbarrier,
  /// tile_cpu_bulk and tile_cpu_cta_barrier (i64 form, i64 x 8 qualifier
  /// words, i64 predicated or site, index in, index out).
  void declareApply(ModuleOp top) {
    OpBuilder b = OpBuilder::atBlockEnd(top.getBody());
    auto i64 = b.getI64Type();
    SmallVector<Type, 12> params(2 + ptx::QualSet::kWords, i64);
    params.append({b.getIndexType(), b.getIndexType()});
    for (StringRef name :
         {kApplyFn, kCollectiveFn, kMbarrierFn, kBulkFn, kCtaBarrierFn}) {
      if (top.lookupSymbol(name))
        continue;
      auto fn = func::FuncOp::create(b, top.getLoc(), name,
                                     b.getFunctionType(params, {}));
      fn.setPrivate();
    }
  }

  /// Moves the memref.globals of `module` to `top` (as
  /// getHostKernelName(module, global)), without their memory space.
  void moveGlobals(ModuleOp top, gpu::GPUModuleOp module) {
    for (auto global : llvm::make_early_inc_range(
             module.getBody()->getOps<memref::GlobalOp>())) {
      std::string name =
          getHostKernelName(module.getName(), global.getSymName());
      global->moveBefore(top.getBody(), top.getBody()->end());
      global.setSymName(name);
      global.setType(cast<MemRefType>(stripSpace(global.getType())));
      symbols->reserve(name);
      movedGlobals.insert(name);
    }
  }

  LogicalResult outlineKernels(ModuleOp top) {
    bool needApply = false;
    for (auto module : top.getOps<gpu::GPUModuleOp>())
      moveGlobals(top, module);
    for (auto module : top.getOps<gpu::GPUModuleOp>()) {
      for (Operation &op : module.getBody()->getOperations()) {
        auto kernel = dyn_cast<gpu::GPUFuncOp>(op);
        if (!kernel)
          continue;
        if (!kernel.isKernel())
          return kernel.emitOpError(
              "is a device function; the CPU backend runs kernels only "
              "(inline it into the kernel)");
        if (failed(outline(top, module, kernel, needApply)))
          return failure();
      }
    }
    if (needApply)
      declareApply(top);
    return success();
  }

  /// Outlines `kernel` into a host function; sets `needApply` when it
  /// calls tile_cpu_apply.
  /// The host function of `kernel`, with its body: it takes the kernel's
  /// arguments, its workgroup buffers, the dynamic shared memory (a
  /// memref<?xi8>, where the kernel uses it), then the 15 ids (added by the
  /// caller). Fills `info`. Null (with an error) for a workgroup buffer of
  /// dynamic layout.
  func::FuncOp createHostFn(ModuleOp top, gpu::GPUModuleOp module,
                            gpu::GPUFuncOp kernel, KernelInfo &info) {
    MLIRContext *ctx = &getContext();
    info.kernel = kernel.getName().str();
    info.module = module.getName().str();
    info.numArgs = kernel.getNumArguments();
    kernel.walk([&](gpu::DynamicSharedMemoryOp) { info.dynamicShared = true; });
    SmallVector<Type> inputs = stripSpaces(kernel.getArgumentTypes());
    for (BlockArgument a : kernel.getWorkgroupAttributions()) {
      auto type = cast<MemRefType>(stripSpace(a.getType()));
      if (type.hasStaticShape() && !hasStaticLayout(type)) {
        kernel.emitOpError("has a workgroup buffer of dynamic layout (")
            << type
            << "), whose strides and offset no launch gives: the CPU "
               "backend cannot lay it out";
        return nullptr;
      }
      inputs.push_back(type);
      info.workgroup.push_back(type);
      if (type.hasStaticShape())
        info.staticShared += getStaticBytes(type);
    }
    auto bytes =
        MemRefType::get({ShapedType::kDynamic}, IntegerType::get(ctx, 8));
    if (info.dynamicShared)
      inputs.push_back(bytes);
    inputs.append(15, IndexType::get(ctx));
    if (std::optional<ArrayRef<int32_t>> c = kernel.getKnownClusterSize();
        c && c->size() == 3)
      info.knownCluster = {(*c)[0], (*c)[1], (*c)[2]};
    std::string name = getHostKernelName(module.getName(), kernel.getName());
    symbols->reserve(name);
    OpBuilder b = OpBuilder::atBlockEnd(top.getBody());
    auto fn = func::FuncOp::create(b, kernel.getLoc(), name,
                                   FunctionType::get(ctx, inputs, {}));
    fn.setPrivate();
    fn.getBody().takeBody(kernel.getBody());
    return fn;
  }

  /// Private attributions (the entry arguments from `first` on): one buffer
  /// per thread, made at `b`.
  void addPrivateBuffers(OpBuilder &b, Block &entry, unsigned first,
                         DenseMap<Value, BufferName> &names) {
    while (entry.getNumArguments() > first) {
      BlockArgument a = entry.getArguments().back();
      auto type = cast<MemRefType>(stripSpace(a.getType()));
      Value buf = memref::AllocaOp::create(b, a.getLoc(), type);
      names[buf] = {"private buffer " +
                        std::to_string(a.getArgNumber() - first),
                    "local"};
      a.replaceAllUsesWith(buf);
      entry.eraseArgument(a.getArgNumber());
    }
  }

  LogicalResult outline(ModuleOp top, gpu::GPUModuleOp module,
                        gpu::GPUFuncOp kernel, bool &needApply) {
    MLIRContext *ctx = &getContext();
    Location loc = kernel.getLoc();
    IndexType index = IndexType::get(ctx);
    inlineDeviceCalls(kernel, module);
    WalkResult calls = kernel.walk([&](CallOpInterface call) {
      auto callee =
          llvm::dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
      if (!callee || !module.lookupSymbol(callee.getRootReference()))
        return WalkResult::advance();
      call->emitOpError("calls device function ")
          << callee
          << ", which the CPU backend could not inline into the kernel (a "
             "recursive call, one without a body or of several blocks, or "
             "ops that may not move there)";
      return WalkResult::interrupt();
    });
    if (calls.wasInterrupted())
      return failure();
    KernelInfo &info =
        kernels[getHostKernelName(module.getName(), kernel.getName())];
    func::FuncOp fn = createHostFn(top, module, kernel, info);
    if (!fn)
      return failure();
    Block &entry = fn.front();
    DenseMap<Value, BufferName> names;
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    addPrivateBuffers(b, entry, info.numArgs + info.workgroup.size(), names);
    Value dynamicBuffer;
    if (info.dynamicShared)
      dynamicBuffer = entry.addArgument(
          MemRefType::get(
              {ShapedType::kDynamic}, b.getI8Type(),
              MemRefLayoutAttrInterface(),
              gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup)),
          loc);
    ThreadIds ids;
    for (Value *v : {ids.tid, ids.bid, ids.bdim, ids.gdim, ids.cdim})
      for (unsigned d = 0; d < 3; ++d)
        v[d] = entry.addArgument(index, loc);
    // The lane, as on the GPU: the linear thread id within the block
    // modulo 32.
    Value linear = arith::AddIOp::create(
        b, loc, ids.tid[0],
        arith::MulIOp::create(
            b, loc, ids.bdim[0],
            arith::AddIOp::create(
                b, loc, ids.tid[1],
                arith::MulIOp::create(b, loc, ids.bdim[1], ids.tid[2]))));
    ids.lane = arith::RemUIOp::create(
        b, loc, linear, arith::ConstantIndexOp::create(b, loc, 32));
    computeClusterIds(b, loc, ids);

    // GPU ops: ids become arguments, returns host returns; the rest cannot
    // run here.
    SmallVector<Operation *> gpuOps;
    fn.walk([&](Operation *op) {
      if (!isHostable(op))
        gpuOps.push_back(op);
    });
    for (Operation *op : gpuOps) {
      auto dim = [](gpu::Dimension d) { return static_cast<unsigned>(d); };
      Value replacement;
      if (auto o = dyn_cast<gpu::ThreadIdOp>(op))
        replacement = ids.tid[dim(o.getDimension())];
      else if (auto o = dyn_cast<gpu::BlockIdOp>(op))
        replacement = ids.bid[dim(o.getDimension())];
      else if (auto o = dyn_cast<gpu::BlockDimOp>(op))
        replacement = ids.bdim[dim(o.getDimension())];
      else if (auto o = dyn_cast<gpu::GridDimOp>(op))
        replacement = ids.gdim[dim(o.getDimension())];
      else if (auto o = dyn_cast<gpu::ClusterBlockIdOp>(op))
        replacement = ids.clusterBid[dim(o.getDimension())];
      else if (auto o = dyn_cast<gpu::ClusterIdOp>(op))
        replacement = ids.clusterId[dim(o.getDimension())];
      else if (auto o = dyn_cast<gpu::ClusterDimBlocksOp>(op))
        replacement = ids.cdim[dim(o.getDimension())];
      else if (auto o = dyn_cast<gpu::ClusterDimOp>(op))
        replacement = ids.numClusters[dim(o.getDimension())];
      else if (isa<gpu::LaneIdOp>(op))
        replacement = ids.lane;
      else if (isa<gpu::DynamicSharedMemoryOp>(op))
        replacement = dynamicBuffer;
      else if (Value v = lowerSpecialRegister(op, ids, *symbols))
        replacement = v;
      else if (auto o = dyn_cast<gpu::GlobalIdOp>(op)) {
        OpBuilder ob(op);
        unsigned d = dim(o.getDimension());
        replacement = arith::AddIOp::create(
            ob, op->getLoc(),
            arith::MulIOp::create(ob, op->getLoc(), ids.bid[d], ids.bdim[d]),
            ids.tid[d]);
      } else if (auto o = dyn_cast<gpu::PrintfOp>(op)) {
        if (failed(lowerPrintf(o, entry, *symbols)))
          return failure();
        continue;
      } else if (isa<gpu::ReturnOp>(op)) {
        OpBuilder ob(op);
        func::ReturnOp::create(ob, op->getLoc());
        op->erase();
        continue;
      } else if (isa<gpu::BarrierOp>(op)) {
        OpBuilder ob(op);
        // The barrier's site: threads waiting at different ones diverged.
        Value site = arith::ConstantOp::create(
            ob, op->getLoc(), ob.getI64IntegerAttr(nextSite++));
        symbols->call(ob, op->getLoc(), "tile_cpu_barrier", {site});
        info.together = true;
        op->erase();
        continue;
      } else {
        return op->emitOpError() << "cannot run on the CPU backend";
      }
      op->getResult(0).replaceAllUsesWith(replacement);
      op->erase();
    }

    // Grid barriers: all the launch's threads meet (tile_cpu_grid_sync).
    SmallVector<GridSyncOp> gridSyncs;
    fn.walk([&](GridSyncOp op) { gridSyncs.push_back(op); });
    for (GridSyncOp op : gridSyncs) {
      OpBuilder ob(op);
      Value site = arith::ConstantOp::create(ob, op.getLoc(),
                                             ob.getI64IntegerAttr(nextSite++));
      symbols->call(ob, op.getLoc(), "tile_cpu_grid_sync", {site});
      info.together = info.gridSync = true;
      op.erase();
    }

    // Register tiles: entry-block buffers of the thread.
    SmallVector<AllocLocalOp> allocs;
    fn.walk([&](AllocLocalOp op) { allocs.push_back(op); });
    for (AllocLocalOp alloc : allocs) {
      // A tile's group axes have stride 0 (each thread holds its own
      // slots): allocate the slots, then view them with the tile's layout.
      OpBuilder ab(&entry, entry.begin());
      auto type = cast<MemRefType>(stripSpace(alloc.getType()));
      auto flat =
          MemRefType::get({std::max<int64_t>(alloc.getStorageSize(), 1)},
                          type.getElementType());
      Value buf = memref::AllocaOp::create(ab, alloc.getLoc(), flat);
      names[buf] = {"register tile at " + cpu::describeLoc(alloc.getLoc()),
                    "local"};
      auto [strides, offset] = type.getStridesAndOffset();
      buf = memref::ReinterpretCastOp::create(ab, alloc.getLoc(), type, buf,
                                              offset, type.getShape(), strides);
      alloc.getResult().replaceAllUsesWith(buf);
      alloc.erase();
    }

    // Instructions: one operand buffer pair, sized for the widest.
    SmallVector<ApplyOp> applies;
    fn.walk([&](ApplyOp op) { applies.push_back(op); });
    unsigned maxIn = 0, maxOut = 0;
    std::optional<std::string> outsideArena;
    for (ApplyOp op : applies) {
      if (!op.isSingleInstruction())
        return op.emitOpError("has group or repeat axes; run "
                              "-tile-expand-repeats before tile-gpu-to-host");
      if (const char *why = getUnmodeledReason(*op.getInstr().form))
        return op.emitOpError(why) << "; run this kernel on the GPU";
      if (op.getInstr().form->semantics == ptx::Semantics::Wgmma) {
        if (!outsideArena)
          outsideArena = findSharedOutsideArena(fn);
        if (!outsideArena->empty())
          return op.emitOpError(
                     "reads shared memory by its shared addresses (its "
                     "descriptors), which the CPU backend gives the block's "
                     "workgroup buffers of static layout and its dynamic "
                     "shared memory only; this kernel also uses ")
                 << *outsideArena << "; run this kernel on the GPU";
      }
      auto [in, out] = countSlots(op);
      maxIn = std::max(maxIn, in);
      maxOut = std::max(maxOut, out);
    }
    Value inBuf, outBuf;
    OpBuilder eb(&entry, entry.begin());
    auto i8 = eb.getI8Type();
    if (maxIn)
      inBuf = memref::AllocaOp::create(
          eb, loc, MemRefType::get({int64_t(maxIn * kSlotBytes)}, i8));
    if (maxOut)
      outBuf = memref::AllocaOp::create(
          eb, loc, MemRefType::get({int64_t(maxOut * kSlotBytes)}, i8));
    cpu::KernelSite site{info.kernel, info.module, {}, {}};
    llvm::copy(ids.tid, site.tid);
    llvm::copy(ids.bid, site.bid);
    // With the memory checks: accesses of bytes a cp.async has not yet
    // delivered (the copy completes at issue here).
    info.asyncCopies = boundsCheck && cpu::checkAsyncCopies(fn, applies, site,
                                                            ids.lane, *symbols);
    for (ApplyOp op : applies) {
      // wgmma runs when its warpgroup meets and completes at once: the
      // instructions that order it (fence, commit_group, wait_group) have
      // nothing to order.
      if (op.getInstr().form->semantics == ptx::Semantics::WarpgroupSync) {
        op.erase();
        continue;
      }
      // The lanes of a collective meet, an mbarrier's threads wait for
      // each other, and a bar.red meets the block: its threads run
      // together.
      // A load a thread may spin on lets the others run. Where a generic
      // address points (isspacep) is known where the block's shared
      // memory and the threads' stacks are.
      info.together |= isCollective(op) || isMbarrier(op) || isBulk(op) ||
                       isCtaBarrier(op) || op.getInstr().form->polls ||
                       hasGenericAddress(op) || needsClusterMemory(op);
      const ptx::FormDesc &form = *op.getInstr().form;
      info.clusterOps |=
          needsClusterMemory(op) || form.needsClusterLaunch ||
          form.semantics == ptx::Semantics::ClusterBarrier ||
          llvm::any_of(form.getOperands(),
                       [](const ptx::OperandDesc &o) { return o.ctaMask; });
      lowerApply(op, inBuf, outBuf, nextSite++, ids.lane);
    }
    needApply |= !applies.empty();
    // Any other tile op (none exist today) cannot run here.
    WalkResult leftover = fn.walk([](Operation *op) {
      if (op->getName().getDialectNamespace() != "tile")
        return WalkResult::advance();
      op->emitOpError("has no CPU lowering");
      return WalkResult::interrupt();
    });
    if (leftover.wasInterrupted())
      return failure();
    renameGlobals(fn, module, info, names);
    if (boundsCheck && failed(addChecks(fn, info, ids, names, {inBuf, outBuf})))
      return failure();
    stripSpaces(fn);
    if (info.together)
      createEntry(top, fn, info);
    return success();
  }

  /// The entry of a thread that runs together with the others of its block:
  /// a function of one pointer to the host function's arguments, packed in
  /// one LLVM struct, that calls `fn` with them.
  void createEntry(ModuleOp top, func::FuncOp fn, KernelInfo &info) {
    MLIRContext *ctx = &getContext();
    LLVMTypeConverter converter(ctx);
    SmallVector<Type> fields;
    for (Type t : fn.getArgumentTypes())
      fields.push_back(converter.convertType(t));
    info.argsType = LLVM::LLVMStructType::getLiteral(ctx, fields);
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    std::string name = (fn.getName() + "_thread").str();
    symbols->reserve(name);
    Location loc = fn.getLoc();
    OpBuilder b = OpBuilder::atBlockEnd(top.getBody());
    info.entry =
        func::FuncOp::create(b, loc, name, FunctionType::get(ctx, {ptr}, {}));
    info.entry.setPrivate();
    Block *body = info.entry.addEntryBlock();
    b.setInsertionPointToStart(body);
    Value packed =
        LLVM::LoadOp::create(b, loc, info.argsType, body->getArgument(0));
    SmallVector<Value> args;
    for (auto [i, type] : llvm::enumerate(fn.getArgumentTypes())) {
      Value field = LLVM::ExtractValueOp::create(b, loc, packed, i);
      args.push_back(
          UnrealizedConversionCastOp::create(b, loc, type, field).getResult(0));
    }
    func::CallOp::create(b, loc, fn, args);
    func::ReturnOp::create(b, loc);
  }

  /// Adds a thread of the block being launched at `b`, to run `info.entry`
  /// on `args` (packed in `slot`, a struct of `info.argsType`).
  void spawnThread(OpBuilder &b, Location loc, const KernelInfo &info,
                   Value slot, ValueRange args) {
    auto fields = cast<LLVM::LLVMStructType>(info.argsType).getBody();
    Value packed = LLVM::PoisonOp::create(b, loc, info.argsType);
    for (auto [i, arg] : llvm::enumerate(args)) {
      Value field = UnrealizedConversionCastOp::create(b, loc, fields[i], arg)
                        .getResult(0);
      packed = LLVM::InsertValueOp::create(b, loc, packed, field, i);
    }
    LLVM::StoreOp::create(b, loc, packed, slot);
    // sizeof: the address of element 1 of an array at null.
    auto ptr = LLVM::LLVMPointerType::get(b.getContext());
    Value null = LLVM::ZeroOp::create(b, loc, ptr);
    Value end = LLVM::GEPOp::create(b, loc, ptr, info.argsType, null,
                                    ArrayRef<LLVM::GEPArg>{1});
    Value bytes = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), end);
    func::FuncOp fn = info.entry;
    Value entry =
        func::ConstantOp::create(b, loc, fn.getFunctionType(), fn.getName());
    symbols->call(b, loc, "tile_cpu_block_spawn", {entry, slot, bytes});
  }

  /// Points the memref.get_globals of `fn` at the moved globals of
  /// `module`, naming them for the checks; the workgroup ones count as
  /// static shared memory.
  void renameGlobals(func::FuncOp fn, gpu::GPUModuleOp module, KernelInfo &info,
                     DenseMap<Value, BufferName> &names) {
    llvm::StringSet<> shared;
    fn.walk([&](memref::GetGlobalOp get) {
      std::string global = getHostKernelName(module.getName(), get.getName());
      if (!movedGlobals.contains(global))
        return;
      auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(
          get.getType().getMemorySpace());
      bool isShared = space && space.getValue() == gpu::AddressSpace::Workgroup;
      if (isShared && shared.insert(global).second &&
          get.getType().hasStaticShape())
        info.staticShared += getStaticBytes(get.getType());
      names[get.getResult()] = {"memref.global @" + get.getName().str(),
                                isShared ? "shared" : "global"};
      get.setName(global);
    });
  }

  /// The kernel's memref parameters take their buffers (start, size and
  /// description) as trailing arguments; every access is checked.
  LogicalResult addChecks(func::FuncOp fn, KernelInfo &info,
                          const ThreadIds &ids,
                          const DenseMap<Value, BufferName> &names,
                          ArrayRef<Value> skip) {
    Block &entry = fn.front();
    Location loc = fn.getLoc();
    IndexType index = IndexType::get(fn.getContext());
    DenseMap<Value, BufferRef> roots;
    unsigned numParams = info.numArgs + info.workgroup.size();
    for (unsigned i = 0; i < numParams + info.dynamicShared; ++i) {
      Value param = entry.getArgument(i);
      auto type = dyn_cast<MemRefType>(param.getType());
      if (!type || !type.isStrided())
        continue;
      info.bufferParams.push_back(i);
      BufferRef &ref = roots[param];
      ref.begin = entry.addArgument(index, loc);
      ref.bytes = entry.addArgument(index, loc);
      ref.desc = entry.addArgument(index, loc);
      if (i < info.numArgs)
        ref.name = {"kernel argument " + std::to_string(i), "global"};
      else if (i < numParams)
        ref.name = {"workgroup buffer " + std::to_string(i - info.numArgs),
                    "shared"};
      else
        ref.name = {"the dynamic shared memory", "shared"};
    }
    SmallVector<Type> inputs(entry.getArgumentTypes());
    fn.setFunctionType(FunctionType::get(fn.getContext(), inputs, {}));
    cpu::KernelSite site{info.kernel, info.module, {}, {}};
    std::copy(std::begin(ids.tid), std::end(ids.tid), site.tid);
    std::copy(std::begin(ids.bid), std::end(ids.bid), site.bid);
    return cpu::checkKernelAccesses(fn, site, roots, names, skip, *symbols);
  }

  /// Host code: launches become loops over blocks and threads, GPU memory
  /// ops become memref ops.
  LogicalResult rewriteHost(ModuleOp top) {
    // The runtime's tensor map encoders become the CPU runtime's, which
    // take the same arguments.
    for (auto [gpuName, cpuName] :
         {std::pair<StringRef, StringRef>{"tileTensorMapEncodeTiled",
                                          "tile_cpu_tensor_map_encode_tiled"},
          {"tileTensorMapEncode2D", "tile_cpu_tensor_map_encode_2d"},
          {"tileTensorMapEncodeIm2col", "tile_cpu_tensor_map_encode_im2col"}}) {
      auto fn = top.lookupSymbol<func::FuncOp>(gpuName);
      if (!fn || top.lookupSymbol(cpuName))
        continue;
      if (failed(SymbolTable::replaceAllSymbolUses(
              fn, StringAttr::get(top.getContext(), cpuName), top)))
        return fn.emitOpError("cannot be renamed for the CPU backend");
      fn.setSymName(cpuName);
    }
    SmallVector<Operation *> ops;
    top.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      if (op->getName().getDialectNamespace() == "gpu")
        ops.push_back(op);
      return WalkResult::advance();
    });
    for (Operation *op : ops) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      auto async = dyn_cast<gpu::AsyncOpInterface>(op);
      if (async &&
          (async.getAsyncToken() || !async.getAsyncDependencies().empty()))
        return op->emitOpError("is asynchronous; the CPU backend runs "
                               "synchronous GPU host code only");
      if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
        if (failed(rewriteLaunch(top, launch)))
          return failure();
      } else if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
        // Aligned as cudaMalloc's (a tensor map needs 64 bytes).
        auto m = memref::AllocOp::create(
            b, loc, alloc.getType(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands(), b.getI64IntegerAttr(kDeviceAlign));
        alloc.getMemref().replaceAllUsesWith(m);
        op->erase();
      } else if (auto dealloc = dyn_cast<gpu::DeallocOp>(op)) {
        memref::DeallocOp::create(b, loc, dealloc.getMemref());
        op->erase();
      } else if (auto copy = dyn_cast<gpu::MemcpyOp>(op)) {
        memref::CopyOp::create(b, loc, copy.getSrc(), copy.getDst());
        op->erase();
      } else if (isa<gpu::WaitOp, gpu::HostRegisterOp, gpu::HostUnregisterOp>(
                     op)) {
        op->erase();
      } else {
        return op->emitOpError("has no CPU backend lowering");
      }
    }
    return success();
  }

  /// The site of `launch` of the kernel `info` for the launch checks: the
  /// kernel's name, its module's and the launch's location, each ending in
  /// a NUL.
  Value getLaunchSite(OpBuilder &b, gpu::LaunchFuncOp launch,
                      const KernelInfo &info) {
    Location loc = launch.getLoc();
    std::string site =
        info.kernel + '\0' + info.module + '\0' + cpu::describeLoc(loc);
    return symbols->getString(b, loc, site);
  }

  /// Calls tile_cpu_check_launch for `launch` of the kernel `info`.
  void checkLaunch(OpBuilder &b, gpu::LaunchFuncOp launch,
                   const KernelInfo &info, ArrayRef<Value> dims,
                   Value dynamicShared) {
    Location loc = launch.getLoc();
    SmallVector<Value> args = {getLaunchSite(b, launch, info)};
    args.append(dims.begin(), dims.end());
    args.push_back(arith::ConstantIndexOp::create(b, loc, info.staticShared));
    args.push_back(dynamicShared);
    symbols->call(b, loc, "tile_cpu_check_launch", args);
  }

  /// Calls tile_cpu_check_cluster for `launch` of the kernel `info`, whose
  /// grid is `gdim` and clusters `cdim`.
  void checkCluster(OpBuilder &b, gpu::LaunchFuncOp launch,
                    const KernelInfo &info, ArrayRef<Value> gdim,
                    ArrayRef<Value> cdim) {
    Location loc = launch.getLoc();
    SmallVector<Value> args = {getLaunchSite(b, launch, info)};
    args.append(gdim.begin(), gdim.end());
    args.append(cdim.begin(), cdim.end());
    symbols->call(b, loc, "tile_cpu_check_cluster", args);
  }

  /// Records the workgroup buffer `buf` of a block in the buffer table with
  /// the checks on; `bufs` gets its start, size and description.
  void registerWorkgroup(OpBuilder &b, Location loc, const KernelInfo &info,
                         Value buf, StringRef role,
                         DenseMap<Value, BufferRef> &bufs) {
    if (!boundsCheck)
      return;
    auto [lo, hi] = cpu::emitExtent(b, loc, buf);
    BufferRef &ref = bufs[buf];
    ref.begin = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buf);
    ref.bytes = hi;
    ref.desc = symbols->getString(
        b, loc, (role + " of @" + info.module + "::@" + info.kernel).str());
    symbols->call(b, loc, "tile_cpu_register_buffer",
                  {ref.begin, ref.bytes, ref.desc});
  }

  /// The block's shared memory: one arena aligned as the shared window
  /// (the SharedWindow record), so that an address's low bits are its
  /// offset in the arena, as a shared address is on the GPU (wgmma
  /// descriptors hold those bits). The window's reserved bytes come first;
  /// each workgroup buffer and the dynamic shared memory are views into it
  /// after them, each kSharedBufferAlign aligned, at the shared addresses
  /// the GPU gives them (a buffer of a strided layout as well). Returns
  /// the buffers in parameter order; `arena` and `arenaBytes` are null
  /// without one.
  SmallVector<Value> allocShared(OpBuilder &b, Location loc,
                                 const KernelInfo &info, Value dynamicShared,
                                 Value &arena, Value &arenaBytes) {
    auto cst = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    // The window's first bytes are the system's (the SharedWindow record):
    // the first buffer is at the shared address it has on the GPU.
    const ::tile::ptx::SharedWindowDesc &window =
        ::tile::ptx::getSharedWindow();
    SmallVector<int64_t> offsets;
    int64_t end = window.reserved;
    for (MemRefType type : info.workgroup) {
      offsets.push_back(end);
      end = llvm::alignTo(end + getStaticBytes(type), kSharedBufferAlign);
    }
    SmallVector<Value> buffers;
    if (end == int64_t(window.reserved) && !info.dynamicShared) {
      for (MemRefType type : info.workgroup)
        buffers.push_back(memref::AllocOp::create(b, loc, type));
      return buffers;
    }
    arenaBytes = cst(end);
    if (info.dynamicShared)
      arenaBytes = arith::AddIOp::create(b, loc, arenaBytes, dynamicShared);
    auto bytes = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
    arena =
        memref::AllocOp::create(b, loc, bytes, ValueRange{arenaBytes},
                                b.getI64IntegerAttr(int64_t(1) << window.bits));
    for (auto [type, offset] : llvm::zip(info.workgroup, offsets))
      buffers.push_back(viewShared(b, loc, type, arena, cst(offset)));
    if (info.dynamicShared)
      buffers.push_back(memref::ViewOp::create(b, loc, bytes, arena, cst(end),
                                               ValueRange{dynamicShared}));
    return buffers;
  }

  /// A workgroup buffer of `type` (of static layout) at byte `offset` of
  /// `arena`: a view, or for a strided layout a view of its elements cast
  /// to it (the layout stays within them: tile-check-targets).
  static Value viewShared(OpBuilder &b, Location loc, MemRefType type,
                          Value arena, Value offset) {
    if (type.getLayout().isIdentity())
      return memref::ViewOp::create(b, loc, type, arena, offset, ValueRange{});
    auto flat = MemRefType::get({type.getNumElements()}, type.getElementType());
    Value whole =
        memref::ViewOp::create(b, loc, flat, arena, offset, ValueRange{});
    SmallVector<int64_t> strides;
    int64_t start;
    (void)type.getStridesAndOffset(strides, start);
    return memref::ReinterpretCastOp::create(b, loc, type, whole, start,
                                             type.getShape(), strides);
  }

  /// The kernel operands of `launch`, cast to the memory space of `fn`'s
  /// parameters.
  FailureOr<SmallVector<Value>>
  castOperands(OpBuilder &b, gpu::LaunchFuncOp launch, func::FuncOp fn) {
    SmallVector<Value> args;
    for (auto [arg, type] :
         llvm::zip(launch.getKernelOperands(), fn.getArgumentTypes())) {
      Value v = arg;
      if (v.getType() != type) {
        auto memref = dyn_cast<MemRefType>(type);
        if (!memref || !isa<MemRefType>(v.getType()))
          return launch.emitOpError("passes ")
                 << v.getType() << " for a kernel argument of type " << type;
        v = memref::MemorySpaceCastOp::create(b, launch.getLoc(), memref, v);
      }
      args.push_back(v);
    }
    return args;
  }

  /// Stack space for the packed arguments of one thread, in the entry block
  /// of the host function that `b` builds in (so a launch in a loop does
  /// not grow the stack).
  Value allocateArgsSlot(OpBuilder &b, Location loc, const KernelInfo &info) {
    Operation *host = b.getInsertionBlock()->getParentOp();
    while (!isa<FunctionOpInterface>(host))
      host = host->getParentOp();
    OpBuilder eb = OpBuilder::atBlockBegin(&host->getRegion(0).front());
    Value one = LLVM::ConstantOp::create(eb, loc, eb.getI64Type(), 1);
    return LLVM::AllocaOp::create(eb, loc,
                                  LLVM::LLVMPointerType::get(eb.getContext()),
                                  info.argsType, one);
  }

  /// What a CTA of a launch holds until its threads have run: its shared
  /// memory arena and workgroup buffers.
  struct CtaMemory {
    Value arena;
    SmallVector<Value> workgroup;
  };

  /// One CTA of a launch at `b`: its workgroup buffers, the loops over its
  /// threads (made by `loop`, which moves `b` into the body) calling `fn`
  /// with `args` (the kernel's), the ids, and the buffers of the memref
  /// parameters (`bufs` has the arguments'). Threads that run together are
  /// spawned, to run at tile_cpu_block_run; the others run here. `role`
  /// names the CTA in the buffers' descriptions ("" for a CTA alone).
  CtaMemory emitCta(OpBuilder &b, Location loc, func::FuncOp fn,
                    const KernelInfo &info, SmallVector<Value> args,
                    const ThreadIds &ids, Value dynamicShared,
                    DenseMap<Value, BufferRef> &bufs, StringRef role,
                    function_ref<Value(Value)> loop) {
    CtaMemory mem;
    Value arenaBytes;
    mem.workgroup =
        allocShared(b, loc, info, dynamicShared, mem.arena, arenaBytes);
    for (auto [i, buf] : llvm::enumerate(mem.workgroup))
      registerWorkgroup(b, loc, info, buf,
                        (i < info.workgroup.size()
                             ? "workgroup buffer " + std::to_string(i)
                             : std::string("the dynamic shared memory")) +
                            role.str(),
                        bufs);
    Value slot;
    if (info.together) {
      slot = allocateArgsSlot(b, loc, info);
      Value threads = arith::MulIOp::create(
          b, loc, ids.bdim[0],
          arith::MulIOp::create(b, loc, ids.bdim[1], ids.bdim[2]));
      symbols->call(b, loc, "tile_cpu_block_begin", {threads});
      if (mem.arena)
        symbols->call(
            b, loc, "tile_cpu_block_shared",
            {memref::ExtractAlignedPointerAsIndexOp::create(b, loc, mem.arena),
             arenaBytes});
    }
    OpBuilder::InsertPoint afterThreads = b.saveInsertionPoint();
    Value tz = loop(ids.bdim[2]), ty = loop(ids.bdim[1]),
          tx = loop(ids.bdim[0]);
    args.append(mem.workgroup.begin(), mem.workgroup.end());
    SmallVector<Value> params(args);
    args.append({tx, ty, tz});
    for (const Value *v : {ids.bid, ids.bdim, ids.gdim, ids.cdim})
      args.append(v, v + 3);
    if (boundsCheck)
      for (unsigned i : info.bufferParams) {
        const BufferRef &ref = bufs[params[i]];
        args.append({ref.begin, ref.bytes, ref.desc});
      }
    if (info.together)
      spawnThread(b, loc, info, slot, args);
    else
      func::CallOp::create(b, loc, fn, args);
    b.restoreInsertionPoint(afterThreads);
    return mem;
  }

  /// Frees what `mem` holds once its CTA's threads have run.
  void freeCta(OpBuilder &b, Location loc, const CtaMemory &mem,
               DenseMap<Value, BufferRef> &bufs) {
    for (Value w : mem.workgroup) {
      if (boundsCheck)
        symbols->call(b, loc, "tile_cpu_unregister_buffer", {bufs[w].begin});
      if (w.getDefiningOp<memref::AllocOp>())
        memref::DeallocOp::create(b, loc, w);
    }
    if (mem.arena)
      memref::DeallocOp::create(b, loc, mem.arena);
  }

  /// The cluster shape of `launch` of the kernel `info`: its `clusters in`
  /// or the kernel's known_cluster_size, constants; none for a launch
  /// without clusters.
  FailureOr<std::optional<std::array<int64_t, 3>>>
  getClusterShape(gpu::LaunchFuncOp launch, const KernelInfo &info) {
    std::optional<std::array<int64_t, 3>> shape = info.knownCluster;
    if (launch.hasClusterSize()) {
      gpu::KernelDim3 c = launch.getClusterSizeOperandValues();
      std::array<int64_t, 3> given;
      for (auto [d, v] : llvm::enumerate(std::array<Value, 3>{c.x, c.y, c.z})) {
        std::optional<int64_t> n = getConstantIntValue(v);
        if (!n)
          return launch.emitOpError(
              "has a cluster dimension that is not a constant; the CPU "
              "backend runs clusters of a shape known when it compiles");
        given[d] = *n;
      }
      if (shape && *shape != given)
        return launch.emitOpError("launches clusters of ")
               << given[0] << "x" << given[1] << "x" << given[2]
               << " CTAs of a kernel whose known_cluster_size is "
               << (*shape)[0] << "x" << (*shape)[1] << "x" << (*shape)[2];
      shape = given;
    }
    if (!shape)
      return shape;
    int64_t ctas = (*shape)[0] * (*shape)[1] * (*shape)[2];
    if (llvm::any_of(*shape, [](int64_t n) { return n < 1; }) ||
        ctas > int64_t(ptx::getMaxClusterCtas()))
      return launch.emitOpError("launches clusters of ")
             << (*shape)[0] << "x" << (*shape)[1] << "x" << (*shape)[2]
             << " CTAs; a cluster has 1 to " << ptx::getMaxClusterCtas()
             << " CTAs (the portable size; tile-mlir does not ask for more)";
    return shape;
  }

  /// The grid of `launch` of the kernel `info`, which synchronizes its grid
  /// (tile.grid_sync): all its CTAs run together, laid out when the CPU
  /// backend compiles, so the grid is constant and of at most
  /// kMaxCooperativeCtas CTAs. Each CTA is a cluster of its own: cluster
  /// launches and instructions that reach other CTAs of a cluster are not
  /// modelled with it.
  FailureOr<std::array<int64_t, 3>> getCooperativeGrid(gpu::LaunchFuncOp launch,
                                                       const KernelInfo &info,
                                                       bool clustered,
                                                       ArrayRef<Value> gdim) {
    auto refuse = [&](StringRef why) {
      return launch.emitOpError("launches @")
             << launch.getKernelName().getValue()
             << ", which synchronizes its grid (tile.grid_sync), " << why;
    };
    if (clustered || info.clusterOps)
      return refuse("with clusters: the CPU backend runs the CTAs of a "
                    "cooperative launch together, each a cluster of its "
                    "own; run this kernel on the GPU");
    std::array<int64_t, 3> grid;
    for (unsigned d = 0; d < 3; ++d) {
      std::optional<int64_t> n = getConstantIntValue(gdim[d]);
      if (!n)
        return refuse("with a grid that is not a constant: the CPU backend "
                      "lays out the CTAs of a cooperative launch when it "
                      "compiles");
      grid[d] = *n;
    }
    // Saturating: a constant grid may be any 64-bit value.
    uint64_t ctas = 1;
    for (int64_t n : grid)
      ctas = llvm::SaturatingMultiply(ctas, uint64_t(std::max<int64_t>(n, 0)));
    if (llvm::any_of(grid, [](int64_t n) { return n < 1; }) ||
        ctas > uint64_t(kMaxCooperativeCtas))
      return refuse("with a grid of ")
             << ctas << " CTAs; the CPU backend runs 1 to "
             << kMaxCooperativeCtas << " CTAs together";
    return grid;
  }

  LogicalResult rewriteLaunch(ModuleOp top, gpu::LaunchFuncOp launch) {
    Location loc = launch.getLoc();
    std::string name =
        getHostKernelName(launch.getKernelModuleName(), launch.getKernelName());
    auto fn = top.lookupSymbol<func::FuncOp>(name);
    if (!fn || !kernels.count(name))
      return launch.emitOpError("launches @")
             << launch.getKernelModuleName() << "::@" << launch.getKernelName()
             << ", which is not a kernel of this module";
    KernelInfo &info = kernels[name];
    FailureOr<std::optional<std::array<int64_t, 3>>> cluster =
        getClusterShape(launch, info);
    if (failed(cluster))
      return failure();
    if (llvm::any_of(info.workgroup,
                     [](MemRefType t) { return !t.hasStaticShape(); }))
      return launch.emitOpError("launches a kernel with a dynamically "
                                "shaped workgroup buffer");
    OpBuilder b(launch);
    Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
    Value gdim[3] = {grid.x, grid.y, grid.z};
    Value bdim[3] = {block.x, block.y, block.z};
    Value dynamicShared = c0;
    if (Value size = launch.getDynamicSharedMemorySize())
      dynamicShared =
          arith::IndexCastOp::create(b, loc, b.getIndexType(), size);
    checkLaunch(b, launch, info,
                {gdim[0], gdim[1], gdim[2], bdim[0], bdim[1], bdim[2]},
                dynamicShared);
    FailureOr<SmallVector<Value>> args = castOperands(b, launch, fn);
    if (failed(args))
      return failure();
    // The buffers of the memref arguments, found once per launch.
    DenseMap<Value, BufferRef> bufs;
    if (boundsCheck)
      for (unsigned i : info.bufferParams)
        if (i < info.numArgs && !bufs.count((*args)[i]))
          bufs[(*args)[i]] = cpu::findHostBuffer(b, loc, (*args)[i], *symbols);
    auto loop = [&](Value ub) {
      auto f = scf::ForOp::create(b, loc, c0, ub, c1);
      b.setInsertionPoint(f.getBody()->getTerminator());
      return f.getInductionVar();
    };
    std::array<int64_t, 3> shape =
        cluster->value_or(std::array<int64_t, 3>{1, 1, 1});
    // The CTAs that run together: a cluster's, or a cooperative launch's.
    std::array<int64_t, 3> together = shape;
    if (info.gridSync) {
      FailureOr<std::array<int64_t, 3>> grid =
          getCooperativeGrid(launch, info, cluster->has_value(), gdim);
      if (failed(grid))
        return failure();
      together = *grid;
    }
    ThreadIds ids;
    for (unsigned d = 0; d < 3; ++d) {
      ids.bdim[d] = bdim[d];
      ids.gdim[d] = gdim[d];
      ids.cdim[d] = arith::ConstantIndexOp::create(b, loc, shape[d]);
    }
    if (*cluster)
      checkCluster(b, launch, info, gdim, ids.cdim);
    // The clusters (each CTA one where the launch has none), then the CTAs
    // of each, in rank order; the threads of a cluster's CTAs run together.
    // (A dimension of one CTA per cluster takes the CTA's id as is.)
    Value c[3];
    for (int d = 2; d >= 0; --d)
      c[d] = loop(together[d] == 1
                      ? gdim[d]
                      : arith::DivUIOp::create(b, loc, gdim[d],
                                               arith::ConstantIndexOp::create(
                                                   b, loc, together[d])));
    int64_t ctas = together[0] * together[1] * together[2];
    if (info.asyncCopies)
      symbols->call(b, loc, "tile_cpu_async_block", {});
    if (info.together && (ctas > 1 || info.gridSync))
      symbols->call(b, loc,
                    info.gridSync ? "tile_cpu_grid_begin"
                                  : "tile_cpu_cluster_begin",
                    {arith::ConstantIndexOp::create(b, loc, ctas)});
    SmallVector<CtaMemory> memory;
    for (int64_t rank = 0; rank < ctas; ++rank) {
      int64_t in[3] = {rank % together[0], rank / together[0] % together[1],
                       rank / (together[0] * together[1])};
      for (unsigned d = 0; d < 3; ++d)
        ids.bid[d] =
            together[d] == 1
                ? c[d]
                : arith::AddIOp::create(
                      b, loc,
                      arith::MulIOp::create(
                          b, loc, c[d],
                          arith::ConstantIndexOp::create(b, loc, together[d])),
                      arith::ConstantIndexOp::create(b, loc, in[d]));
      std::string role =
          ctas > 1 ? " of CTA " + std::to_string(rank) +
                         (info.gridSync ? " of the grid" : " of the cluster")
                   : "";
      memory.push_back(emitCta(b, loc, fn, info, *args, ids, dynamicShared,
                               bufs, role, loop));
    }
    if (info.together)
      symbols->call(b, loc, "tile_cpu_block_run", {});
    for (const CtaMemory &mem : memory)
      freeCta(b, loc, mem, bufs);
    if (boundsCheck) {
      b.setInsertionPoint(launch);
      symbols->call(b, loc, "tile_cpu_launch_end", {});
    }
    launch.erase();
    return success();
  }
};

} // namespace
