//===- TileToNVVM.cpp - tile to NVVM/LLVM conversion ----------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToNVVM/TileToNVVM.h"
#include "tile/Conversion/TileToNVVM/PtxAsmBuilder.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_CONVERTTILETONVVM
#include "tile/Conversion/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;
namespace ptx = ::tile::ptx;

void mlir::tile::configureTileTypeConverter(LLVMTypeConverter &converter) {
  converter.addTypeAttributeConversion(
      [](BaseMemRefType type, RegisterSpaceAttr) -> Attribute {
        return IntegerAttr::get(IntegerType::get(type.getContext(), 64),
                                kRegisterTileAddressSpace);
      });
}

namespace {

/// tile.alloc_local -> an entry-block llvm.alloca in the local address space
/// plus a static memref descriptor. Constant indices let SROA promote it.
struct AllocLocalOpLowering : public ConvertOpToLLVMPattern<AllocLocalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(AllocLocalOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->getParentOfType<gpu::GPUModuleOp>())
      return rewriter.notifyMatchFailure(op, "not device code");
    MemRefType type = op.getType();
    Type eltType = getTypeConverter()->convertType(type.getElementType());
    if (!eltType)
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    Location loc = op.getLoc();
    Operation *scope =
        op->getParentWithTrait<OpTrait::AutomaticAllocationScope>();
    Value ptr;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      if (scope && !scope->getRegion(0).empty())
        rewriter.setInsertionPointToStart(&scope->getRegion(0).front());
      // One alloca of an array type (not an array allocation of N
      // elements): SROA splits it into registers in its first run, before
      // InstCombine would walk the alloca's N users for each of them
      // (quadratic: 4 s of 5 in `opt -O3` at 8192 repeats).
      Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                           rewriter.getI64IntegerAttr(1));
      auto arrayType = LLVM::LLVMArrayType::get(
          eltType, std::max<int64_t>(op.getStorageSize(), 1));
      // NVPTX's data layout keeps allocas generic (no A5): an alloca in
      // the local space itself is lowered with generic addresses under
      // st.local (an illegal address at run time once an index is
      // dynamic). The generic alloca is cast to the local space.
      auto genericType = LLVM::LLVMPointerType::get(rewriter.getContext());
      auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext(),
                                                kRegisterTileAddressSpace);
      Value generic = LLVM::AllocaOp::create(rewriter, loc, genericType,
                                             arrayType, one, /*alignment=*/0);
      ptr = LLVM::AddrSpaceCastOp::create(rewriter, loc, ptrType, generic);
    }
    Value desc = MemRefDescriptor::fromStaticShape(
        rewriter, loc, *getTypeConverter(), type, ptr);
    rewriter.replaceOp(op, desc);
    return success();
  }
};

/// Bit-casts a register container to the LLVM type an NVVM intrinsic takes
/// for a PTX data type, and back.
/// (The lane's float type; a vector of them for packed types.)
static Type getIntrinsicType(MLIRContext *ctx, ptx::DataType t) {
  const ptx::DataTypeInfo &info = ptx::getInfo(t);
  FloatType lane = getFloatType(ctx, info.format);
  if (!lane || info.lanes == 1)
    return lane;
  return VectorType::get({static_cast<int64_t>(info.lanes)}, lane);
}

static Value bitcastIfNeeded(OpBuilder &b, Location loc, Value v, Type to) {
  if (v.getType() == to)
    return v;
  return LLVM::BitcastOp::create(b, loc, to, v);
}

/// One instruction operand, converted: the LLVM values read, the pointers
/// written, the global address of a memory operand.
struct Slot {
  const ptx::OperandDesc *desc;
  SmallVector<Value, 4> values; ///< Register inputs (or old dst values).
  SmallVector<Value, 4> ptrs;   ///< Register element pointers.
  Value address;                ///< Memory operands.
  int64_t addressOffset = 0;    ///< Bytes added to `address` in the asm.
  Type eltType;                 ///< LLVM element type.
  std::string immediate;        ///< A constant source, as PTX spells it.
};

/// Whether a result of `desc` held in `eltType` needs its bits moved to a
/// fresh register (see copyRegister): one f32 or f64 in an integer
/// container. ptxas reads a register that an `.f64` instruction wrote as a
/// float: a 32-bit store of its low half (`st.b32 [a], %rd`, which LLVM
/// writes for a 4-byte-aligned i64 or a truncated one) became a conversion
/// (F2I.U32.F64.TRUNC), measured on the H200 with atom.global.add.f64
/// (docs/GPU-Results.md, 2026-12-05). After a `mov.b64` the store takes
/// the bits, as PTX says.
static bool needsRegisterCopy(const ptx::OperandDesc &desc, Type eltType) {
  auto intType = dyn_cast<IntegerType>(eltType);
  const ptx::DataTypeInfo &info = ptx::getInfo(desc.type);
  return intType && info.lanes == 1 && intType.getWidth() == info.bits &&
         (info.format == ptx::FloatFormat::F32 ||
          info.format == ptx::FloatFormat::F64);
}

