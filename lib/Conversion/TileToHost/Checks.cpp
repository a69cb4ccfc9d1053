//===- Checks.cpp - the CPU backend's launch and memory checks ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// A kernel's memref is based on a buffer: a kernel argument's (found at the
// launch in the runtime's table of the program's allocations), a workgroup
// buffer, the dynamic shared memory, or one the kernel allocates. The buffer
// of each accessed memref is found by following its views back to one of
// those, statically; a memref chosen at run time (a block argument, an scf
// result) is looked up in the table where it is defined. Each access checks
// each index against its dimension and the element's bytes against the
// buffer, at the address the memref lowering computes, so no memref view
// (subview, reinterpret_cast, huge or negative strides and offsets) reaches
// outside its buffer unreported. The checks of straight-line accesses go
// together before the first of them (see AccessChecker); the helpers they
// call (an inlined in-bounds predicate, a cold check that reports) are
// functions of the module, one per rank.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "tile/CpuRuntime/CpuRuntime.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::cpu;
namespace rt = ::tile::cpu;

// The order in which getFailFn stores the values.
static_assert(rt::kAccessBytes == 0 && rt::kThreadX == 1 && rt::kBlockX == 4 &&
                  rt::kRank == 7 && rt::kIndices == 8,
              "the fail function stores bytes, thread, block, rank, indices");
static_assert(rt::kByteOffset == 0 && rt::kBufferBytes == 1 &&
                  rt::kBufferDesc == 2 && rt::kTail == 3,
              "the fail function ends with the offset, the buffer's size and "
              "description");

namespace {

constexpr StringLiteral kRegisterFn = "tile_cpu_register_buffer";
constexpr StringLiteral kUnregisterFn = "tile_cpu_unregister_buffer";
constexpr StringLiteral kFindFn = "tile_cpu_find_buffer";
constexpr StringLiteral kReportFn = "tile_cpu_report_access";

Value constIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// The aligned pointer of `memref` as an index value.
Value alignedPtr(OpBuilder &b, Location loc, Value memref) {
  return memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
}

/// The memory a memref's space names: "shared" for workgroup, "local" for
/// private, else `otherwise`.
std::string memoryOf(Type type, StringRef otherwise) {
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(
      cast<BaseMemRefType>(type).getMemorySpace());
  if (space && space.getValue() == gpu::AddressSpace::Workgroup)
    return "shared";
  if (space && space.getValue() == gpu::AddressSpace::Private)
    return "local";
  return otherwise.str();
}

/// Whether `op` reads or writes memory through a memref operand.
bool accessesMemref(Operation *op) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    Value v = e.getValue();
    return v && isa<BaseMemRefType>(v.getType()) &&
           isa<MemoryEffects::Read, MemoryEffects::Write>(e.getEffect());
  });
}

/// The number of leading arguments of the check and fail functions before
/// the indices: see getCheckFn and getFailFn.
constexpr unsigned kCheckArgs = 13, kFailArgs = 8;

/// The most accesses checked by one branch: the values of their checks are
/// live together (more makes LLVM's register allocator slow, and spill).
constexpr size_t kMaxSegment = 16;

/// A private function `name` of `numArgs` index arguments (returning
/// `result`, if any) with the LLVM attributes `passthrough`, created by
/// `build` (given its arguments; it returns what is to be returned) once.
func::FuncOp getHelperFn(HostSymbols &symbols, StringRef name, unsigned numArgs,
                         Type result, ArrayRef<StringRef> passthrough,
                         function_ref<Value(OpBuilder &, ValueRange)> build) {
  return symbols.getOrCreateFn(name, numArgs, result, [&](func::FuncOp fn) {
    SmallVector<Attribute> attrs;
    for (StringRef a : passthrough)
      attrs.push_back(StringAttr::get(fn.getContext(), a));
    fn->setAttr("passthrough", ArrayAttr::get(fn.getContext(), attrs));
    Block *entry = fn.addEntryBlock();
    OpBuilder b = OpBuilder::atBlockBegin(entry);
    Value returned = build(b, entry->getArguments());
    func::ReturnOp::create(b, fn.getLoc(),
                           returned ? ValueRange{returned} : ValueRange{});
  });
}

/// The report of a bad access (never inlined): (site, width, tid[3],
/// bid[3], indices[rank], sizes[rank], offset, bytes, desc) into the
/// report's values, and the call of tile_cpu_report_access.
func::FuncOp getFailFn(HostSymbols &symbols, int64_t rank) {
  auto build = [&](OpBuilder &b, ValueRange args) {
    Location loc = b.getUnknownLoc();
    SmallVector<Value> values = {args[1]};
    values.append(args.begin() + 2, args.begin() + kFailArgs);
    values.push_back(constIndex(b, loc, rank));
    values.append(args.begin() + kFailArgs, args.end());
    Value array = memref::AllocaOp::create(
        b, loc, MemRefType::get({int64_t(values.size())}, b.getIndexType()));
    for (auto [i, v] : llvm::enumerate(values))
      memref::StoreOp::create(b, loc, v, array,
                              ValueRange{constIndex(b, loc, i)});
    symbols.call(b, loc, kReportFn, {args[0], alignedPtr(b, loc, array)});
    return Value();
  };
  return getHelperFn(symbols, "__tile_cpu_fail_rank" + std::to_string(rank),
                     kFailArgs + 2 * rank + 3, Type(), {"noinline", "cold"},
                     build);
}

