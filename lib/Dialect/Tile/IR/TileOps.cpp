//===- TileOps.cpp - tile dialect operations ------------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::tile;
namespace ptx = ::tile::ptx;

#include "tile/Dialect/Tile/IR/TileEnums.cpp.inc"
#include "tile/Dialect/Tile/IR/TileOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileAttrs.cpp.inc"

namespace {
/// Tile ops may be inlined anywhere: they name no symbols and hold no
/// regions (the CPU backend inlines device functions into kernels).
struct TileInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void TileDialect::initialize() {
  addInterfaces<TileInlinerInterface>();
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/Tile/IR/TileOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tile/Dialect/Tile/IR/TileAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool mlir::tile::isRegisterTile(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && isa_and_nonnull<RegisterSpaceAttr>(memref.getMemorySpace());
}

FloatType mlir::tile::getFloatType(MLIRContext *ctx, ptx::FloatFormat format) {
  switch (format) {
  case ptx::FloatFormat::F16:
    return Float16Type::get(ctx);
  case ptx::FloatFormat::BF16:
    return BFloat16Type::get(ctx);
  case ptx::FloatFormat::F32:
    return Float32Type::get(ctx);
  case ptx::FloatFormat::F64:
    return Float64Type::get(ctx);
  case ptx::FloatFormat::E4M3:
    return Float8E4M3FNType::get(ctx);
  case ptx::FloatFormat::E5M2:
    return Float8E5M2Type::get(ctx);
  // The 6- and 4-bit formats are packed only (x4): their containers are
  // integers, as are tf32's.
  case ptx::FloatFormat::E2M3:
  case ptx::FloatFormat::E3M2:
  case ptx::FloatFormat::E2M1:
  case ptx::FloatFormat::TF32:
  case ptx::FloatFormat::None:
    break;
  }
  return {};
}

/// Whether `type` is the MLIR float type of `format`.
static bool isFloatOfFormat(Type type, ptx::FloatFormat format) {
  FloatType f = getFloatType(type.getContext(), format);
  return f && f == type;
}

bool mlir::tile::isValidContainer(ptx::DataType t, Type type) {
  const ptx::DataTypeInfo &info = ptx::getInfo(t);
  if (auto intTy = dyn_cast<IntegerType>(type))
    return intTy.isSignless() && intTy.getWidth() == info.bits;
  return llvm::any_of(info.floatContainers, [&](ptx::FloatFormat f) {
    return isFloatOfFormat(type, f);
  });
}

std::string mlir::tile::describeContainers(ptx::DataType t) {
  const ptx::DataTypeInfo &info = ptx::getInfo(t);
  std::string s;
  for (ptx::FloatFormat f : info.floatContainers)
    s += std::string(ptx::getInfo(f).name) + " or ";
  s += "i" + std::to_string(info.bits);
  if (info.lanes > 1)
    s += " (one container holds all " + std::to_string(info.lanes) +
         " packed lanes, element 0 in the low bits)";
  return s;
}

//===----------------------------------------------------------------------===//
// PtxOpcodeAttr
//===----------------------------------------------------------------------===//

ptx::Instr PtxOpcodeAttr::getInstr() const {
  return ptx::Instr{&ptx::getForms()[getForm()], getQuals()};
}

PtxOpcodeAttr PtxOpcodeAttr::get(MLIRContext *ctx, const ptx::Instr &instr) {
  return get(ctx, instr.form->getIndex(), instr.quals);
}

PtxOpcodeAttr
PtxOpcodeAttr::decode(llvm::function_ref<InFlightDiagnostic()> emitError,
                      MLIRContext *ctx, StringRef spelling,
                      const ptx::FormHint &hint) {
  llvm::Expected<ptx::Instr> instr = ptx::decode(spelling, hint);
  if (!instr) {
    emitError() << llvm::toString(instr.takeError());
    return {};
  }
  return get(ctx, *instr);
}

LogicalResult
PtxOpcodeAttr::verify(llvm::function_ref<InFlightDiagnostic()> emitError,
                      unsigned form, ptx::QualSet quals) {
  if (form >= ptx::getForms().size())
    return emitError() << "instruction-table form " << form
                       << " does not exist";
  ptx::Instr instr{&ptx::getForms()[form], quals};
  // The form must accept exactly these qualifiers.
  if (!instr.form->accepts(quals))
    return emitError() << "qualifier set " << ptx::formatQuals(quals)
                       << " is not accepted by '" << instr.form->syntax << "'";
  return success();
}

/// `<"spelling">` or `<"spelling", variant = "name">`.
Attribute PtxOpcodeAttr::parse(AsmParser &parser, Type) {
  std::string spelling, variant;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseString(&spelling))
    return {};
  ptx::FormHint hint;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("variant") || parser.parseEqual() ||
        parser.parseString(&variant))
      return {};
    hint.variant = variant;
  }
  if (parser.parseGreater())
    return {};
  return decode([&] { return parser.emitError(loc); }, parser.getContext(),
                spelling, hint);
}

void PtxOpcodeAttr::print(AsmPrinter &printer) const {
  ptx::Instr instr = getInstr();
  printer << "<";
  printer.printString(instr.str());
  if (ptx::needsVariant(instr)) {
    printer << ", variant = ";
    printer.printString(instr.form->variant);
  }
  printer << ">";
}

/// SmemLayoutAttr: `<RxCxT, swizzle = "S">` (parsed here, where its storage
/// class is complete).
Attribute SmemLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> shape;
  Type elementType;
  std::string swizzle;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseKeyword("swizzle") || parser.parseEqual() ||
      parser.parseString(&swizzle) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape, elementType, swizzle);
}

//===----------------------------------------------------------------------===//
// ApplyOp syntax
//===----------------------------------------------------------------------===//

/// The atom extent an operand of type `type` shows: the last axis of a
/// memref, 1 for a scalar.
static unsigned getAtomExtent(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || memref.getRank() == 0 ||
      memref.isDynamicDim(memref.getRank() - 1))
    return 1;
  return static_cast<unsigned>(std::max<int64_t>(memref.getShape().back(), 0));
}