/// `value` through the table's register move (`mov.b32`/`mov.b64` in its
/// own inline asm, which LLVM does not fold away).
static Value copyRegister(OpBuilder &b, Location loc, Value value) {
  unsigned bits = value.getType().getIntOrFloatBitWidth();
  std::optional<ptx::Instr> mov = ptx::getRegisterCopy(bits);
  if (!mov)
    return value;
  PtxAsmBuilder asmBuilder;
  PtxAsmBuilder::Operand out = asmBuilder.addOutput(value.getType());
  PtxAsmBuilder::Operand in = asmBuilder.addInput(value);
  return asmBuilder
      .create(b, loc, mov->str(),
              {{PtxAsmBuilder::ArgForm::Register, {out}},
               {PtxAsmBuilder::ArgForm::Register, {in}}},
              /*hasSideEffects=*/false)
      .getRes();
}

/// The PTX immediate for a constant broadcast scalar `value` (`converted`
/// after conversion) read by an operand of `type`, or "" where it must be
/// a register. nvcc writes constants so too; and a register would be
/// copied into every inline asm that reads it, which LLVM's
/// PeepholeOptimizer folds in quadratic time.
static std::string getImmediate(Value value, Value converted,
                                const ptx::OperandDesc &desc) {
  ptx::DataType type = desc.type;
  Attribute attr;
  if (!matchPattern(converted, m_Constant(&attr)) &&
      !matchPattern(value, m_Constant(&attr)))
    return {};
  std::optional<llvm::APInt> bits;
  if (auto f = dyn_cast<FloatAttr>(attr))
    bits = f.getValue().bitcastToAPInt();
  else if (auto i = dyn_cast<IntegerAttr>(attr))
    bits = i.getValue();
  if (!bits)
    return {};
  // An immediate the table allows to be negative (wgmma's imm-scale-a: -1)
  // is written in signed decimal: ptxas 13.0 reads 0xFFFFFFFF there as
  // 4294967295 and rejects it.
  if (desc.immediate && desc.immMin < 0)
    return std::to_string(bits->getSExtValue());
  return ptx::formatImmediate(type, *bits).value_or("");
}

/// A view that tile-expand-repeats and expand-strided-metadata leave for
/// each operand and repeat: `memref.reinterpret_cast` of the base buffer of
/// `memref.extract_strided_metadata %root` to a static offset and strides.
/// Its elements lie at `%root`'s aligned pointer plus `offset` (plus
/// multiples of its strides); read so, the view is never built as a
/// descriptor, which at thousands of repeats was most of the IR the
/// conversion made and the canonicalizer then removed.
struct StaticView {
  Value root;
  int64_t offset;
};

static std::optional<StaticView> getStaticView(Value value) {
  auto cast = value.getDefiningOp<memref::ReinterpretCastOp>();
  if (!cast)
    return std::nullopt;
  auto meta =
      cast.getSource().getDefiningOp<memref::ExtractStridedMetadataOp>();
  if (!meta || cast.getSource() != meta.getBaseBuffer())
    return std::nullopt;
  auto [strides, offset] = cast.getType().getStridesAndOffset();
  if (ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  return StaticView{meta.getSource(), offset};
}

/// Whether `op` is a static view only tile.apply ops read: the conversion
/// leaves it alone (the apply lowering reads through it) and erases it
/// once they are lowered.
static bool isViewReadThrough(memref::ReinterpretCastOp op) {
  return !op->use_empty() && getStaticView(op.getResult()) &&
         llvm::all_of(op->getUsers(),
                      [](Operation *user) { return isa<ApplyOp>(user); });
}

/// A pointer `elements` elements of `eltType` past `base`.
static Value offsetPointer(OpBuilder &b, Location loc, Value base, Type eltType,
                           int64_t elements) {
  if (!elements)
    return base;
  if (elements >= INT32_MIN && elements <= INT32_MAX)
    return LLVM::GEPOp::create(
        b, loc, base.getType(), eltType, base,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(elements)});
  Value index = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                         b.getI64IntegerAttr(elements));
  return LLVM::GEPOp::create(b, loc, base.getType(), eltType, base,
                             ArrayRef<LLVM::GEPArg>{index});
}

/// An expanded tile.apply (one instruction) -> llvm.inline_asm (or an NVVM
/// intrinsic where that provably emits the same instruction).
struct ApplyOpLowering : public ConvertOpToLLVMPattern<ApplyOp> {
  ApplyOpLowering(const LLVMTypeConverter &converter, bool useIntrinsics,
                  bool reusePointers)
      : ConvertOpToLLVMPattern(converter), useIntrinsics(useIntrinsics),
        reusePointers(reusePointers) {}