/// The byte offset of the accessed element from the buffer's start, as the
/// memref lowering computes its address (wrapping: compared unsigned), and
/// whether each index is within its dimension and the element's bytes
/// within the buffer; from the check arguments (see getInBoundsFn).
std::pair<Value, Value> emitInBounds(OpBuilder &b, Location loc,
                                     ValueRange args, int64_t rank) {
  Value width = args[1], begin = args[3], bytes = args[4];
  ValueRange indices = args.slice(kCheckArgs, rank);
  ValueRange sizes = args.slice(kCheckArgs + rank, rank);
  ValueRange strides = args.slice(kCheckArgs + 2 * rank, rank);
  Value inBounds = arith::ConstantIntOp::create(b, loc, 1, 1);
  auto require = [&](arith::CmpIPredicate pred, Value x, Value y) {
    Value c = arith::CmpIOp::create(b, loc, pred, x, y);
    inBounds = arith::AndIOp::create(b, loc, inBounds, c);
  };
  Value element = args[6];
  for (auto [index, size, stride] : llvm::zip(indices, sizes, strides)) {
    require(arith::CmpIPredicate::ult, index, size);
    element = arith::AddIOp::create(
        b, loc, element, arith::MulIOp::create(b, loc, index, stride));
  }
  Value offset = arith::AddIOp::create(
      b, loc, arith::SubIOp::create(b, loc, args[2], begin),
      arith::MulIOp::create(b, loc, element, width));
  require(arith::CmpIPredicate::ult, offset, bytes);
  require(arith::CmpIPredicate::uge,
          arith::SubIOp::create(b, loc, bytes, offset), width);
  return {offset, inBounds};
}

/// Whether an access to a memref of rank `rank` is in bounds: one block,
/// always inlined. Its arguments: (site, width, aligned, begin, bytes, desc,
/// offset, tid[3], bid[3], indices[rank], sizes[rank], strides[rank]).
func::FuncOp getInBoundsFn(HostSymbols &symbols, int64_t rank) {
  auto build = [&](OpBuilder &b, ValueRange args) {
    return emitInBounds(b, b.getUnknownLoc(), args, rank).second;
  };
  return getHelperFn(
      symbols, "__tile_cpu_in_bounds_rank" + std::to_string(rank),
      kCheckArgs + 3 * rank, IntegerType::get(symbols.getContext(), 1),
      {"alwaysinline"}, build);
}

/// The cold path of one access (never inlined), with getInBoundsFn's
/// arguments: reports it if it is bad.
func::FuncOp getCheckFn(HostSymbols &symbols, int64_t rank) {
  auto build = [&](OpBuilder &b, ValueRange args) {
    Location loc = b.getUnknownLoc();
    auto [offset, inBounds] = emitInBounds(b, loc, args, rank);
    Value bad = arith::XOrIOp::create(
        b, loc, inBounds, arith::ConstantIntOp::create(b, loc, 1, 1));
    auto ifOp = scf::IfOp::create(b, loc, bad, /*withElseRegion=*/false);
    OpBuilder tb = OpBuilder::atBlockTerminator(ifOp.thenBlock());
    SmallVector<Value> failArgs = {args[0], args[1]};
    failArgs.append(args.begin() + 7, args.begin() + kCheckArgs);
    failArgs.append(args.begin() + kCheckArgs,
                    args.begin() + kCheckArgs + 2 * rank);
    failArgs.append({offset, args[4], args[5]});
    func::CallOp::create(tb, loc, getFailFn(symbols, rank), failArgs);
    return Value();
  };
  return getHelperFn(symbols, "__tile_cpu_check_rank" + std::to_string(rank),
                     kCheckArgs + 3 * rank, Type(), {"noinline", "cold"},
                     build);
}

/// A memory access to check, with the buffer of its memref.
struct Access {
  Operation *op;
  Value memref;
  SmallVector<Value> indices;
  bool write;
  BufferRef buffer;
};

/// The branch of a segment: before `anchor`, on `bad`, to the check (fn)
/// of the first access whose in-bounds bit (inBounds) is false, with its
/// arguments (args).
struct Branch {
  Operation *anchor;
  Value bad;
  func::FuncOp check;
  SmallVector<Value> inBounds;
  SmallVector<SmallVector<Value>> args;
};

/// Checks the memory accesses of one kernel (see checkKernelAccesses).
///
/// Straight-line accesses are checked in segments: the checks of the
/// accesses of a segment go before its first (the anchor), with the pure
/// ops that compute their memrefs and indices moved up there, and one
/// branch takes the cold path, which checks them again in order and
/// reports the first bad one; the program stops before any access of a
/// segment with a bad one. A segment ends after kMaxSegment accesses,
/// before an op with regions and before an access whose memref or indices
/// depend on something impure after the anchor (a loaded index). The
/// branches are made last, each block split from its end (splitting a block
/// costs time in the ops it moves; scf.if, lowered from the first, would
/// move the rest of the block at each).
class AccessChecker {
public:
  AccessChecker(func::FuncOp fn, const KernelSite &site,
                const DenseMap<Value, BufferRef> &roots,
                const DenseMap<Value, BufferName> &names, ArrayRef<Value> skip,
                HostSymbols &symbols)
      : fn(fn), site(site), buffers(roots), names(names),
        skip(skip.begin(), skip.end()), symbols(symbols), dom(fn) {}