/// `"spelling" (args) [pred(%p)] [preserve_dst] scope(s) attr-dict : types`,
/// where an argument and the predicate may be written `not %c`.
/// The opcode is decoded once the operand types are known, so forms that
/// share a spelling are told apart by their operands.
ParseResult ApplyOp::parse(OpAsmParser &parser, OperationState &result) {
  std::string spelling;
  SMLoc opcodeLoc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> args;
  OpAsmParser::UnresolvedOperand pred;
  bool hasPred = false;
  Properties &props = result.getOrAddProperties<Properties>();
  SmallVector<int64_t> negated;
  auto parseArg = [&]() -> ParseResult {
    if (succeeded(parser.parseOptionalKeyword("not")))
      negated.push_back(args.size());
    return parser.parseOperand(args.emplace_back());
  };
  if (parser.parseString(&spelling) ||
      parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren, parseArg))
    return failure();
  if (!negated.empty())
    props.negated = parser.getBuilder().getDenseI64ArrayAttr(negated);
  Type predType = parser.getBuilder().getI1Type();
  if (succeeded(parser.parseOptionalKeyword("pred"))) {
    hasPred = true;
    if (parser.parseLParen())
      return failure();
    if (succeeded(parser.parseOptionalKeyword("not")))
      props.negate_pred = parser.getBuilder().getUnitAttr();
    if (parser.parseOperand(pred) ||
        (succeeded(parser.parseOptionalColon()) &&
         parser.parseType(predType)) ||
        parser.parseRParen())
      return failure();
  }
  if (succeeded(parser.parseOptionalKeyword("preserve_dst")))
    props.preserve_dst = parser.getBuilder().getUnitAttr();
  StringRef scopeName;
  SMLoc scopeLoc;
  if (parser.parseKeyword("scope") || parser.parseLParen() ||
      (scopeLoc = parser.getCurrentLocation(),
       parser.parseKeyword(&scopeName)) ||
      parser.parseRParen())
    return failure();
  std::optional<Scope> scope = symbolizeScope(scopeName);
  if (!scope)
    return parser.emitError(scopeLoc, "unknown scope '")
           << scopeName << "' (expected thread, warp, warpgroup or cta)";
  props.scope = ScopeAttr::get(parser.getContext(), *scope);
  SmallVector<Type> types;
  SMLoc typesLoc;
  // An instruction without operands (cp.async.commit_group) has no types.
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  bool colon = succeeded(parser.parseOptionalColon());
  if (!colon && !args.empty())
    return parser.emitError(parser.getCurrentLocation(),
                            "expected ':' and the operands' types");
  typesLoc = parser.getCurrentLocation();
  if (colon && parser.parseTypeList(types))
    return failure();
  if (parser.resolveOperands(args, types, typesLoc, result.operands))
    return failure();
  if (hasPred && parser.resolveOperand(pred, predType, result.operands))
    return failure();
  SmallVector<unsigned> atoms = llvm::map_to_vector(types, getAtomExtent);
  SmallVector<bool> predicates = llvm::map_to_vector(
      types, [](Type t) { return getElementTypeOrSelf(t).isInteger(1); });
  SmallVector<bool> memories = llvm::map_to_vector(
      types, [](Type t) { return isa<MemRefType>(t) && !isRegisterTile(t); });
  ptx::FormHint hint;
  hint.numOperands = args.size();
  hint.atoms = atoms;
  hint.predicates = predicates;
  hint.memories = memories;
  props.opcode =
      PtxOpcodeAttr::decode([&] { return parser.emitError(opcodeLoc); },
                            parser.getContext(), spelling, hint);
  if (!props.opcode)
    return failure();
  props.operandSegmentSizes = {static_cast<int32_t>(args.size()),
                               hasPred ? 1 : 0};
  return success();
}

void ApplyOp::print(OpAsmPrinter &printer) {
  printer << " ";
  printer.printString(getOpcode().getSpelling());
  printer << "(";
  for (auto [i, arg] : llvm::enumerate(getArgs()))
    printer << (i ? ", " : "") << (isArgNegated(i) ? "not " : "") << arg;
  printer << ")";
  if (Value pred = getPred()) {
    printer << " pred(" << (getNegatePred() ? "not " : "") << pred;
    if (isa<MemRefType>(pred.getType()))
      printer << " : " << pred.getType();
    printer << ")";
  }
  if (getPreserveDst())
    printer << " preserve_dst";
  printer << " scope(" << stringifyScope(getScope()) << ")";
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getOpcodeAttrName(), getPreserveDstAttrName(),
                                 getScopeAttrName(), getNegatedAttrName(),
                                 getNegatePredAttrName(),
                                 getOperandSegmentSizesAttrName()});
  if (!getArgs().empty())
    printer << " : " << getArgs().getTypes();
}

//===----------------------------------------------------------------------===//
// AllocLocalOp
//===----------------------------------------------------------------------===//

int64_t AllocLocalOp::getStorageSize() {
  MemRefType type = getType();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return 0;
  // Checked: the verifier rejects a layout whose span overflows (-1 here).
  int64_t last = offset;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
    int64_t term;
    if (size <= 0)
      return 0;
    if (llvm::MulOverflow(size - 1, stride, term) ||
        llvm::AddOverflow(last, term, last))
      return -1;
  }
  return last == std::numeric_limits<int64_t>::max() ? -1 : last + 1;
}

//===----------------------------------------------------------------------===//
// WgmmaDescOp
//===----------------------------------------------------------------------===//

static bool isSpaceCompatible(MemRefType type, ptx::StateSpace ss);

LogicalResult WgmmaDescOp::verify() {
  MemRefType type = getBuffer().getType();
  if (!isWorkgroupMemRef(type))
    return emitOpError("expected a memref in the workgroup memory space "
                       "(#gpu.address_space<workgroup> or 3), got ")
           << type;
  if (!ptx::findSwizzleByName(getSwizzle()))
    return emitOpError("unknown swizzle mode \"")
           << getSwizzle() << "\" (the table has "
           << quoteNames(ptx::getSwizzleModes()) << ")";
  for (auto [name, value, field] :
       {std::tuple{"lbo", getLbo(), ptx::DescField::LeadingOffset},
        std::tuple{"sbo", getSbo(), ptx::DescField::StrideOffset}}) {
    const ptx::DescFieldDesc &f = ptx::getDescField(field);
    if (!f.fits(uint64_t(value)))
      return emitOpError() << name << " must be a multiple of "
                           << (1u << f.shift) << " bytes below "
                           << (uint64_t(1) << (f.width + f.shift))
                           << " (the descriptor's " << f.name << " field), got "
                           << value;
  }
  SmallVector<int64_t> strides;
  int64_t offset;
  unsigned bits = type.getElementTypeBitWidth();
  if (succeeded(type.getStridesAndOffset(strides, offset)) &&
      !ShapedType::isDynamic(offset) && (offset * bits) % 128 != 0)
    return emitOpError("the matrix must start 16-byte aligned, but its "
                       "offset is ")
           << offset << " elements of " << bits << " bits";
  return success();
}