  LogicalResult
  matchAndRewrite(ApplyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.isSingleInstruction())
      return rewriter.notifyMatchFailure(op, "not expanded");
    if (!op->getParentOfType<gpu::GPUModuleOp>())
      return rewriter.notifyMatchFailure(op, "not device code");
    ptx::Instr instr = op.getInstr();
    const ptx::FormDesc &form = *instr.form;
    Location loc = op.getLoc();

    SmallVector<Slot> slots;
    for (auto [desc, value, converted] :
         llvm::zip(form.getOperands(), op.getArgs(), adaptor.getArgs())) {
      Slot slot{&desc, {}, {}, {}, {}};
      auto memrefType = dyn_cast<MemRefType>(value.getType());
      if (!memrefType) {
        slot.eltType = converted.getType();
        // A register-only source (cvt.rs's rbits) stays a register even
        // where its value is a constant.
        if (desc.kind == ptx::OperandKind::Register &&
            desc.role == ptx::OperandRole::Use && desc.atom == 1 &&
            !desc.registerOnly)
          slot.immediate = getImmediate(value, converted, desc);
        if (desc.immediate && slot.immediate.empty())
          return op.emitOpError("operand '")
                 << desc.name << "' must be an immediate";
        // A scalar accumulator (mma's c) fills every register of its
        // fragment; any other scalar binds one register.
        slot.values.assign(desc.atom, converted);
        slots.push_back(std::move(slot));
        continue;
      }
      slot.eltType =
          getTypeConverter()->convertType(memrefType.getElementType());
      if (desc.kind == ptx::OperandKind::Memory)
        setAddress(slot, value, converted, rewriter, loc);
      else
        setElementPointers(slot, value, converted, rewriter, loc);
      if (desc.kind == ptx::OperandKind::Register &&
          (desc.role == ptx::OperandRole::Use || op.getPreserveDst() ||
           desc.readsDst))
        for (Value ptr : slot.ptrs)
          slot.values.push_back(
              LLVM::LoadOp::create(rewriter, loc, slot.eltType, ptr));
      slots.push_back(std::move(slot));
    }

    // A negated source (`!c`) is a register: PTX negates no immediate.
    for (auto [i, slot] : llvm::enumerate(slots))
      if (op.isArgNegated(i))
        slot.immediate.clear();

    Value pred = adaptor.getPred();
    if (useIntrinsics && !pred && !op.getNegated()) {
      if (std::optional<std::string> name = instr.getEquivalentIntrinsic())
        return lowerToIntrinsic(op, *name, slots, rewriter);
    }