  LogicalResult run();

private:
  std::optional<BufferRef> getBuffer(Value memref);
  std::optional<BufferRef> getViewBuffer(Value view, Value source);
  std::optional<BufferRef> getSelectBuffer(arith::SelectOp op);
  BufferRef getAllocBuffer(Operation *alloc, Value memref);
  BufferRef lookupBuffer(Value memref);
  FailureOr<std::optional<Access>> getAccess(Operation *op);
  LogicalResult checkBlock(Block &block);
  OpBuilder builderAfter(Value v);
  /// Gives the ops the listener sees the position right before `op`.
  void placeBefore(Operation *op) {
    auto it = position.find(op);
    listener.at = it == position.end() ? std::nullopt
                                       : std::optional<int64_t>(it->second - 1);
  }
  bool dominates(Value v, Operation *anchor);
  bool hoistBefore(Value v, Operation *anchor);
  bool canJoin(const Access &access, ArrayRef<Access> segment);
  void emitSegment(ArrayRef<Access> segment);
  void buildBranches(Block *block, ArrayRef<Branch> list);
  SmallVector<Value> getCheckArgs(OpBuilder &b, const Access &access);
  void registerLocalBuffers();

  func::FuncOp fn;
  const KernelSite &site;
  DenseMap<Value, BufferRef> buffers;
  const DenseMap<Value, BufferName> &names;
  DenseSet<Value> skip;
  HostSymbols &symbols;
  DominanceInfo dom;
  /// The order of the ops of the blocks being checked (4 * their index;
  /// ops moved before an op take its position - 1, ops made after one its
  /// position + 1): Block::isBeforeInBlock would renumber the block after
  /// every insertion of many ops at one point.
  DenseMap<Operation *, int64_t> position;
  /// Gives the ops a builderAfter builder makes their position.
  struct PositionListener : public OpBuilder::Listener {
    explicit PositionListener(DenseMap<Operation *, int64_t> &position)
        : position(position) {}
    void notifyOperationInserted(Operation *op,
                                 OpBuilder::InsertPoint) override {
      if (at)
        position[op] = *at;
    }
    DenseMap<Operation *, int64_t> &position;
    std::optional<int64_t> at;
  } listener{position};
  /// The branches to make, by block.
  llvm::MapVector<Block *, SmallVector<Branch>> branches;
  /// Whether a buffer is looked up at run time: the kernel's own buffers
  /// must then be in the table too.
  bool lookedUp = false;
};

/// A builder after the definition of `v` (for what its buffer needs), whose
/// ops take a position right after it.
OpBuilder AccessChecker::builderAfter(Value v) {
  OpBuilder b(v.getContext(), &listener);
  Operation *def = v.getDefiningOp();
  if (def)
    b.setInsertionPointAfter(def);
  else
    b.setInsertionPointToStart(cast<BlockArgument>(v).getOwner());
  auto it = def ? position.find(def) : position.end();
  listener.at = it == position.end() ? std::nullopt
                                     : std::optional<int64_t>(it->second + 1);
  if (!def)
    listener.at = -1;
  return b;
}

std::optional<BufferRef> AccessChecker::getBuffer(Value memref) {
  if (skip.contains(memref))
    return std::nullopt;
  auto it = buffers.find(memref);
  if (it != buffers.end())
    return it->second;
  Operation *def = memref.getDefiningOp();
  std::optional<BufferRef> buf;
  if (auto view = dyn_cast_or_null<ViewLikeOpInterface>(def);
      view && view.getViewDest() == memref)
    buf = getViewBuffer(memref, view.getViewSource());
  else if (auto transpose = dyn_cast_or_null<memref::TransposeOp>(def))
    buf = getViewBuffer(memref, transpose.getIn());
  else if (auto select = dyn_cast_or_null<arith::SelectOp>(def))
    buf = getSelectBuffer(select);
  else if (isa_and_nonnull<memref::AllocOp, memref::AllocaOp, memref::ReallocOp,
                           memref::GetGlobalOp>(def))
    buf = getAllocBuffer(def, memref);
  else
    buf = lookupBuffer(memref);
  if (!buf) {
    skip.insert(memref);
    return std::nullopt;
  }
  buffers[memref] = *buf;
  return buf;
}

/// The buffer of a view is its source's; a view of an unranked memref is
/// looked up.
std::optional<BufferRef> AccessChecker::getViewBuffer(Value view,
                                                      Value source) {
  if (!isa<MemRefType>(source.getType()))
    return lookupBuffer(view);
  return getBuffer(source);
}