uint64_t WgmmaDescOp::getConstantFields() {
  const ptx::SwizzleModeDesc *mode = ptx::findSwizzleByName(getSwizzle());
  return ptx::getDescField(ptx::DescField::LeadingOffset).put(getLbo()) |
         ptx::getDescField(ptx::DescField::StrideOffset).put(getSbo()) |
         ptx::getDescField(ptx::DescField::Swizzle)
             .put(uint64_t(mode->code)
                  << ptx::getDescField(ptx::DescField::Swizzle).shift);
}

Value WgmmaDescOp::expand(OpBuilder &b) {
  return buildWgmmaDescriptor(b, getLoc(), getBuffer(), 0, getConstantFields());
}

bool mlir::tile::isWorkgroupMemRef(MemRefType type) {
  return type.getMemorySpace() && !isRegisterTile(type) &&
         isSpaceCompatible(type, ptx::StateSpace::Shared);
}

Value mlir::tile::buildMemRefAddress(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value offset =
      memref::ExtractStridedMetadataOp::create(b, loc, memref).getOffset();
  Value bytes = arith::ConstantIndexOp::create(
      b, loc, std::max<int64_t>(type.getElementTypeBitWidth() / 8, 1));
  Value addr = arith::AddIOp::create(
      b, loc, base, arith::MulIOp::create(b, loc, offset, bytes));
  return arith::IndexCastUIOp::create(b, loc, b.getI64Type(), addr);
}

Value mlir::tile::buildWgmmaDescriptor(OpBuilder &b, Location loc, Value buffer,
                                       int64_t byteOffset,
                                       uint64_t constantFields) {
  auto i64 = [&](uint64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(int64_t(v)));
  };
  Value addr64 = buildMemRefAddress(b, loc, buffer);
  if (byteOffset)
    addr64 = arith::AddIOp::create(b, loc, addr64, i64(byteOffset));
  // The start address field: (addr >> shift) within its width, at lo.
  const ptx::DescFieldDesc &start =
      ptx::getDescField(ptx::DescField::StartAddress);
  Value field = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, addr64, i64(start.shift)),
      i64((uint64_t(1) << start.width) - 1));
  if (start.lo)
    field = arith::ShLIOp::create(b, loc, field, i64(start.lo));
  return arith::OrIOp::create(b, loc, field, i64(constantFields));
}

LogicalResult GridSyncOp::verify() {
  if (!(*this)->getParentOfType<gpu::GPUModuleOp>())
    return emitOpError("is GPU code: it belongs in a function of a "
                       "gpu.module (a kernel or a device function)");
  return success();
}