    PtxAsmBuilder builder;
    SmallVector<PtxAsmBuilder::Arg> args;
    // (output, element pointer, whether to copy it) of each result
    // register.
    SmallVector<std::tuple<PtxAsmBuilder::Operand, Value, bool>> stores;
    // Outputs first, so they keep their order; then inputs in order.
    SmallVector<SmallVector<PtxAsmBuilder::Operand, 4>> argOperands(
        slots.size());
    for (auto [i, slot] : llvm::enumerate(slots)) {
      if (slot.desc->kind != ptx::OperandKind::Register ||
          slot.desc->role != ptx::OperandRole::Def)
        continue;
      for (Value ptr : slot.ptrs) {
        PtxAsmBuilder::Operand out = builder.addOutput(slot.eltType);
        argOperands[i].push_back(out);
        stores.emplace_back(out, ptr,
                            needsRegisterCopy(*slot.desc, slot.eltType));
      }
    }
    for (auto [i, slot] : llvm::enumerate(slots)) {
      if (slot.desc->kind == ptx::OperandKind::Memory) {
        argOperands[i].push_back(builder.addInput(slot.address));
        continue;
      }
      if (slot.desc->role == ptx::OperandRole::Use && slot.immediate.empty())
        for (Value v : slot.values)
          argOperands[i].push_back(builder.addInput(v));
    }
    // A form that ptxas 13.0 compiles wrongly in some contexts: the
    // table's instructions of the same result instead.
    if (const char *ptx = instr.form->ptxasWorkaround) {
      SmallVector<StringRef> names;
      if (instr.form->sinkFirst)
        names.push_back("_");
      for (const ptx::OperandDesc &d : instr.form->getOperands())
        names.push_back(d.name);
      builder.setReplacement(ptx, names);
    }
    // A state the instruction does not return (mbarrier.arrive on a
    // .shared::cluster barrier) is the sink `_`.
    if (instr.form->sinkFirst)
      args.push_back({PtxAsmBuilder::ArgForm::Sink, {}});
    for (auto [i, slot] : llvm::enumerate(slots)) {
      // A memory operand whose address the instruction computes with
      // (mapa's a) is a bare register; a register that holds an address (a
      // .shared::cluster one) is written in brackets.
      PtxAsmBuilder::ArgForm argForm =
          !slot.immediate.empty()   ? PtxAsmBuilder::ArgForm::Immediate
          : slot.desc->addressValue ? PtxAsmBuilder::ArgForm::Register
          : slot.desc->kind == ptx::OperandKind::Memory || slot.desc->bracketed
              ? PtxAsmBuilder::ArgForm::Address
          // A fragment is a vector expression even of one register
          // (mma's a of m8n8k16: `{%r1}`; ptxas rejects a bare register),
          // except where the table says otherwise (movmatrix).
          : slot.desc->vector ? PtxAsmBuilder::ArgForm::Vector
                              : PtxAsmBuilder::ArgForm::Register;
      args.push_back({argForm, argOperands[i], slot.addressOffset,
                      slot.immediate, slot.desc->pipeToNext,
                      slot.desc->braceWithNext, op.isArgNegated(i),
                      slot.desc->tensorMap});
    }
    // A destination the instruction also reads (wgmma's d) is tied to its
    // old value, as is one a false predicate keeps.
    for (auto [i, slot] : llvm::enumerate(slots))
      if (slot.desc->readsDst)
        for (auto [out, old] : llvm::zip(argOperands[i], slot.values))
          builder.addTiedInput(old, out);
    if (pred) {
      Value pred32 =
          LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), pred);
      builder.setPredicate(pred32, op.getNegatePred());
      if (op.getPreserveDst())
        for (auto [i, slot] : llvm::enumerate(slots))
          if (slot.desc->kind == ptx::OperandKind::Register &&
              slot.desc->role == ptx::OperandRole::Def && !slot.desc->readsDst)
            for (auto [out, old] : llvm::zip(argOperands[i], slot.values))
              builder.addTiedInput(old, out);
    }
    // An instruction without a result exists for its effect (the
    // cp.async groups order memory): it stays, and memory is clobbered.
    // A CTA barrier (bar.red) orders memory too.
    // So does one with an address in a register (ld.shared::cluster).
    bool touchesMemory =
        llvm::any_of(form.getOperands(),
                     [](auto &d) {
                       return d.kind == ptx::OperandKind::Memory || d.bracketed;
                     }) ||
        llvm::none_of(
            form.getOperands(),
            [](auto &d) { return d.role == ptx::OperandRole::Def; }) ||
        ptx::isCtaBarrier(form.semantics);
    if (touchesMemory)
      builder.setMemoryClobber();
    // (A memory operand's register is its address, a pointer.)
    for (auto [i, slot] : llvm::enumerate(slots))
      for (PtxAsmBuilder::Operand o : argOperands[i])
        if (slot.desc->kind != ptx::OperandKind::Memory)
          if (!PtxAsmBuilder::getConstraintLetter(
                  o.isOutput ? builder.getOutputTypes()[o.index]
                             : Type(slot.eltType)))
            return op.emitOpError("no inline-asm register class for ")
                   << slot.eltType;

    // A collective is emitted where it is written, even when its results
    // are unused (bar.warp.sync has none): the lanes meet there.
    bool isCollective = ptx::isCollective(form.semantics);
    LLVM::InlineAsmOp asmOp =
        builder.create(rewriter, loc, instr.str(), args,
                       /*hasSideEffects=*/touchesMemory || isCollective);
    unsigned numOutputs = builder.getOutputTypes().size();
    for (auto [out, ptr, copy] : stores) {
      Value result = asmOp.getRes();
      if (numOutputs > 1)
        result = LLVM::ExtractValueOp::create(rewriter, loc, result,
                                              ArrayRef<int64_t>{out.index});
      if (copy)
        result = copyRegister(rewriter, loc, result);
      LLVM::StoreOp::create(rewriter, loc, result, ptr);
    }
    rewriter.eraseOp(op);
    return success();
  }