/// A select of memrefs selects their buffers.
std::optional<BufferRef> AccessChecker::getSelectBuffer(arith::SelectOp op) {
  std::optional<BufferRef> t = getBuffer(op.getTrueValue());
  std::optional<BufferRef> f = getBuffer(op.getFalseValue());
  if (!t || !f)
    return lookupBuffer(op.getResult());
  OpBuilder b = builderAfter(op.getResult());
  Location loc = op.getLoc();
  auto pick = [&](Value x, Value y) {
    return arith::SelectOp::create(b, loc, op.getCondition(), x, y).getResult();
  };
  BufferRef buf{pick(t->begin, f->begin), pick(t->bytes, f->bytes),
                pick(t->desc, f->desc), t->name};
  if (t->name.role != f->name.role)
    buf.name.role = t->name.role + " or " + f->name.role;
  if (t->name.memory != f->name.memory)
    buf.name.memory = t->name.memory + " or " + f->name.memory;
  return buf;
}

/// A buffer the kernel allocates (or a global): what its memref spans.
BufferRef AccessChecker::getAllocBuffer(Operation *alloc, Value memref) {
  OpBuilder b = builderAfter(memref);
  Location loc = alloc->getLoc();
  auto [lo, hi] = emitExtent(b, loc, memref);
  Value begin = arith::AddIOp::create(b, loc, alignedPtr(b, loc, memref), lo);
  Value bytes = arith::SubIOp::create(b, loc, hi, lo);
  BufferName name = names.lookup(memref);
  if (name.role.empty()) {
    auto global = dyn_cast<memref::GetGlobalOp>(alloc);
    name.role = global ? "memref.global @" + global.getName().str()
                       : alloc->getName().getStringRef().str() + " at " +
                             describeLoc(loc);
    name.memory = memoryOf(memref.getType(), global ? "global" : "local");
  }
  return {begin, bytes, constIndex(b, loc, 0), name};
}

/// A memref chosen at run time: the table's buffer that holds its base.
BufferRef AccessChecker::lookupBuffer(Value memref) {
  lookedUp = true;
  OpBuilder eb = OpBuilder::atBlockBegin(&fn.front(), &listener);
  listener.at = -1;
  Location loc = memref.getLoc();
  Value out = memref::AllocaOp::create(eb, loc,
                                       MemRefType::get({3}, eb.getIndexType()));
  OpBuilder b = builderAfter(memref);
  symbols.call(b, loc, kFindFn,
               {alignedPtr(b, loc, memref), constIndex(b, loc, 0),
                constIndex(b, loc, -1), alignedPtr(b, loc, out)});
  auto field = [&](int64_t i) {
    return memref::LoadOp::create(b, loc, out,
                                  ValueRange{constIndex(b, loc, i)})
        .getResult();
  };
  BufferName name{"the buffer that holds the memref, found at run time",
                  memoryOf(memref.getType(), "global")};
  return {field(0), field(1), field(2), name};
}

/// A view made by tile-expand-repeats (the rank-1 atom axis of one group
/// and repeat coordinate): its source, and the indices into the source.
void peelAtomView(OpBuilder &b, Location loc, Value &memref,
                  SmallVector<Value> &indices) {
  auto view = memref.getDefiningOp<memref::SubViewOp>();
  if (!view || view.getType().getRank() != 1)
    return;
  MemRefType source = view.getSourceType();
  int64_t last = source.getRank() - 1;
  ArrayRef<int64_t> sizes = view.getStaticSizes();
  ArrayRef<int64_t> offsets = view.getStaticOffsets();
  if (last < 0 || source.isDynamicDim(last) ||
      sizes[last] != source.getDimSize(last) || offsets[last] != 0 ||
      !llvm::all_of(view.getStaticStrides(), [](int64_t s) { return s == 1; }))
    return;
  for (int64_t d = 0; d < last; ++d)
    if (sizes[d] != 1)
      return;
  SmallVector<Value> peeled;
  SmallVector<OpFoldResult> mixed = view.getMixedOffsets();
  for (OpFoldResult o : ArrayRef(mixed).drop_back()) {
    if (auto v = dyn_cast<Value>(o))
      peeled.push_back(v);
    else
      peeled.push_back(
          constIndex(b, loc, cast<IntegerAttr>(cast<Attribute>(o)).getInt()));
  }
  peeled.push_back(indices.front());
  memref = view.getSource();
  indices = std::move(peeled);
}

/// The static element extent [lo, hi) of memrefs of `type`; nullopt if not
/// static.
std::optional<std::pair<int64_t, int64_t>> getStaticExtent(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type.hasStaticShape() ||
      failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  int64_t lo = offset, hi = offset;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
    if (size == 0)
      return std::make_pair(offset, offset);
    int64_t span;
    if (llvm::MulOverflow(size - 1, stride, span))
      return std::nullopt;
    (span < 0 ? lo : hi) += span;
  }
  return std::make_pair(lo, hi + 1);
}