LogicalResult AllocLocalOp::verify() {
  MemRefType type = getType();
  if (!isRegisterTile(type))
    return emitOpError("expected a memref in the #tile.reg memory space, got ")
           << type;
  Type elt = type.getElementType();
  if (!elt.isSignlessInteger() && !isa<FloatType>(elt))
    return emitOpError("expected an integer or float element type, got ")
           << elt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return emitOpError("expected a static strided layout, got ") << type;
  if (offset < 0 || llvm::any_of(strides, [](int64_t s) { return s < 0; }))
    return emitOpError("expected non-negative strides and offset, got ")
           << type;
  // A thread holds the tile in registers: bound its storage.
  int64_t storage = getStorageSize();
  constexpr int64_t kMaxStorage = kMaxRepeatsPerOp * 8;
  if (storage < 0 || storage > kMaxStorage)
    return emitOpError() << "a register tile holds at most " << kMaxStorage
                         << " elements per thread, got " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// ApplyOp
//===----------------------------------------------------------------------===//

void ApplyOp::build(OpBuilder &builder, OperationState &state,
                    const ptx::Instr &instr, ValueRange args, Value pred,
                    bool preserveDst, Scope scope) {
  build(builder, state, PtxOpcodeAttr::get(builder.getContext(), instr), args,
        pred, preserveDst, scope, /*negated=*/nullptr);
}

unsigned ApplyOp::getGroupRank(Scope scope) {
  switch (scope) {
  case Scope::thread:
    return 0;
  case Scope::warp:
    return 1;
  case Scope::warpgroup:
  case Scope::cta:
    return 2;
  }
  llvm_unreachable("unknown scope");
}

SmallVector<int64_t> ApplyOp::getGroupLimits(Scope scope) {
  switch (scope) {
  case Scope::thread:
    return {};
  case Scope::warp:
    return {32};
  case Scope::warpgroup:
    return {4, 32};
  case Scope::cta:
    return {32, 32};
  }
  llvm_unreachable("unknown scope");
}

StringRef ApplyOp::getGroupAxisName(Scope scope, unsigned axis) {
  if (scope == Scope::warp || axis == 1)
    return "lane";
  return scope == Scope::warpgroup ? "warp_in_group" : "warp_in_cta";
}

bool ApplyOp::isSingleInstruction() {
  // A predicate tile is read per repeat by tile-expand-repeats.
  Value pred = getPred();
  bool anyTile = (pred && isa<MemRefType>(pred.getType())) ||
                 llvm::any_of(getArgs().getTypes(), llvm::IsaPred<MemRefType>);
  // Scalars alone (bar.warp.sync's member mask): one instruction a thread,
  // at any scope.
  if (!anyTile)
    return true;
  return getScope() == Scope::thread &&
         !(pred && isa<MemRefType>(pred.getType())) &&
         llvm::all_of(getArgs().getTypes(), [](Type t) {
           auto memref = dyn_cast<MemRefType>(t);
           return !memref || memref.getRank() == 1;
         });
}

bool ApplyOp::isArgNegated(unsigned index) {
  std::optional<ArrayRef<int64_t>> negated = getNegated();
  return negated && llvm::is_contained(*negated, index);
}

bool ApplyOp::isRowsOperand(unsigned index) {
  llvm::ArrayRef<ptx::OperandDesc> ops = getInstr().form->getOperands();
  return index < ops.size() && ops[index].kind == ptx::OperandKind::Memory &&
         ops[index].fragment != nullptr &&
         isa<MemRefType>(getArgs()[index].getType());
}

std::optional<unsigned> ApplyOp::getAccumulatorIndex() {
  for (auto [index, desc] : llvm::enumerate(getInstr().form->getOperands()))
    if (desc.accumulator)
      return index;
  return std::nullopt;
}

SmallVector<unsigned> ApplyOp::getAccumulationAxes() {
  SmallVector<unsigned> axes;
  llvm::ArrayRef<ptx::OperandDesc> ops = getInstr().form->getOperands();
  bool readsDst = !ops.empty() && ops.front().readsDst;
  if ((!getAccumulatorIndex() && !readsDst) || getArgs().empty())
    return axes;
  auto type = dyn_cast<MemRefType>(getArgs()[0].getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type || failed(type.getStridesAndOffset(strides, offset)))
    return axes;
  unsigned groupRank = getGroupRank(getScope());
  ArrayRef<int64_t> shape = type.getShape();
  for (unsigned i = groupRank; i + 1 < shape.size(); ++i)
    if (shape[i] > 1 && strides[i] == 0)
      axes.push_back(i - groupRank);
  return axes;
}

Value ApplyOp::getShapeOperand() {
  for (auto [index, arg] : llvm::enumerate(getArgs()))
    if (isa<MemRefType>(arg.getType()) && !isRowsOperand(index))
      return arg;
  return {};
}

int64_t ApplyOp::getNumInstructions() {
  int64_t n = 1;
  if (Value shape = getShapeOperand())
    if (auto type = dyn_cast<MemRefType>(shape.getType()))
      for (int64_t d :
           type.getShape().drop_front(getGroupRank(getScope())).drop_back())
        n *= d;
  return n;
}

void ApplyOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  const ptx::FormDesc &form = *getInstr().form;
  // The lanes of a warp collective meet where it is written, and an
  // instruction without a result orders memory (cp.async.wait_group): it
  // is never dead, merged with another, or moved across other effects.
  bool hasResult = llvm::any_of(form.getOperands(), [](auto &o) {
    return o.role == ptx::OperandRole::Def;
  });
  if (ptx::isCollective(form.semantics) || !hasResult) {
    effects.emplace_back(MemoryEffects::Read::get(),
                         SideEffects::DefaultResource::get());
    effects.emplace_back(MemoryEffects::Write::get(),
                         SideEffects::DefaultResource::get());
  }
  if (Value pred = getPred(); pred && isa<MemRefType>(pred.getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getPredMutable()[0],
                         SideEffects::DefaultResource::get());
  for (auto [idx, value] : llvm::enumerate(getArgs())) {
    if (!isa<MemRefType>(value.getType()))
      continue;
    OpOperand &operand = getArgsMutable()[idx];
    // An operand the form does not describe is conservatively read and
    // written (the verifier rejects it).
    bool known = idx < form.getNumOperands();
    bool isDef = !known || form.operands[idx].role == ptx::OperandRole::Def;
    bool isUse = !known || form.operands[idx].role == ptx::OperandRole::Use ||
                 getPreserveDst();
    if (isUse)
      effects.emplace_back(MemoryEffects::Read::get(), &operand,
                           SideEffects::DefaultResource::get());
    if (isDef)
      effects.emplace_back(MemoryEffects::Write::get(), &operand,
                           SideEffects::DefaultResource::get());
  }
}

namespace {
/// The group, repeat and atom extents of one tensor operand.
struct OperandShape {
  ArrayRef<int64_t> group, repeat;
  int64_t atom;
};
} // namespace

/// Whether a memref's memory space can hold an address of the PTX state
/// space: global takes the default (generic) space or the global one, shared
/// takes workgroup memory (NVVM address space 3).
static bool isSpaceCompatible(MemRefType type, ptx::StateSpace ss) {
  if (ss == ptx::StateSpace::Generic)
    return isSpaceCompatible(type, ptx::StateSpace::Global) ||
           isSpaceCompatible(type, ptx::StateSpace::Shared);
  Attribute space = type.getMemorySpace();
  if (ss == ptx::StateSpace::Shared) {
    if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
      return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
    auto intSpace = dyn_cast_or_null<IntegerAttr>(space);
    return intSpace && intSpace.getInt() == 3;
  }
  if (!space)
    return true;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Global;
  if (auto intSpace = dyn_cast<IntegerAttr>(space))
    return intSpace.getInt() == 0 || intSpace.getInt() == 1;
  return false;
}

/// What a memory operand of state space `ss` must be, for a diagnostic.
static StringRef getSpaceExpectation(ptx::StateSpace ss) {
  switch (ss) {
  case ptx::StateSpace::Shared:
    return "expected a memref in the workgroup memory space "
           "(#gpu.address_space<workgroup> or 3) for the .shared state space, "
           "got ";
  case ptx::StateSpace::Generic:
    return "expected a memref in the global, default or workgroup memory "
           "space for a generic address, got ";
  default:
    return "expected a memref in the global or default memory space for the "
           ".global state space, got ";
  }
}

/// For a vector access of `bytes` bytes through a memref with a static
/// layout, the first misaligned element offset (in bytes) among the offset
/// and the strides of the non-atom axes; nullopt when every access is
/// aligned relative to the buffer (whose base is aligned by allocation).
static std::optional<int64_t> findMisalignment(MemRefType type,
                                               ArrayRef<int64_t> strides,
                                               int64_t offset, int64_t bytes) {
  int64_t eltBytes = type.getElementTypeBitWidth() / 8;
  if (!ShapedType::isDynamic(offset) && (offset * eltBytes) % bytes)
    return offset * eltBytes;
  for (auto [size, stride] :
       llvm::zip(type.getShape().drop_back(), ArrayRef(strides).drop_back()))
    if (size > 1 && !ShapedType::isDynamic(stride) &&
        (stride * eltBytes) % bytes)
      return stride * eltBytes;
  return std::nullopt;
}

/// Finds a register slot that two (repeat, atom) coordinates of a
/// destination both write. `local` and `strides` are the repeat and atom
/// extents and strides; returns the slot and the second coordinate.
/// The extents are bounded by the verifier (kMaxRepeatsPerOp repeats of at
/// most 8 registers); a slot index that overflows is reported as an overlap
/// at slot -1.
static std::optional<std::pair<int64_t, SmallVector<int64_t>>>
findOverlappingSlot(ArrayRef<int64_t> local, ArrayRef<int64_t> strides,
                    int64_t offset) {
  llvm::DenseSet<int64_t> slots;
  SmallVector<int64_t> coord(local.size(), 0);
  int64_t count = 1;
  for (int64_t d : local)
    count *= d;
  for (int64_t n = 0; n < count; ++n) {
    int64_t rem = n, slot = offset;
    for (int64_t i = local.size() - 1; i >= 0; --i) {
      coord[i] = rem % local[i];
      rem /= local[i];
      int64_t term;
      if (llvm::MulOverflow(coord[i], strides[i], term) ||
          llvm::AddOverflow(slot, term, slot))
        return std::make_pair(int64_t(-1), coord);
    }
    if (!slots.insert(slot).second)
      return std::make_pair(slot, coord);
  }
  return std::nullopt;
}

/// An immediate source (lop3's table): a constant integer scalar in the
/// operand's range.
template <typename Diag>
static LogicalResult verifyImmediate(Value value, const ptx::OperandDesc &desc,
                                     Diag diag) {
  llvm::APInt bits;
  if (!matchPattern(value, m_ConstantInt(&bits)))
    return diag() << "expected an immediate: a constant integer in "
                  << desc.immMin << ".." << desc.immMax
                  << " (arith.constant), got a value computed at run time";
  // An unsigned operand's constant is read unsigned (i32 -1 is
  // cp.async.wait_group's .u32 4294967295); the others' signed.
  bool isUnsigned = ptx::getInfo(desc.type).intKind == ptx::IntKind::Unsigned;
  int64_t v = isUnsigned && bits.getBitWidth() < 64
                  ? static_cast<int64_t>(bits.getZExtValue())
                  : bits.getSExtValue();
  if (v < desc.immMin || v > desc.immMax)
    return diag() << "immediate " << v << " is out of range " << desc.immMin
                  << ".." << desc.immMax;
  if (v % desc.immMultiple)
    return diag() << "immediate " << v << " must be a multiple of "
                  << desc.immMultiple;
  if (!desc.immValues.empty() && !llvm::is_contained(desc.immValues, v)) {
    InFlightDiagnostic d = diag() << "immediate " << v << " must be one of";
    for (int64_t allowed : desc.immValues)
      d << " " << allowed;
    return d;
  }
  return success();
}

/// A predicate tile: an i1 register tile of the operands' group and repeat
/// extents, atom extent 1, distributed group axes, a static layout.
static LogicalResult verifyPredTile(ApplyOp op, MemRefType tile,
                                    const std::optional<OperandShape> &ref) {
  auto diag = [&]() {
    return op.emitOpError() << "predicate tile " << tile << ": ";
  };
  Scope scope = op.getScope();
  if (!isRegisterTile(tile))
    return diag() << "expected a register tile (memref in #tile.reg)";
  if (!ref)
    return diag() << "needs tensor operands to take its group and repeat "
                     "extents from";
  unsigned groupRank = ApplyOp::getGroupRank(scope);
  SmallVector<int64_t> expected(ref->group.begin(), ref->group.end());
  llvm::append_range(expected, ref->repeat);
  expected.push_back(1);
  if (tile.getShape() != ArrayRef(expected))
    return diag() << "expected the operands' group and repeat extents and "
                     "atom extent 1, shape ("
                  << llvm::make_range(expected.begin(), expected.end()) << ")";
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(tile.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return diag() << "expected a static register layout";
  for (unsigned g = 0; g < groupRank; ++g)
    if (expected[g] > 1 && strides[g] != 0)
      return diag() << "group axis " << g << " ('"
                    << ApplyOp::getGroupAxisName(scope, g)
                    << "') is distributed: expected stride 0, got "
                    << strides[g];
  return success();
}

/// A form whose operands are fragments of a warpgroup's matrices (wgmma):
/// its 128 threads compute together, so the op runs at warpgroup scope
/// (group axes 4 x 32) or at cta scope over whole warpgroups (a multiple of
/// 4 warps, each warpgroup computing its own), without a per-thread guard.
static LogicalResult
verifyWarpgroupFragments(ApplyOp op, const std::string &name,
                         const std::optional<OperandShape> &ref) {
  Scope scope = op.getScope();
  if (scope != Scope::warpgroup && scope != Scope::cta &&
      !op.isSingleInstruction())
    return op.emitOpError()
           << name << " is a warpgroup-level instruction: its operands are "
           << "fragments spread over the 128 threads of a warpgroup; write "
              "scope(warpgroup) with group axes 4 x 32 (or cta with whole "
              "warpgroups)";
  if (ref && ref->group.size() == 2 &&
      (ref->group[1] != 32 || ref->group[0] % 4 != 0 ||
       (scope == Scope::warpgroup && ref->group[0] != 4)))
    return op.emitOpError()
           << name << " needs whole warpgroups: group axes (4, 32)"
           << (scope == Scope::cta ? " or a multiple of 4 warps" : "")
           << ", got ("
           << llvm::make_range(ref->group.begin(), ref->group.end()) << ")";
  if (op.getPred())
    return op.emitOpError()
           << "'pred' is not allowed on " << name << ": .aligned needs every "
           << "thread of the warpgroup to execute it; branch around it with "
              "a warpgroup-uniform condition instead";
  return success();
}

/// A form whose operands are fragments of a warp's matrices (mma): its
/// 32 lanes compute together, so the op runs at a scope with a lane axis,
/// every lane of it present (whole warps), and without a per-lane guard
/// (.aligned: every lane must execute the same instruction). At thread
/// scope only the single instruction as one lane issues it (rank-1 atoms:
/// what tile-expand-repeats makes of a warp-scope op) is accepted.
static LogicalResult verifyFragments(ApplyOp op, const ptx::FormDesc &form,
                                     const std::string &name,
                                     const std::optional<OperandShape> &ref) {
  if (!llvm::any_of(form.getOperands(), [](const ptx::OperandDesc &o) {
        return o.fragment != nullptr;
      }))
    return success();
  Scope scope = op.getScope();
  if (form.isWarpgroupCollective())
    return verifyWarpgroupFragments(op, name, ref);
  if (scope == Scope::thread && !op.isSingleInstruction())
    return op.emitOpError()
           << name << " is a warp-level instruction: its operands are "
           << "fragments spread over the 32 lanes of a warp; write "
              "scope(warp) (or warpgroup, cta) with a lane axis of 32";
  if (ref && !ref->group.empty() && ref->group.back() != 32)
    return op.emitOpError()
           << name << " needs whole warps: the lane axis must have 32 "
           << "entries, got " << ref->group.back();
  if (op.getPred())
    return op.emitOpError()
           << "'pred' is not allowed on " << name << ": .aligned needs every "
           << "lane of the warp to execute it; branch around it with a "
              "warp-uniform condition instead";
  return success();
}

/// A memory operand of a warp's matrices (ldmatrix, stmatrix) at a scope
/// with a lane axis: coordinates (group, repeat, matrix..., row, column),
/// the group and repeat extents those of `ref`, the matrix axes' extents
/// multiplying to the form's count, the lanes sharing the matrices (lane
/// stride 0), columns contiguous, each row aligned to its bytes.
static LogicalResult verifyRowsOperand(ApplyOp op, unsigned idx,
                                       MemRefType type,
                                       const ptx::OperandDesc &desc,
                                       const std::optional<OperandShape> &ref) {
  const ptx::FragmentDesc &rows = *desc.fragment;
  auto diag = [&]() {
    return op.emitOpError() << "operand #" << idx << " ('" << desc.name
                            << "') of '" << op.getInstr().str() << "': ";
  };
  unsigned groupRank = ApplyOp::getGroupRank(op.getScope());
  auto expected = [&]() {
    std::string s = "(";
    for (int64_t d : ref->group)
      s += std::to_string(d) + ", ";
    for (int64_t d : ref->repeat)
      s += std::to_string(d) + ", ";
    return s + "<matrix axes of " + std::to_string(rows.matrices) +
           " matrices>, " + std::to_string(rows.rows) + ", " +
           std::to_string(rows.cols) + ")";
  };
  if (!ref)
    return diag() << "needs a register operand to take the group and "
                     "repeat extents from";
  size_t lead = groupRank + ref->repeat.size();
  ArrayRef<int64_t> shape = type.getShape();
  if (!type.hasStaticShape() || shape.size() < lead + 2 ||
      shape.take_front(groupRank) != ref->group ||
      shape.slice(groupRank, ref->repeat.size()) != ref->repeat ||
      shape.take_back(2) != ArrayRef<int64_t>{rows.rows, rows.cols})
    return diag() << "expected the warp's matrices with coordinates "
                  << expected() << ", got " << type;
  int64_t count = 1;
  for (int64_t d : shape.slice(lead, shape.size() - lead - 2))
    count *= d;
  if (count != rows.matrices)
    return diag() << "the matrix axes hold " << count << " matrices, but the "
                  << "form moves " << rows.matrices << ": expected "
                  << expected() << ", got " << type;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return diag() << "expected a strided layout, got " << type;
  if (strides.back() != 1)
    return diag() << "each lane's row is " << rows.cols
                  << " consecutive elements: expected stride 1 on the column "
                     "axis, got "
                  << type;
  if (groupRank && shape[groupRank - 1] > 1 && strides[groupRank - 1] != 0)
    return diag() << "the lanes of a warp share its matrices: expected "
                     "stride 0 on the lane axis, got "
                  << type;
  int64_t bytes = rows.cols * type.getElementTypeBitWidth() / 8;
  if (std::optional<int64_t> bad =
          findMisalignment(type, strides, offset, bytes))
    return diag() << "each row is a " << bytes << "-byte access and must be "
                  << bytes << "-byte aligned, but the layout puts one at a "
                  << "multiple of " << *bad << " bytes: " << type;
  return success();
}

/// The predicate sources of `form` that PTX lets it negate, for messages.
static std::string describeNegatable(const ptx::FormDesc &form) {
  std::string list;
  for (const ptx::OperandDesc &o : form.getOperands())
    if (o.negation == ptx::Negation::Documented)
      list += (list.empty() ? "'" : ", '") + std::string(o.name) + "'";
  return list.empty() ? "it negates none of its operands"
                      : "only " + list + " may be negated";
}

/// `not` on an argument: a predicate source the form's syntax line writes
/// `{!}c`, each named once, in order.
static LogicalResult verifyNegations(ApplyOp op, const ptx::FormDesc &form,
                                     const std::string &name) {
  if (op.getNegatePred() && !op.getPred())
    return op.emitOpError("'negate_pred' requires a 'pred' operand");
  std::optional<ArrayRef<int64_t>> negated = op.getNegated();
  if (!negated)
    return success();
  int64_t last = -1;
  for (int64_t index : *negated) {
    if (index <= last || index >= form.getNumOperands())
      return op.emitOpError() << "'negated' must list distinct operand "
                                 "positions of "
                              << name << " in increasing order, got " << index;
    last = index;
    const ptx::OperandDesc &desc = form.operands[index];
    if (desc.negation == ptx::Negation::Documented)
      continue;
    return op.emitOpError()
           << "operand #" << index << " ('" << desc.name << "') of " << name
           << " cannot be negated: "
           << (desc.negation == ptx::Negation::Undocumented
                   ? "the PTX ISA does not document '!' on it (ptxas 13.0 "
                     "accepts it); "
                   : "it is not a predicate source; ")
           << describeNegatable(form);
  }
  return success();
}

/// The bytes of bulk or tensor-map operand `idx` (`type`): its atom axis
/// is one contiguous run of whole bytes, a multiple of 16, aligned as the
/// table says where the layout shows it, and of the type suffix's element
/// where the form has one (a reduction).
static FailureOr<int64_t> getBulkBytes(ApplyOp op, const ptx::FormDesc &form,
                                       unsigned idx, MemRefType type,
                                       StringRef name) {
  auto diag = [&]() {
    return op.emitOpError()
           << "operand #" << idx << " ('" << form.operands[idx].name << "') of "
           << name << ": ";
  };
  Type elt = type.getElementType();
  if (!elt.isIntOrFloat() || elt.getIntOrFloatBitWidth() % 8)
    return diag() << "a bulk copy moves bytes: expected an integer or float "
                     "element type of whole bytes, got "
                  << elt;
  const ptx::OperandDesc &desc = form.operands[idx];
  if (desc.bulk && !form.types.empty() && !isValidContainer(form.types[0], elt))
    return diag() << "expected element type "
                  << describeContainers(form.types[0]) << " for ."
                  << ptx::getName(form.types[0]) << ", got " << elt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return diag() << "expected a strided layout, got " << type;
  if (type.getShape().back() > 1 && strides.back() != 1)
    return diag() << "a bulk copy moves contiguous bytes: expected stride 1 "
                     "on the atom axis, got "
                  << type;
  int64_t bytes = type.getShape().back() * (elt.getIntOrFloatBitWidth() / 8);
  if (desc.tensorMap && bytes != desc.atom)
    return diag() << "a tensor map (CUtensorMap) holds " << desc.atom
                  << " bytes, got " << bytes << ": " << type;
  if (bytes % 16)
    return diag() << "a bulk copy moves a multiple of 16 bytes, but the atom "
                     "axis holds "
                  << bytes << ": " << type;
  if (std::optional<int64_t> bad =
          findMisalignment(type, strides, offset, desc.bulkAlign))
    return diag() << (desc.tensorMap ? "a tensor map's" : "a bulk copy's")
                  << " address must be " << desc.bulkAlign
                  << "-byte aligned, but the layout puts one at a multiple "
                     "of "
                  << *bad << " bytes: " << type;
  return bytes;
}

/// A bulk copy (cp.async.bulk): its bulk operands hold the same bytes, and
/// a constant size is a multiple of 16 and at most those bytes (a size in
/// a register is the caller's promise).
static LogicalResult verifyBulk(ApplyOp op, const ptx::FormDesc &form,
                                StringRef name) {
  std::optional<int64_t> bytes;
  int first = -1;
  for (auto [idx, value] : llvm::enumerate(op.getArgs())) {
    const ptx::OperandDesc &desc = form.operands[idx];
    if (!desc.bulk && !desc.tensorMap)
      continue;
    FailureOr<int64_t> n =
        getBulkBytes(op, form, idx, cast<MemRefType>(value.getType()), name);
    if (failed(n))
      return failure();
    if (desc.tensorMap)
      continue;
    if (bytes && *bytes != *n)
      return op.emitOpError()
             << "operand #" << idx << " ('" << form.operands[idx].name
             << "') of " << name << " holds " << *n << " bytes, operand #"
             << first << " holds " << *bytes
             << ": a bulk copy's operands hold the same bytes";
    bytes = *n;
    first = idx;
  }
  for (auto [idx, value] : llvm::enumerate(op.getArgs())) {
    llvm::APInt size;
    if (!form.operands[idx].bulkSize ||
        !matchPattern(value, m_ConstantInt(&size)))
      continue;
    uint64_t v = size.getZExtValue();
    if (v % 16 || (bytes && v > static_cast<uint64_t>(*bytes)))
      return op.emitOpError()
             << "operand #" << idx << " ('" << form.operands[idx].name
             << "') of " << name << ": a bulk copy moves a multiple of 16 "
             << "bytes, at most the " << bytes.value_or(0)
             << " its memory operands hold, got " << v;
  }
  return success();
}

/// K accumulated through repeats: along each repeat axis where the
/// destination has stride 0, the accumulator operand must not change either
/// (it is read by the first repeat only).
static LogicalResult verifyAccumulation(ApplyOp op, StringRef name) {
  SmallVector<unsigned> axes = op.getAccumulationAxes();
  std::optional<unsigned> accumulator = op.getAccumulatorIndex();
  // A destination read in place (wgmma's d) accumulates by itself.
  if (axes.empty() || !accumulator)
    return success();
  unsigned index = *accumulator;
  auto type = dyn_cast<MemRefType>(op.getArgs()[index].getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type || failed(type.getStridesAndOffset(strides, offset)))
    return success(); // Reported with the operand.
  unsigned groupRank = ApplyOp::getGroupRank(op.getScope());
  for (unsigned axis : axes)
    if (strides[groupRank + axis] != 0)
      return op.emitOpError()
             << "operand #" << index << " ('"
             << op.getInstr().form->operands[index].name << "') of " << name
             << ": repeat axis " << axis
             << " accumulates (the destination's stride is 0 there: each "
                "repeat adds to the last, the first to this operand), so "
                "this operand must not vary along it: expected stride 0, got "
             << strides[groupRank + axis];
  return success();
}

LogicalResult ApplyOp::verify() {
  ptx::Instr instr = getInstr();
  const ptx::FormDesc &form = *instr.form;
  std::string name = "'" + instr.str() + "'";

  if (getArgs().size() != form.getNumOperands()) {
    std::string list;
    for (const ptx::OperandDesc &o : form.getOperands())
      list += (list.empty() ? "" : ", ") + std::string(o.name);
    return emitOpError() << name << " expects " << form.getNumOperands()
                         << " operands (" << list << "), got "
                         << getArgs().size();
  }

  Scope scope = getScope();
  unsigned groupRank = getGroupRank(scope);
  std::optional<OperandShape> ref;
  int refIndex = -1;
  bool hasRegisterDef = false;
  SmallVector<unsigned> rowsOperands;

  for (auto [idx, value, desc] :
       llvm::zip(llvm::seq<unsigned>(0, form.getNumOperands()), getArgs(),
                 form.getOperands())) {
    Type type = value.getType();
    auto diag = [&, idx = idx, desc = desc]() {
      return emitOpError() << "operand #" << idx << " ('" << desc.name
                           << "') of " << name << ": ";
    };
    bool isRegOperand = desc.kind == ptx::OperandKind::Register;
    bool isDef = desc.role == ptx::OperandRole::Def;

    // Scalars: single-register read inputs only.
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref) {
      if (!isRegOperand)
        return diag() << "a memory operand must be a memref, got scalar "
                      << type;
      if (isDef)
        return diag() << "a destination must be a register tile, got scalar "
                      << type;
      // An accumulator's registers may all start from one scalar (mma's
      // c = 0.0): each register of the fragment holds it.
      if (desc.atom != 1 && !desc.accumulator)
        return diag() << "a scalar can only stand for a single-register "
                         "input or an accumulator, but this operand binds "
                      << desc.atom << " registers";
      if (!isValidContainer(desc.type, type))
        return diag() << "expected a ." << ptx::getName(desc.type)
                      << " container (" << describeContainers(desc.type)
                      << "), got " << type;
      if (desc.immediate && failed(verifyImmediate(value, desc, diag)))
        return failure();
      if (desc.constChecked && matchPattern(value, m_Constant()) &&
          failed(verifyImmediate(value, desc, diag)))
        return failure();
      continue;
    }
    if (desc.immediate)
      return diag() << "expected an immediate: a constant scalar in "
                    << desc.immMin << ".." << desc.immMax << ", got " << type;

    // A bulk operand's (or tensor map's) element type is checked with its
    // bytes.
    // So is the memory whose address mapa maps.
    // And an address only named (prefetch's).
    bool isBytes =
        desc.bulk || desc.tensorMap || desc.addressValue || desc.anyElement;
    if (!isBytes && !isValidContainer(desc.type, memref.getElementType()))
      return diag() << "expected element type " << describeContainers(desc.type)
                    << " for ." << ptx::getName(desc.type) << ", got "
                    << memref.getElementType();
    if (isRegOperand && !isRegisterTile(memref))
      return diag() << "expected a register tile (memref in #tile.reg), got "
                    << type;
    if (!isRegOperand) {
      if (isRegisterTile(memref))
        return diag() << "expected a "
                      << (desc.space == ptx::StateSpace::Generic
                              ? "global or shared"
                          : desc.space == ptx::StateSpace::Shared ? "shared"
                                                                  : "global")
                      << " memory operand, got register tile " << type;
      if (!isSpaceCompatible(memref, desc.space))
        return diag() << getSpaceExpectation(desc.space) << type;
      // A warp's matrices: verified once the register operands give the
      // group and repeat extents.
      if (desc.fragment && scope != Scope::thread) {
        rowsOperands.push_back(idx);
        continue;
      }
    }
    if (!memref.hasStaticShape())
      return diag() << "expected static group/repeat/atom extents, got "
                    << type;
    if (memref.getRank() < static_cast<int64_t>(groupRank) + 1)
      return diag() << "expected at least " << groupRank + 1
                    << " axes (group axes of scope '" << stringifyScope(scope)
                    << "', repeat axes, atom axis), got rank "
                    << memref.getRank();
    ArrayRef<int64_t> shape = memref.getShape();
    OperandShape s{shape.take_front(groupRank),
                   shape.drop_front(groupRank).drop_back(), shape.back()};
    if (!isBytes && s.atom != desc.atom)
      return diag() << "expected atom extent " << desc.atom
                    << " (native registers per instruction), got " << s.atom;
    if (llvm::any_of(shape, [](int64_t d) { return d <= 0; }))
      return diag() << "expected positive extents, got " << type;
    // Instructions per thread: the product of the repeat extents, bounded.
    int64_t repeats = 1;
    for (int64_t d : s.repeat)
      if (llvm::MulOverflow(repeats, d, repeats) || repeats > kMaxRepeatsPerOp)
        return diag() << "expands to more than " << kMaxRepeatsPerOp
                      << " instructions per thread (the product of the "
                         "repeat extents), got "
                      << type;
    if (!ref) {
      ref = s;
      refIndex = idx;
    } else if (s.group != ref->group) {
      return diag() << "group shape does not match operand #" << refIndex
                    << ": expected ("
                    << llvm::make_range(ref->group.begin(), ref->group.end())
                    << "), got ("
                    << llvm::make_range(s.group.begin(), s.group.end()) << ")";
    } else if (s.repeat != ref->repeat) {
      return diag() << "repeat shape does not match operand #" << refIndex
                    << ": expected ("
                    << llvm::make_range(ref->repeat.begin(), ref->repeat.end())
                    << "), got ("
                    << llvm::make_range(s.repeat.begin(), s.repeat.end())
                    << ")";
    }

    SmallVector<int64_t> strides;
    int64_t offset;
    bool staticLayout =
        succeeded(memref.getStridesAndOffset(strides, offset)) &&
        !ShapedType::isDynamic(offset) &&
        llvm::none_of(strides, ShapedType::isDynamic);
    if (failed(memref.getStridesAndOffset(strides, offset)))
      return diag() << "expected a strided layout, got " << type;
    if (!isRegOperand) {
      if (isBytes)
        continue;
      if (desc.atom > 1 && strides.back() != 1)
        return diag() << "a vector access moves " << desc.atom
                      << " consecutive elements: expected stride 1 on the "
                         "atom axis, got "
                      << type;
      // Natural alignment of the whole access, where the layout shows it;
      // dynamic offsets and strides are the caller's promise.
      int64_t bytes = desc.atom * memref.getElementTypeBitWidth() / 8;
      if (desc.atom > 1)
        if (std::optional<int64_t> bad =
                findMisalignment(memref, strides, offset, bytes))
          return diag() << "a " << bytes << "-byte vector access must be "
                        << bytes << "-byte aligned, but the layout puts one "
                        << "at a multiple of " << *bad << " bytes: " << type;
      continue;
    }

    // Register tiles: a static layout, distributed group axes, and no two
    // repeats writing the same slot.
    if (!staticLayout)
      return diag() << "expected a static register layout (dynamic offsets "
                       "or strides would force local memory), got "
                    << type;
    for (unsigned g = 0; g < groupRank; ++g)
      if (shape[g] > 1 && strides[g] != 0)
        return diag() << "group axis " << g << " ('"
                      << getGroupAxisName(scope, g)
                      << "') of a register tile is distributed (each thread "
                         "holds its own slice): expected stride 0, got "
                      << strides[g];
    if (!isDef)
      continue;
    hasRegisterDef = true;
    // A multiply-accumulate's destination may repeat along its
    // accumulation axes: those repeats chain, each adding to the last.
    SmallVector<int64_t> local(shape.drop_front(groupRank));
    SmallVector<int64_t> localStrides(
        ArrayRef<int64_t>(strides).drop_front(groupRank));
    if (idx == 0)
      for (unsigned axis : llvm::reverse(getAccumulationAxes())) {
        local.erase(local.begin() + axis);
        localStrides.erase(localStrides.begin() + axis);
      }
    auto overlap = findOverlappingSlot(local, localStrides, offset);
    if (overlap && overlap->first < 0)
      return diag() << "register layout addresses a slot beyond 64 bits at "
                       "repeat/atom coordinate ("
                    << llvm::make_range(overlap->second.begin(),
                                        overlap->second.end())
                    << "): " << type;
    if (overlap)
      return diag() << "destination slots overlap: register slot "
                    << overlap->first
                    << " is written more than once (at repeat/atom "
                       "coordinate ("
                    << llvm::make_range(overlap->second.begin(),
                                        overlap->second.end())
                    << "))";
  }

  if (failed(verifyAccumulation(*this, name)) ||
      failed(verifyBulk(*this, form, name)))
    return failure();

  // Group extents must fit the scope.
  if (ref) {
    SmallVector<int64_t> limits = getGroupLimits(scope);
    for (auto [g, extent] : llvm::enumerate(ref->group))
      if (extent > limits[g])
        return emitOpError()
               << "group axis " << g << " ('" << getGroupAxisName(scope, g)
               << "') of scope '" << stringifyScope(scope) << "' has at most "
               << limits[g] << " entries, got " << extent;
  }

  if (failed(verifyFragments(*this, form, name, ref)))
    return failure();
  for (unsigned idx : rowsOperands)
    if (failed(verifyRowsOperand(*this, idx,
                                 cast<MemRefType>(getArgs()[idx].getType()),
                                 form.operands[idx], ref)))
      return failure();

  if (auto tile = dyn_cast_if_present<MemRefType>(
          getPred() ? getPred().getType() : Type()))
    if (failed(verifyPredTile(*this, tile, ref)))
      return failure();

  if (failed(verifyNegations(*this, form, name)))
    return failure();

  if (getPreserveDst()) {
    if (!getPred())
      return emitOpError("'preserve_dst' requires a 'pred' operand");
    if (!hasRegisterDef)
      return emitOpError() << "'preserve_dst' requires a register destination, "
                           << "but " << name << " writes none";
    if (const char *why = form.noPreserveDst)
      return emitOpError() << "'preserve_dst' is not supported for " << name
                           << ": " << why;
  }

  return success();
}

#define GET_OP_CLASSES
#include "tile/Dialect/Tile/IR/TileOps.cpp.inc"