private:
  /// What a pointer of the cache is: a buffer's aligned pointer, a
  /// pointer some elements past another, another pointer in a state space.
  enum class PointerKind { Aligned, Offset, Space };
  using PointerKey =
      std::tuple<Block *, Value, int64_t, Type, unsigned, unsigned>;

  /// The pointer `key` describes, made by `make` at the first op of its
  /// block that needs it and reused by the later ones (their repeats read
  /// the same buffers: at thousands of repeats, remaking them was most of
  /// the IR that the canonicalizer and CSE then had to remove).
  Value cachedPointer(PointerKey key, llvm::function_ref<Value()> make) const {
    if (!reusePointers)
      return make();
    auto [it, inserted] = pointers.try_emplace(key);
    if (inserted)
      it->second = make();
    return it->second;
  }

  /// `root`'s aligned pointer (`root` a static view's buffer).
  Value alignedPointer(Value root, ConversionPatternRewriter &rewriter,
                       Location loc) const {
    Value remapped = rewriter.getRemappedValue(root);
    return cachedPointer(
        {rewriter.getInsertionBlock(), remapped, 0, Type(),
         unsigned(PointerKind::Aligned), 0},
        [&] { return MemRefDescriptor(remapped).alignedPtr(rewriter, loc); });
  }

  /// offsetPointer(base, eltType, elements), cached.
  Value cachedOffset(Value base, Type eltType, int64_t elements,
                     ConversionPatternRewriter &rewriter, Location loc) const {
    return cachedPointer(
        {rewriter.getInsertionBlock(), base, elements, eltType,
         unsigned(PointerKind::Offset), 0},
        [&] { return offsetPointer(rewriter, loc, base, eltType, elements); });
  }

  /// The pointers to the atom's elements of a register operand `value`
  /// (`converted` after conversion).
  void setElementPointers(Slot &slot, Value value, Value converted,
                          ConversionPatternRewriter &rewriter,
                          Location loc) const {
    auto type = cast<MemRefType>(value.getType());
    unsigned count = slot.desc->atom;
    if (std::optional<StaticView> view = getStaticView(value)) {
      Value base = alignedPointer(view->root, rewriter, loc);
      int64_t stride = type.getStridesAndOffset().first.back();
      for (unsigned k = 0; k < count; ++k)
        slot.ptrs.push_back(cachedOffset(
            base, slot.eltType, view->offset + k * stride, rewriter, loc));
      return;
    }
    for (unsigned k = 0; k < count; ++k) {
      Value idx = createIndexAttrConstant(rewriter, loc, getIndexType(), k);
      slot.ptrs.push_back(
          getStridedElementPtr(rewriter, loc, type, converted, {idx}));
    }
  }

  /// The address of a memory operand `value` (`converted` after
  /// conversion), in its state space.
  void setAddress(Slot &slot, Value value, Value converted,
                  ConversionPatternRewriter &rewriter, Location loc) const {
    auto type = cast<MemRefType>(value.getType());
    int64_t offset = type.getStridesAndOffset().second;
    Value base;
    if (std::optional<StaticView> view = getStaticView(value)) {
      base = alignedPointer(view->root, rewriter, loc);
      offset = view->offset;
    } else if (!ShapedType::isDynamic(offset)) {
      base = MemRefDescriptor(converted).alignedPtr(rewriter, loc);
    }
    // A static offset goes into the address as an immediate ([base+bytes]),
    // as nvcc writes it: the same instruction, and ptxas keeps one base
    // register instead of one per offset (the seed kernel: 19 SASS
    // instructions instead of 21).
    int64_t bytes = 0;
    unsigned eltBits = type.getElementTypeBitWidth();
    Value ptr;
    if (base && eltBits % 8 == 0 &&
        !llvm::MulOverflow(offset, int64_t(eltBits / 8), bytes) && bytes >= 0 &&
        bytes < (int64_t(1) << 31)) {
      // Offsets from kAddressChunkBytes on go from a base per chunk (CSE
      // keeps one per chunk). One base for all of them would be copied into
      // every inline asm that uses it, and LLVM's PeepholeOptimizer clears
      // the kill flags of all the earlier copies' uses each time it folds
      // one: quadratic in the number of accesses (5.9 of 7.2 s of llc at
      // 2^14 repeats).
      int64_t chunk = bytes & ~(kAddressChunkBytes - 1);
      ptr = cachedOffset(base, rewriter.getI8Type(), chunk, rewriter, loc);
      slot.addressOffset = bytes - chunk;
    } else if (base) {
      ptr = offsetPointer(rewriter, loc, base, slot.eltType, offset);
    } else {
      Value zero = createIndexAttrConstant(rewriter, loc, getIndexType(), 0);
      ptr = getStridedElementPtr(rewriter, loc, type, converted, {zero});
    }
    // An address used as a value has no room for an immediate offset.
    if (slot.desc->addressValue && slot.addressOffset) {
      ptr = offsetPointer(rewriter, loc, ptr, rewriter.getI8Type(),
                          slot.addressOffset);
      slot.addressOffset = 0;
    }
    auto ptrType = cast<LLVM::LLVMPointerType>(ptr.getType());
    bool generic = slot.desc->space == ptx::StateSpace::Generic ||
                   slot.desc->genericAddress;
    unsigned space = generic
                         ? static_cast<unsigned>(NVVM::NVVMMemorySpace::Generic)
                     : slot.desc->space == ptx::StateSpace::Shared
                         ? static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared)
                         : static_cast<unsigned>(NVVM::NVVMMemorySpace::Global);
    if (ptrType.getAddressSpace() != space)
      ptr = cachedPointer(
          {rewriter.getInsertionBlock(), ptr, 0, Type(),
           unsigned(PointerKind::Space), space},
          [&] {
            return LLVM::AddrSpaceCastOp::create(
                rewriter, loc,
                LLVM::LLVMPointerType::get(rewriter.getContext(), space), ptr);
          });
    slot.address = ptr;
  }

  LogicalResult lowerToIntrinsic(ApplyOp op, StringRef name,
                                 ArrayRef<Slot> slots,
                                 ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<Value> args;
    Type resultType;
    Value resultPtr;
    Type resultContainer;
    for (const Slot &slot : slots) {
      Type t = getIntrinsicType(ctx, slot.desc->type);
      if (slot.desc->role == ptx::OperandRole::Def) {
        resultType = t;
        resultPtr = slot.ptrs.front();
        resultContainer = slot.eltType;
        continue;
      }
      args.push_back(bitcastIfNeeded(rewriter, loc, slot.values.front(), t));
    }
    auto call = LLVM::CallIntrinsicOp::create(
        rewriter, loc, resultType, rewriter.getStringAttr(name), args);
    Value result =
        bitcastIfNeeded(rewriter, loc, call.getResult(0), resultContainer);
    LLVM::StoreOp::create(rewriter, loc, result, resultPtr);
    rewriter.eraseOp(op);
    return success();
  }

  bool useIntrinsics;
  bool reusePointers;
  /// Pointers made for earlier ops, by block (see cachedPointer). The
  /// conversion visits a block's ops in order, so each dominates the
  /// later ops of its block.
  mutable llvm::DenseMap<PointerKey, Value> pointers;
};