/// Whether the access at `indices` of `memref` is statically inside both:
/// constant indices within the static shape, through views that keep the
/// base pointer, of a buffer allocated with a static layout (register tiles,
/// private buffers).
bool isProvenInBounds(Value memref, ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t element;
  if (!getStaticExtent(type) ||
      failed(type.getStridesAndOffset(strides, element)))
    return false;
  for (auto [index, size, stride] :
       llvm::zip(indices, type.getShape(), strides)) {
    std::optional<int64_t> c = getConstantIntValue(index);
    if (!c || *c < 0 || *c >= size)
      return false;
    element += *c * stride; // Bounded by the static extent.
  }
  Value root = memref;
  while (Operation *def = root.getDefiningOp()) {
    if (!isa<memref::SubViewOp, memref::ReinterpretCastOp, memref::CastOp,
             memref::ExpandShapeOp, memref::CollapseShapeOp,
             memref::TransposeOp, memref::MemorySpaceCastOp,
             memref::AssumeAlignmentOp>(def))
      break;
    root = def->getOperand(0);
  }
  auto rootType = dyn_cast<MemRefType>(root.getType());
  if (!rootType ||
      !isa_and_nonnull<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(
          root.getDefiningOp()))
    return false;
  auto extent = getStaticExtent(rootType);
  return extent && element >= extent->first && element < extent->second;
}

/// The arguments of the check functions for `access`, made at `b`.
SmallVector<Value> AccessChecker::getCheckArgs(OpBuilder &b,
                                               const Access &access) {
  Location loc = access.op->getLoc();
  Value memref = access.memref;
  ArrayRef<Value> indices = access.indices;
  auto type = cast<MemRefType>(memref.getType());
  const BufferRef &buf = access.buffer;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << (access.write ? "write" : "read") << '\0' << buf.name.memory << '\0'
     << site.kernel << '\0' << site.module << '\0' << type << '\0'
     << buf.name.role << '\0' << describeLoc(loc);
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  SmallVector<Value> args = {
      symbols.getString(b, loc, text),
      constIndex(b, loc, getElementBytes(type.getElementType())),
      alignedPtr(b, loc, memref),
      buf.begin,
      buf.bytes,
      buf.desc,
      meta.getOffset()};
  args.append(std::begin(site.tid), std::end(site.tid));
  args.append(std::begin(site.bid), std::end(site.bid));
  args.append(indices.begin(), indices.end());
  args.append(meta.getSizes().begin(), meta.getSizes().end());
  args.append(meta.getStrides().begin(), meta.getStrides().end());
  return args;
}

/// Moves the pure ops that compute `v` before `anchor`, in `anchor`'s
/// block; false if `v` cannot be computed there.
bool AccessChecker::hoistBefore(Value v, Operation *anchor) {
  if (dominates(v, anchor))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != anchor->getBlock() || def->getNumRegions() ||
      !isPure(def))
    return false;
  for (Value operand : def->getOperands())
    if (!hoistBefore(operand, anchor))
      return false;
  def->moveBefore(anchor);
  position[def] = position.lookup(anchor) - 1;
  return true;
}

/// Whether `v` is defined before `anchor`, by the recorded positions.
bool AccessChecker::dominates(Value v, Operation *anchor) {
  Operation *def = v.getDefiningOp();
  Operation *ancestor =
      def ? def->getBlock()->findAncestorOpInBlock(*anchor) : nullptr;
  if (!ancestor)
    return dom.properlyDominates(v, anchor);
  auto a = position.find(def), b = position.find(ancestor);
  if (a != position.end() && b != position.end())
    return a->second < b->second;
  return def->isBeforeInBlock(ancestor);
}

/// Whether `access` can join `segment`: of its rank, with its check before
/// the segment's anchor.
bool AccessChecker::canJoin(const Access &access, ArrayRef<Access> segment) {
  Operation *anchor = segment.front().op;
  if (segment.size() == kMaxSegment ||
      access.indices.size() != segment.front().indices.size())
    return false;
  const BufferRef &buf = access.buffer;
  SmallVector<Value> values = {access.memref, buf.begin, buf.bytes, buf.desc};
  values.append(access.indices);
  return llvm::all_of(values, [&](Value v) { return hoistBefore(v, anchor); });
}

void AccessChecker::emitSegment(ArrayRef<Access> segment) {
  if (segment.empty())
    return;
  Operation *anchor = segment.front().op;
  OpBuilder b(anchor);
  Location loc = anchor->getLoc();
  int64_t rank = segment.front().indices.size();
  Branch branch{anchor, {}, getCheckFn(symbols, rank), {}, {}};
  Value all = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (const Access &access : segment) {
    branch.args.push_back(getCheckArgs(b, access));
    branch.inBounds.push_back(func::CallOp::create(b, loc,
                                                   getInBoundsFn(symbols, rank),
                                                   branch.args.back())
                                  .getResult(0));
    all = arith::AndIOp::create(b, loc, all, branch.inBounds.back());
  }
  branch.bad = arith::XOrIOp::create(
      b, loc, all, arith::ConstantIntOp::create(b, loc, 1, 1));
  branches[anchor->getBlock()].push_back(std::move(branch));
}

/// Moves the ops of `block` but its terminator into an scf.execute_region
/// (whose region may hold several blocks); returns the region's block.
Block *wrapInExecuteRegion(Block *block) {
  Operation *term = block->getTerminator();
  llvm::SetVector<Value> results;
  for (Value v : term->getOperands())
    if (Operation *def = v.getDefiningOp(); def && def->getBlock() == block)
      results.insert(v);
  OpBuilder b(term);
  auto exec = scf::ExecuteRegionOp::create(b, term->getLoc(),
                                           TypeRange(results.getArrayRef()));
  Block *inner = new Block();
  exec.getRegion().push_back(inner);
  inner->getOperations().splice(inner->end(), block->getOperations(),
                                block->begin(), Block::iterator(exec));
  OpBuilder ib = OpBuilder::atBlockEnd(inner);
  scf::YieldOp::create(ib, term->getLoc(), results.getArrayRef());
  for (auto [result, v] : llvm::zip(exec.getResults(), results))
    Value(v).replaceUsesWithIf(
        result, [&](OpOperand &use) { return use.getOwner() == term; });
  return inner;
}

/// Makes the branches of `block`, from its last: split before the anchor,
/// a conditional branch to a block of the checks, which goes on after.
void AccessChecker::buildBranches(Block *block, ArrayRef<Branch> list) {
  if (!isa<func::FuncOp, scf::ExecuteRegionOp>(block->getParentOp()))
    block = wrapInExecuteRegion(block);
  for (const Branch &branch : llvm::reverse(list)) {
    Location loc = branch.anchor->getLoc();
    Block *rest = block->splitBlock(branch.anchor);
    auto *cold = new Block();
    block->getParent()->getBlocks().insertAfter(Region::iterator(block), cold);
    // The first bad access's arguments, by selects (most are the same
    // value for every access, and fold away).
    OpBuilder cb = OpBuilder::atBlockEnd(cold);
    SmallVector<Value> args = branch.args.back();
    for (int64_t i = branch.args.size() - 2; i >= 0; --i)
      for (auto [arg, candidate] : llvm::zip(args, branch.args[i]))
        if (arg != candidate)
          arg = arith::SelectOp::create(cb, loc, branch.inBounds[i], arg,
                                        candidate);
    func::CallOp::create(cb, loc, branch.check, args);
    cf::BranchOp::create(cb, loc, rest);
    OpBuilder bb = OpBuilder::atBlockEnd(block);
    cf::CondBranchOp::create(bb, loc, branch.bad, cold, rest);
  }
}

LogicalResult AccessChecker::checkBlock(Block &block) {
  SmallVector<Operation *> ops =
      llvm::map_to_vector(block, [](Operation &op) { return &op; });
  for (auto [i, op] : llvm::enumerate(ops))
    position[op] = 4 * int64_t(i);
  SmallVector<Access> segment;
  for (Operation *op : ops) {
    FailureOr<std::optional<Access>> access = getAccess(op);
    if (failed(access))
      return failure();
    if (*access) {
      if (segment.empty() || !canJoin(**access, segment)) {
        emitSegment(segment);
        segment.clear();
      }
      segment.push_back(std::move(**access));
    }
    if (op->getNumRegions() == 0)
      continue;
    emitSegment(segment);
    segment.clear();
    for (Region &region : op->getRegions())
      for (Block &inner : region)
        if (failed(checkBlock(inner)))
          return failure();
  }
  emitSegment(segment);
  return success();
}

/// The access `op` makes, if it is one to check: not proven in bounds, and
/// not of a skipped buffer. Fails on an access the checks do not cover.
FailureOr<std::optional<Access>> AccessChecker::getAccess(Operation *op) {
  Value memref;
  SmallVector<Value> indices;
  bool write = true;
  OpBuilder b(op->getContext(), &listener);
  b.setInsertionPoint(op);
  placeBefore(op);
  if (std::optional<MemrefAccess> a = getMemrefAccess(b, op)) {
    memref = a->memref;
    indices = std::move(a->indices);
    write = a->write;
  } else if (accessesMemref(op)) {
    return op->emitOpError(
        "accesses memory in a way the CPU backend's bounds checks do not "
        "cover (they cover memref and affine loads, stores and atomics); "
        "turn them off (tile-runner --cpu-bounds-check=0) to run it "
        "unchecked");
  } else {
    return std::optional<Access>();
  }
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || isProvenInBounds(memref, indices))
    return std::optional<Access>();
  if (!type.isStrided())
    return op->emitOpError("accesses a memref without a strided layout, "
                           "which the CPU backend's bounds checks do not "
                           "cover");
  std::optional<BufferRef> buf = getBuffer(memref);
  if (!buf)
    return std::optional<Access>();
  placeBefore(op); // getBuffer placed its ops elsewhere.
  peelAtomView(b, op->getLoc(), memref, indices);
  return std::optional<Access>(
      Access{op, memref, std::move(indices), write, *buf});
}

/// With buffers looked up at run time, the kernel's own go into the table
/// (and out of it where it frees them).
void AccessChecker::registerLocalBuffers() {
  SmallVector<Operation *> ops;
  fn.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp, memref::ReallocOp,
            memref::GetGlobalOp, memref::DeallocOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    Location loc = op->getLoc();
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      OpBuilder b(op);
      symbols.call(b, loc, kUnregisterFn,
                   {alignedPtr(b, loc, dealloc.getMemref())});
      continue;
    }
    Value memref = op->getResult(0);
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!type || !type.isStrided())
      continue;
    std::optional<BufferRef> buf = getBuffer(memref);
    if (!buf)
      continue;
    OpBuilder b(op->getContext());
    b.setInsertionPointAfterValue(buf->bytes);
    symbols.call(
        b, loc, kRegisterFn,
        {buf->begin, buf->bytes, symbols.getString(b, loc, buf->name.role)});
  }
}