/// convert-scf-to-cf puts an scf.for's `llvm.loop_annotation` (unroll
/// counts and the like) on its back edge as a discardable attribute, and the
/// cf-to-llvm patterns keep it there, where the translation to LLVM IR does
/// not look: it would be dropped silently. Moves it into the branch's
/// `loop_annotation`, which becomes the loop's `!llvm.loop` metadata.
static void moveLoopAnnotations(Operation *root) {
  StringRef name = "llvm.loop_annotation";
  root->walk([&](Operation *op) {
    auto annotation = op->getAttrOfType<LLVM::LoopAnnotationAttr>(name);
    if (!annotation)
      return;
    if (auto br = dyn_cast<LLVM::BrOp>(op))
      br.setLoopAnnotationAttr(annotation);
    else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op))
      condBr.setLoopAnnotationAttr(annotation);
    else
      return;
    op->removeDiscardableAttr(name);
  });
}

struct ConvertTileToNVVMPass
    : public mlir::tile::impl::ConvertTileToNVVMBase<ConvertTileToNVVMPass> {
  using Base::Base;

  /// The alignment the shared-memory operands of `root`'s instructions
  /// need of their buffers: 16 bytes (ld/st.shared.v4.b32, a b128 register,
  /// cp.async's 16-byte copy, an ldmatrix row), or a bulk operand's own
  /// (a tensor copy's 128).
  static int64_t getSharedAlignment(Operation *root) {
    int64_t align = 16;
    root->walk([&](ApplyOp op) {
      for (const ptx::OperandDesc &d : op.getInstr().form->getOperands())
        if (d.bulk && d.space == ptx::StateSpace::Shared)
          align = std::max<int64_t>(align, d.bulkAlign);
    });
    return align;
  }

  /// The alignment a kernel asks of its dynamic shared memory
  /// (`tile.dynamic_shared_align`, a power of two up to 1024): a
  /// front-end's pool whose buffers need more than the instructions' own,
  /// as a TMA box with the 128-byte swizzle needs 1024 bytes. 1 where none
  /// asks; an error on the kernel where the value is not such a number.
  static FailureOr<int64_t>
  getRequestedDynamicAlignment(gpu::GPUModuleOp module) {
    constexpr StringLiteral kName = "tile.dynamic_shared_align";
    int64_t align = 1;
    WalkResult walk = module.walk([&](gpu::GPUFuncOp fn) {
      Attribute attr = fn->getAttr(kName);
      if (!attr)
        return WalkResult::advance();
      auto value = dyn_cast<IntegerAttr>(attr);
      if (!value || value.getInt() < 1 || value.getInt() > 1024 ||
          !llvm::isPowerOf2_64(value.getInt())) {
        fn.emitOpError() << "'" << kName
                         << "' must be a power of two from 1 to 1024, got "
                         << attr;
        return WalkResult::interrupt();
      }
      align = std::max(align, value.getInt());
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    return align;
  }

  /// The verifier checks a shared-memory access's alignment relative to
  /// its buffer, so every static workgroup buffer starts as aligned as the
  /// function's instructions need (`llvm.align`, which the GPU-to-NVVM
  /// lowering honours; otherwise it aligns a buffer to its element only).
  static void alignWorkgroupBuffers(gpu::GPUModuleOp module) {
    StringRef name = LLVM::LLVMDialect::getAlignAttrName();
    module.walk([&](gpu::GPUFuncOp fn) {
      int64_t kAlign = getSharedAlignment(fn);
      for (unsigned i = 0, e = fn.getNumWorkgroupAttributions(); i < e; ++i) {
        auto old = fn.getWorkgroupAttributionAttr(i, name);
        int64_t align = kAlign;
        if (auto a = dyn_cast_or_null<IntegerAttr>(old))
          align = std::max(align, a.getInt());
        fn.setWorkgroupAttributionAttr(
            i, name,
            IntegerAttr::get(IntegerType::get(fn.getContext(), 64), align));
      }
    });
  }

  /// A kernel's grid-constant parameters: the kernel, and for each the
  /// first of the LLVM parameters its memref descriptor expands to.
  struct GridConstants {
    StringAttr kernel;
    SmallVector<unsigned> firsts;
  };

  /// Where the grid-constant parameters of `module`'s kernels land in
  /// their LLVM signatures (the GPU-to-NVVM lowering's own conversion).
  static SmallVector<GridConstants>
  findGridConstants(gpu::GPUModuleOp module,
                    const LLVMTypeConverter &converter) {
    SmallVector<GridConstants> found;
    module.walk([&](gpu::GPUFuncOp fn) {
      GridConstants gc{fn.getNameAttr(), {}};
      TypeConverter::SignatureConversion conversion(fn.getNumArguments());
      (void)converter.convertFunctionSignature(
          fn.getFunctionType(), /*isVariadic=*/false,
          converter.getOptions().useBarePtrCallConv, conversion);
      for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
        if (fn.getArgAttr(i, kGridConstantAttrName))
          gc.firsts.push_back(conversion.getInputMapping(i)->inputNo);
      if (!gc.firsts.empty())
        found.push_back(std::move(gc));
    });
    return found;
  }

  /// Replaces the descriptor parameters (allocated and aligned pointer,
  /// offset, size, stride) of each grid-constant memref<128xi8> by one
  /// `ptr byval([128 x i8]) align 64 "nvvm.grid_constant"`: the kernel's
  /// `.param .align 64 .b8 p[128]`, read through its generic address.
  static void passByValue(gpu::GPUModuleOp module,
                          ArrayRef<GridConstants> found) {
    for (const GridConstants &gc : found) {
      auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(gc.kernel);
      if (!fn || fn.getBody().empty())
        continue;
      MLIRContext *ctx = fn.getContext();
      OpBuilder b(ctx);
      b.setInsertionPointToStart(&fn.getBody().front());
      auto constant = [&](int64_t v) {
        return LLVM::ConstantOp::create(b, fn.getLoc(), b.getI64Type(),
                                        b.getI64IntegerAttr(v));
      };
      auto ptrType = LLVM::LLVMPointerType::get(ctx);
      NamedAttrList attrs;
      const ptx::TensorMapStorage &map = ptx::getTensorMapStorage();
      attrs.append(
          LLVM::LLVMDialect::getByValAttrName(),
          TypeAttr::get(LLVM::LLVMArrayType::get(b.getI8Type(), map.bytes)));
      attrs.append(LLVM::LLVMDialect::getAlignAttrName(),
                   b.getI64IntegerAttr(map.align));
      attrs.append(NVVM::NVVMDialect::getGridConstantAttrName(),
                   UnitAttr::get(ctx));
      Block &entry = fn.getBody().front();
      SmallVector<Type> params(fn.getFunctionType().getParams());
      SmallVector<Attribute> argAttrs(params.size(), DictionaryAttr::get(ctx));
      if (ArrayAttr old = fn.getArgAttrsAttr())
        argAttrs.assign(old.begin(), old.end());
      // From the last, so the earlier positions stay.
      for (unsigned first : llvm::reverse(gc.firsts)) {
        Location loc = entry.getArgument(first).getLoc();
        Value map = entry.insertArgument(first, ptrType, loc);
        Value fields[] = {map, map, constant(0), constant(128), constant(1)};
        for (auto [i, v] : llvm::enumerate(fields))
          entry.getArgument(first + 1 + i).replaceAllUsesWith(v);
        entry.eraseArguments(first + 1, std::size(fields));
        params.erase(params.begin() + first,
                     params.begin() + first + std::size(fields));
        params.insert(params.begin() + first, ptrType);
        argAttrs.erase(argAttrs.begin() + first,
                       argAttrs.begin() + first + std::size(fields));
        argAttrs.insert(argAttrs.begin() + first, attrs.getDictionary(ctx));
      }
      fn.setFunctionType(
          LLVM::LLVMFunctionType::get(fn.getFunctionType().getReturnType(),
                                      params, fn.getFunctionType().isVarArg()));
      fn.setArgAttrsAttr(ArrayAttr::get(ctx, argAttrs));
    }
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    WalkResult expanded = module.walk([](ApplyOp op) {
      if (op.isSingleInstruction())
        return WalkResult::advance();
      op.emitOpError("has group or repeat axes; run -tile-expand-repeats "
                     "before lowering");
      return WalkResult::interrupt();
    });
    if (expanded.wasInterrupted())
      return signalPassFailure();
    alignWorkgroupBuffers(module);
    FailureOr<int64_t> requested = getRequestedDynamicAlignment(module);
    if (failed(requested))
      return signalPassFailure();
    int64_t dynamicAlign = std::max(getSharedAlignment(module), *requested);
    LowerToLLVMOptions options(ctx);
    LLVMTypeConverter converter(ctx, options);
    configureGpuToNVVMTypeConverter(converter);
    configureTileTypeConverter(converter);
    SmallVector<GridConstants> gridConstants =
        findGridConstants(module, converter);

    RewritePatternSet patterns(ctx);
    populateTileToNVVMConversionPatterns(converter, patterns, useIntrinsics,
                                         /*reusePointers=*/true);
    populateGpuToNVVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(*ctx);
    configureGpuToNVVMConversionLegality(target);
    target.addIllegalDialect<TileDialect>();
    SmallVector<memref::ReinterpretCastOp> readThrough;
    module.walk([&](memref::ReinterpretCastOp op) {
      if (isViewReadThrough(op))
        readThrough.push_back(op);
    });
    llvm::SmallPtrSet<Operation *, 16> legalViews;
    for (memref::ReinterpretCastOp op : readThrough)
      legalViews.insert(op);
    target.addDynamicallyLegalOp<memref::ReinterpretCastOp>(
        [&](Operation *op) { return legalViews.contains(op); });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // The views the apply lowering read through are dead now.
    for (memref::ReinterpretCastOp op : readThrough)
      if (op->use_empty())
        op.erase();
    moveLoopAnnotations(module);
    externDynamicShared(module, dynamicAlign);
    passByValue(module, gridConstants);
  }

  /// MLIR lowers gpu.dynamic_shared_memory to an internal zero-sized array in
  /// shared memory. LLVM's NVPTX backend demotes such a global into the one
  /// function that uses it as a 1-byte `.shared` variable, so the kernel's
  /// accesses run past the variable into the dynamic region the launch adds
  /// after it. An external global is what the ISA means by dynamic shared
  /// memory: `.extern .shared .align 16 .b8 name[]`, at the region's start,
  /// aligned as the module's instructions need (`align`).
  static void externDynamicShared(gpu::GPUModuleOp module, int64_t align) {
    module.walk([&](LLVM::GlobalOp global) {
      auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
      constexpr unsigned kShared =
          static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared);
      if (global.getAddrSpace() != kShared || !array ||
          array.getNumElements() != 0 || global.getValue() ||
          !global.getInitializerRegion().empty())
        return;
      global.setLinkage(LLVM::Linkage::External);
      global.setAlignment(
          std::max<uint64_t>(global.getAlignment().value_or(1), align));
    });
  }
};
} // namespace