LogicalResult AccessChecker::run() {
  for (Block &block : fn.getBody())
    if (failed(checkBlock(block)))
      return failure();
  for (auto &[block, list] : branches)
    buildBranches(block, list);
  if (lookedUp)
    registerLocalBuffers();
  return success();
}

} // namespace

/// The indices `map` computes from `operands`, one affine.apply each.
static SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                                   ValueRange operands) {
  SmallVector<Value> out;
  for (unsigned i = 0; i < map.getNumResults(); ++i)
    out.push_back(
        affine::AffineApplyOp::create(b, loc, map.getSubMap({i}), operands));
  return out;
}

std::optional<MemrefAccess> mlir::tile::cpu::getMemrefAccess(OpBuilder &b,
                                                             Operation *op) {
  if (auto o = dyn_cast<memref::LoadOp>(op))
    return MemrefAccess{o.getMemRef(), o.getIndices(), false};
  if (auto o = dyn_cast<memref::StoreOp>(op))
    return MemrefAccess{o.getMemRef(), o.getIndices(), true};
  if (auto o = dyn_cast<memref::AtomicRMWOp>(op))
    return MemrefAccess{o.getMemref(), o.getIndices(), true};
  if (auto o = dyn_cast<memref::GenericAtomicRMWOp>(op))
    return MemrefAccess{o.getMemref(), o.getIndices(), true};
  if (auto o = dyn_cast<affine::AffineLoadOp>(op))
    return MemrefAccess{
        o.getMemRef(),
        applyMap(b, o.getLoc(), o.getAffineMap(), o.getMapOperands()), false};
  if (auto o = dyn_cast<affine::AffineStoreOp>(op))
    return MemrefAccess{
        o.getMemRef(),
        applyMap(b, o.getLoc(), o.getAffineMap(), o.getMapOperands()), true};
  return std::nullopt;
}

bool mlir::tile::cpu::isSharedMemref(Type type) {
  return memoryOf(type, "") == "shared";
}

HostSymbols::HostSymbols(ModuleOp top) : top(top) {
  for (Operation &op : top.getBody()->getOperations())
    if (auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      taken.insert(name.getValue());
}

std::string HostSymbols::getFreshName(StringRef prefix) {
  std::string name;
  do
    name = (prefix + Twine(nextString++)).str();
  while (taken.contains(name));
  taken.insert(name);
  return name;
}

func::FuncOp
HostSymbols::getOrCreateFn(StringRef name, unsigned numArgs, Type result,
                           function_ref<void(func::FuncOp)> build) {
  func::FuncOp &fn = functions[name];
  if (fn)
    return fn;
  std::string fresh =
      taken.insert(name).second ? name.str() : getFreshName((name + "_").str());
  OpBuilder b = OpBuilder::atBlockEnd(top.getBody());
  SmallVector<Type> args(numArgs, b.getIndexType());
  fn = func::FuncOp::create(
      b, top.getLoc(), fresh,
      b.getFunctionType(args, result ? TypeRange{result} : TypeRange{}));
  fn.setPrivate();
  build(fn);
  return fn;
}

Value HostSymbols::call(OpBuilder &b, Location loc, StringRef name,
                        ValueRange args, Type result) {
  SmallVector<Type, 1> results;
  if (result)
    results.push_back(result);
  if (taken.insert(name).second) {
    OpBuilder db = OpBuilder::atBlockEnd(top.getBody());
    auto fn = func::FuncOp::create(
        db, top.getLoc(), name, db.getFunctionType(args.getTypes(), results));
    fn.setPrivate();
    if (name == kReportFn)
      fn->setAttr("passthrough", db.getArrayAttr({db.getStringAttr("noreturn"),
                                                  db.getStringAttr("cold")}));
  }
  auto call = func::CallOp::create(b, loc, name, results, args);
  return result ? call.getResult(0) : Value();
}

Value HostSymbols::getString(OpBuilder &b, Location loc, StringRef text) {
  std::string &name = strings[text];
  auto i8 = b.getI8Type();
  auto type = MemRefType::get({int64_t(text.size() + 1)}, i8);
  if (name.empty()) {
    name = getFreshName("__tile_cpu_str_");
    SmallVector<int8_t> bytes(text.begin(), text.end());
    bytes.push_back(0);
    auto init = DenseElementsAttr::get(
        RankedTensorType::get(type.getShape(), i8), ArrayRef<int8_t>(bytes));
    OpBuilder gb = OpBuilder::atBlockBegin(top.getBody());
    memref::GlobalOp::create(gb, top.getLoc(), name,
                             gb.getStringAttr("private"), type, init,
                             /*constant=*/true, /*alignment=*/nullptr);
  }
  Value global = memref::GetGlobalOp::create(b, loc, type, name);
  return alignedPtr(b, loc, global);
}

std::string mlir::tile::cpu::describeLoc(Location loc) {
  std::string s;
  loc->walk([&](Location l) {
    auto file = dyn_cast<FileLineColLoc>(l);
    if (!file)
      return WalkResult::advance();
    s = (file.getFilename().strref() + ":" + Twine(file.getLine()) + ":" +
         Twine(file.getColumn()))
            .str();
    return WalkResult::interrupt();
  });
  if (s.empty()) {
    llvm::raw_string_ostream os(s);
    loc.print(os);
  }
  return s;
}

int64_t mlir::tile::cpu::getElementBytes(Type type) {
  if (isa<IndexType>(type))
    return 8;
  if (type.isIntOrFloat())
    return llvm::PowerOf2Ceil(
        llvm::divideCeil(type.getIntOrFloatBitWidth(), 8));
  if (auto vector = dyn_cast<VectorType>(type))
    return llvm::PowerOf2Ceil(vector.getNumElements() *
                              getElementBytes(vector.getElementType()));
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * getElementBytes(complex.getElementType());
  return DataLayout().getTypeSize(type);
}

std::pair<Value, Value> mlir::tile::cpu::emitExtent(OpBuilder &b, Location loc,
                                                    Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value c0 = constIndex(b, loc, 0), c1 = constIndex(b, loc, 1);
  Value offset = meta.getOffset(), lo = offset, hi = offset;
  Value empty = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (auto [size, stride] : llvm::zip(meta.getSizes(), meta.getStrides())) {
    Value span = arith::MulIOp::create(
        b, loc, arith::SubIOp::create(b, loc, size, c1), stride);
    lo = arith::AddIOp::create(b, loc, lo,
                               arith::MinSIOp::create(b, loc, span, c0));
    hi = arith::AddIOp::create(b, loc, hi,
                               arith::MaxSIOp::create(b, loc, span, c0));
    empty = arith::OrIOp::create(
        b, loc, empty,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, c0));
  }
  hi = arith::AddIOp::create(b, loc, hi, c1);
  lo = arith::SelectOp::create(b, loc, empty, offset, lo);
  hi = arith::SelectOp::create(b, loc, empty, offset, hi);
  Value width = constIndex(b, loc, getElementBytes(type.getElementType()));
  return {arith::MulIOp::create(b, loc, lo, width),
          arith::MulIOp::create(b, loc, hi, width)};
}

void mlir::tile::cpu::registerHostBuffers(ModuleOp top, HostSymbols &symbols) {
  SmallVector<Operation *> ops;
  top.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::GPUModuleOp>(op))
      return WalkResult::skip();
    if (isa<memref::AllocOp, memref::AllocaOp, memref::ReallocOp,
            memref::GetGlobalOp, gpu::AllocOp, memref::DeallocOp,
            gpu::DeallocOp>(op))
      ops.push_back(op);
    return WalkResult::advance();
  });
  for (Operation *op : ops) {
    Location loc = op->getLoc();
    OpBuilder b(op);
    if (isa<memref::DeallocOp, gpu::DeallocOp>(op)) {
      Value memref = op->getOperand(op->getNumOperands() - 1);
      if (isa<MemRefType>(memref.getType()))
        symbols.call(b, loc, kUnregisterFn, {alignedPtr(b, loc, memref)});
      continue;
    }
    Value memref = op->getResult(0);
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!type || !type.isStrided())
      continue;
    b.setInsertionPointAfter(op);
    auto [lo, hi] = emitExtent(b, loc, memref);
    Value begin = arith::AddIOp::create(b, loc, alignedPtr(b, loc, memref), lo);
    Value bytes = arith::SubIOp::create(b, loc, hi, lo);
    std::string desc =
        op->getName().getStringRef().str() + " at " + describeLoc(loc);
    if (auto global = dyn_cast<memref::GetGlobalOp>(op))
      desc = "memref.global @" + global.getName().str();
    symbols.call(b, loc, kRegisterFn,
                 {begin, bytes, symbols.getString(b, loc, desc)});
  }
}

BufferRef mlir::tile::cpu::findHostBuffer(OpBuilder &b, Location loc,
                                          Value memref, HostSymbols &symbols) {
  Value out =
      memref::AllocaOp::create(b, loc, MemRefType::get({3}, b.getIndexType()));
  auto [lo, hi] = emitExtent(b, loc, memref);
  symbols.call(b, loc, kFindFn,
               {alignedPtr(b, loc, memref), lo, hi, alignedPtr(b, loc, out)});
  auto field = [&](int64_t i) {
    return memref::LoadOp::create(b, loc, out,
                                  ValueRange{constIndex(b, loc, i)})
        .getResult();
  };
  return {field(0), field(1), field(2), {}};
}

LogicalResult
mlir::tile::cpu::checkKernelAccesses(func::FuncOp fn, const KernelSite &site,
                                     const DenseMap<Value, BufferRef> &roots,
                                     const DenseMap<Value, BufferName> &names,
                                     ArrayRef<Value> skip,
                                     HostSymbols &symbols) {
  return AccessChecker(fn, site, roots, names, skip, symbols).run();
}