namespace {
/// tile.grid_sync: the table's code of a grid synchronization (the
/// GridBarrier record) as one inline asm statement with side effects,
/// convergent as its barriers are (markConvergentAsm); `{uid}` becomes
/// LLVM's number unique to each copy of the statement.
struct GridSyncOpLowering : public ConvertOpToLLVMPattern<GridSyncOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(GridSyncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string text;
    for (const char *line : ptx::getGridSync().asmLines) {
      std::string s = line;
      for (size_t at; (at = s.find("{uid}")) != std::string::npos;)
        s.replace(at, 5, "${:uid}");
      text += s + "\n\t";
    }
    auto asmDialect = LLVM::AsmDialectAttr::get(rewriter.getContext(),
                                                LLVM::AsmDialect::AD_ATT);
    LLVM::InlineAsmOp::create(rewriter, op.getLoc(), TypeRange(), ValueRange(),
                              text, "~{memory}", /*has_side_effects=*/true,
                              /*is_align_stack=*/false,
                              LLVM::TailCallKind::None, asmDialect,
                              /*operand_attrs=*/ArrayAttr());
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::tile::populateTileToNVVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    bool useIntrinsics, bool reusePointers) {
  patterns.add<AllocLocalOpLowering>(converter);
  patterns.add<ApplyOpLowering>(converter, useIntrinsics, reusePointers);
  patterns.add<GridSyncOpLowering>(converter);
}

namespace {
/// Lets the generic LLVM conversions (convert-to-llvm, convert-gpu-to-nvvm)
/// lower tile ops.
struct TileToLLVMDialectInterface : public ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;
  void loadDependentDialects(MLIRContext *context) const final {
    context->loadDialect<NVVM::NVVMDialect>();
  }
  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &typeConverter,
      RewritePatternSet &patterns) const final {
    configureTileTypeConverter(typeConverter);
    populateTileToNVVMConversionPatterns(typeConverter, patterns);
  }
};
} // namespace

void mlir::tile::registerConvertTileToLLVMInterface(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, TileDialect *dialect) {
    dialect->addInterfaces<TileToLLVMDialectInterface>();
  });
}
