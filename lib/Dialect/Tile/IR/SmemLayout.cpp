//===- SmemLayout.cpp - shared-memory tiles for TMA and wgmma -------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// #tile.smem_layout and its two consumers: tile.smem_desc (the wgmma
// descriptor of a part of the tile) and tile.tensor_map_encode (the tensor
// map whose copies write it). The swizzle modes, the canonical layouts, the
// descriptor's fields and the tensor maps' data types and fills are the
// instruction table's records.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tile;
namespace ptx = ::tile::ptx;

//===----------------------------------------------------------------------===//
// SmemLayoutAttr
//===----------------------------------------------------------------------===//

const ptx::TensorMapTypeDesc *SmemLayoutAttr::findTensorMapType(Type type) {
  for (const ptx::TensorMapTypeDesc &t : ptx::getTensorMapTypes()) {
    if (auto intTy = dyn_cast<IntegerType>(type))
      if (t.integer && intTy.isSignless() && intTy.getWidth() == t.bits)
        return &t;
    for (ptx::FloatFormat f : t.floats)
      if (getFloatType(type.getContext(), f) == type)
        return &t;
  }
  return nullptr;
}

LogicalResult
SmemLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType,
                       StringRef swizzle) {
  if (shape.size() != 2)
    return emitError() << "a shared-memory tile has 2 dimensions (rows x "
                          "columns), got "
                       << shape.size();
  const ptx::SwizzleModeDesc *mode = ptx::findSwizzleByName(swizzle);
  if (!mode)
    return emitError() << "unknown swizzle mode \"" << swizzle
                       << "\" (the table has "
                       << quoteNames(ptx::getSwizzleModes()) << ")";
  const ptx::TensorMapTypeDesc *type = findTensorMapType(elementType);
  if (!type)
    return emitError() << "no tensor-map data type moves elements of "
                       << elementType;
  int64_t rows = shape[0], cols = shape[1], bytes = type->bits / 8;
  if (rows <= 0 || rows % 8 || rows > 256)
    return emitError() << "the rows must be a multiple of 8 from 8 to 256 "
                          "(a box dimension), got "
                       << rows;
  if (cols <= 0 || (cols * bytes) % mode->bytes)
    return emitError() << "the columns must be whole rows of the swizzle "
                          "mode: a multiple of "
                       << mode->bytes / bytes << " elements of " << elementType
                       << " (" << mode->bytes << " bytes), got " << cols;
  return success();
}

void SmemLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape())
    printer << d << "x";
  printer << getElementType() << ", swizzle = ";
  printer.printString(getSwizzle());
  printer << ">";
}

const ptx::SwizzleModeDesc &SmemLayoutAttr::getMode() const {
  return *ptx::findSwizzleByName(getSwizzle());
}

int64_t SmemLayoutAttr::getElementBytes() const {
  return findTensorMapType(getElementType())->bits / 8;
}

int64_t SmemLayoutAttr::getAtomCols() const {
  return getMode().bytes / getElementBytes();
}

int64_t SmemLayoutAttr::getAtomBytes() const {
  return getRows() * getMode().bytes;
}

int64_t SmemLayoutAttr::getNumAtoms() const {
  return getCols() / getAtomCols();
}

int64_t SmemLayoutAttr::getSizeBytes() const {
  return getNumAtoms() * getAtomBytes();
}

int64_t SmemLayoutAttr::getAlignment() const {
  return std::max<int64_t>(128, 8 * getMode().bytes);
}

int64_t SmemLayoutAttr::getByteOffset(int64_t row, int64_t col) const {
  int64_t atomCols = getAtomCols();
  return col / atomCols * getAtomBytes() + row * getMode().bytes +
         col % atomCols * getElementBytes();
}

//===----------------------------------------------------------------------===//
// SmemDescOp
//===----------------------------------------------------------------------===//

LogicalResult SmemDescOp::verify() {
  MemRefType type = getBuffer().getType();
  SmemLayoutAttr layout = getLayout();
  if (!isWorkgroupMemRef(type))
    return emitOpError("expected a memref in the workgroup memory space "
                       "(#gpu.address_space<workgroup> or 3), got ")
           << type;
  if (type.getElementType() != layout.getElementType())
    return emitOpError("the buffer's elements are ")
           << type.getElementType() << " but the layout's are "
           << layout.getElementType();
  int64_t bytes = layout.getElementBytes();
  if (type.hasStaticShape() &&
      type.getNumElements() * bytes < layout.getSizeBytes())
    return emitOpError("the buffer holds ")
           << type.getNumElements() * bytes << " bytes, the tile "
           << layout.getSizeBytes();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (succeeded(type.getStridesAndOffset(strides, offset)) &&
      !ShapedType::isDynamic(offset) &&
      (offset * bytes) % layout.getAlignment())
    return emitOpError("the tile must start ")
           << layout.getAlignment() << "-byte aligned (its swizzle pattern), "
           << "but the buffer's offset is " << offset * bytes << " bytes";
  return success(succeeded(solve([&] { return emitOpError(); })));
}

namespace {
/// The box of a tile.smem_desc in the coordinates of the canonical layouts:
/// (mn, k) from the box's start.
struct DescBox {
  SmemLayoutAttr layout;
  bool mnMajor;
  int64_t mn0, k0;

  /// The byte offset of element (mn, k) of the box from the tile's start.
  int64_t offset(int64_t mn, int64_t k) const {
    return mnMajor ? layout.getByteOffset(k0 + k, mn0 + mn)
                   : layout.getByteOffset(mn0 + mn, k0 + k);
  }
};
} // namespace

/// The byte offset a descriptor field of kind `kind` must hold: the offset
/// of the coordinate that makes `layout`'s digit of that kind 1 and the
/// others 0; 16 (the field is not read) where that coordinate is outside
/// the box `extent` or no digit has the kind.
static int64_t solveField(const ptx::SmemLayoutDesc &layout,
                          ptx::LayoutStride kind, const DescBox &box,
                          ArrayRef<int64_t> extent, unsigned elemBits) {
  for (const ptx::LayoutDigitDesc &d : layout.digits) {
    if (d.kind != kind)
      continue;
    int64_t unit = d.div * (d.divT ? 128 / elemBits : 1);
    if (unit >= extent[d.fromK ? 1 : 0])
      return 16;
    return d.fromK ? box.offset(0, unit) - box.offset(0, 0)
                   : box.offset(unit, 0) - box.offset(0, 0);
  }
  return 16;
}

FailureOr<SmemDescOp::Solution>
SmemDescOp::solve(function_ref<InFlightDiagnostic()> emitError) {
  SmemLayoutAttr layout = getLayout();
  ArrayRef<int64_t> at = getAt(), extent = getBox();
  bool mnMajor = getMajor() == Major::mn;
  if (at.size() != 2 || extent.size() != 2) {
    emitError() << "at and box are [mn, k] pairs";
    return failure();
  }
  int64_t tileMn = mnMajor ? layout.getCols() : layout.getRows();
  int64_t tileK = mnMajor ? layout.getRows() : layout.getCols();
  if (at[0] < 0 || at[1] < 0 || extent[0] <= 0 || extent[1] <= 0 ||
      at[0] + extent[0] > tileMn || at[1] + extent[1] > tileK) {
    emitError() << "the box [" << extent[0] << ", " << extent[1] << "] at ["
                << at[0] << ", " << at[1] << "] is not within the tile's ["
                << tileMn << ", " << tileK << "] (mn, k)";
    return failure();
  }
  DescBox box{layout, mnMajor, at[0], at[1]};
  const ptx::SwizzleModeDesc &mode = layout.getMode();
  int64_t start = box.offset(0, 0);
  if (start % 16 || (start >> 7) & ((int64_t(1) << mode.xorBits) - 1)) {
    emitError() << "the box starts at byte " << start
                << " of the tile, not at the start of a 16-byte chunk of a "
                   "swizzle pattern's first row (a descriptor's base offset "
                   "is not supported)";
    return failure();
  }
  const ptx::SmemLayoutDesc *canonical = ptx::findSmemLayout(mnMajor, mode);
  unsigned bits = layout.getElementBytes() * 8;
  int64_t lbo =
      solveField(*canonical, ptx::LayoutStride::Lbo, box, extent, bits);
  int64_t sbo =
      solveField(*canonical, ptx::LayoutStride::Sbo, box, extent, bits);
  // The fields as the hardware reads them back (an offset a field cannot
  // hold reads back as another, and the check below reports it).
  using ptx::DescField;
  const ptx::DescFieldDesc &lboField =
      ptx::getDescField(DescField::LeadingOffset);
  const ptx::DescFieldDesc &sboField =
      ptx::getDescField(DescField::StrideOffset);
  lbo = int64_t(lboField.get(lboField.put(uint64_t(lbo))));
  sbo = int64_t(sboField.get(sboField.put(uint64_t(sbo))));
  for (int64_t mn = 0; mn < extent[0]; ++mn)
    for (int64_t k = 0; k < extent[1]; ++k) {
      int64_t want = box.offset(mn, k) - start;
      uint64_t got = canonical->bitOffset(mn, k, bits, lbo, sbo);
      if (got != uint64_t(want) * 8) {
        emitError() << "no descriptor names this box: element (" << mn << ", "
                    << k << ") is " << want << " bytes from its start, but the "
                    << canonical->record << " layout with leading offset "
                    << lbo << " and stride offset " << sbo << " puts it at "
                    << got / 8;
        return failure();
      }
    }
  const ptx::DescFieldDesc &swizzle = ptx::getDescField(DescField::Swizzle);
  uint64_t fields = lboField.put(lbo) | sboField.put(sbo) |
                    swizzle.put(uint64_t(mode.code) << swizzle.shift);
  return Solution{fields, start};
}

Value SmemDescOp::expand(OpBuilder &b) {
  Solution s = *solve([&] { return emitOpError(); });
  return buildWgmmaDescriptor(b, getLoc(), getBuffer(), s.startOffset,
                              s.constantFields);
}

//===----------------------------------------------------------------------===//
// TensorMapEncodeOp
//===----------------------------------------------------------------------===//

const ptx::TensorMapFillDesc *TensorMapEncodeOp::findFill() {
  for (const ptx::TensorMapFillDesc &f : ptx::getTensorMapFills())
    if (getFill() == f.name)
      return &f;
  return nullptr;
}

LogicalResult TensorMapEncodeOp::verify() {
  if ((*this)->getParentOfType<gpu::GPUModuleOp>())
    return emitOpError("is host code: a tensor map is made before the "
                       "launch and passed to the kernel");
  SmemLayoutAttr layout = getLayout();
  auto map = getMap().getType();
  auto tensor = getTensor().getType();
  if (isWorkgroupMemRef(map) || isWorkgroupMemRef(tensor))
    return emitOpError("the map and the tensor are in device global memory");
  int64_t mapBytes = ptx::getTensorMapStorage().bytes;
  if (!map.getElementType().isInteger(8) || map.getRank() != 1 ||
      (map.hasStaticShape() && map.getNumElements() < mapBytes))
    return emitOpError("the map's buffer is a 1-D memref of at least ")
           << mapBytes << " i8, got " << map;
  if (tensor.getRank() != 2 ||
      tensor.getElementType() != layout.getElementType())
    return emitOpError("expected a 2-D tensor of the layout's ")
           << layout.getElementType() << ", got " << tensor;
  int64_t split = getSplit();
  if (split < 1 || layout.getRows() % split || getBoxRows() % 8)
    return emitOpError("split(")
           << split << ") must divide the layout's " << layout.getRows()
           << " rows into shares of whole groups of 8 rows";
  if (!findFill())
    return emitOpError("unknown fill \"")
           << getFill() << "\" (the table has "
           << quoteNames(ptx::getTensorMapFills()) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel parameters that hold tensor maps
//===----------------------------------------------------------------------===//

/// Whether `value` is used only as the tensor-map operand (a generic
/// address, read in place) of tile.apply ops; otherwise the first other use.
static Operation *findNonTensorMapUse(Value value) {
  for (OpOperand &use : value.getUses()) {
    auto apply = dyn_cast<ApplyOp>(use.getOwner());
    unsigned first = apply ? apply.getArgs().getBeginOperandIndex() : 0;
    if (!apply || use.getOperandNumber() < first)
      return use.getOwner();
    ptx::Instr instr = apply.getInstr();
    unsigned idx = use.getOperandNumber() - first;
    if (!instr.form || idx >= instr.form->getOperands().size())
      return use.getOwner();
    const ptx::OperandDesc &desc = instr.form->getOperands()[idx];
    if (!desc.genericAddress || desc.role != ptx::OperandRole::Use)
      return use.getOwner();
  }
  return nullptr;
}

/// `tile.grid_constant` on parameter `argIndex` of `fn`: a kernel's
/// memref<128xi8> in the default memory space, read only as a tensor map.
static LogicalResult verifyGridConstant(Operation *op, FunctionOpInterface fn,
                                        unsigned argIndex, Attribute value) {
  auto gpuFn = dyn_cast<gpu::GPUFuncOp>(op);
  if (!gpuFn || !gpuFn.isKernel())
    return op->emitError("'")
           << kGridConstantAttrName
           << "' is for a kernel's parameters (a gpu.func with `kernel`)";
  if (!isa<UnitAttr>(value))
    return op->emitError("'") << kGridConstantAttrName << "' takes no value";
  auto type = dyn_cast<MemRefType>(fn.getArgumentTypes()[argIndex]);
  int64_t mapBytes = ptx::getTensorMapStorage().bytes;
  if (!type || type.getMemorySpace() || !type.getLayout().isIdentity() ||
      type !=
          MemRefType::get({mapBytes}, IntegerType::get(op->getContext(), 8)))
    return op->emitError("'")
           << kGridConstantAttrName << "' is for a tensor map's " << mapBytes
           << " bytes in the default memory space (memref<" << mapBytes
           << "xi8>), not parameter " << argIndex << " of type "
           << fn.getArgumentTypes()[argIndex];
  if (gpuFn.getBody().empty())
    return success();
  if (Operation *user = findNonTensorMapUse(gpuFn.getArgument(argIndex))) {
    InFlightDiagnostic diag =
        user->emitError("parameter ")
        << argIndex
        << " is a grid constant (it lives in the kernel's parameter space): "
           "it may only be named as a tensor map (of cp.async.bulk.tensor, "
           "cp.reduce.async.bulk.tensor or prefetch.tensormap)";
    diag.attachNote(op->getLoc()) << "the parameter is declared here";
    return diag;
  }
  return success();
}

/// `tile.tensor_map = #tile.smem_layout<...>` on a map parameter, and
/// `tile.tensor_map_split = N` beside it; `tile.grid_constant` on a map
/// passed by value.
LogicalResult TileDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned region,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto fn = dyn_cast<FunctionOpInterface>(op);
  if (name == kGridConstantAttrName && fn && region == 0)
    return verifyGridConstant(op, fn, argIndex, attr.getValue());
  if (name != kTensorMapAttrName && name != kTensorMapSplitAttrName &&
      name != kGridConstantAttrName)
    return op->emitError("unknown tile argument attribute '") << name << "'";
  if (!fn || region != 0)
    return op->emitError("'") << name << "' is for a function's parameters";
  auto type = dyn_cast<MemRefType>(fn.getArgumentTypes()[argIndex]);
  int64_t mapBytes = ptx::getTensorMapStorage().bytes;
  if (!type || !type.getElementType().isInteger(8) || type.getRank() != 1 ||
      !type.hasStaticShape() || type.getNumElements() != mapBytes)
    return op->emitError("'")
           << name << "' is for a tensor map's " << mapBytes
           << " bytes (memref<" << mapBytes << "xi8>), not parameter "
           << argIndex << " of type " << fn.getArgumentTypes()[argIndex];
  auto layout =
      fn.getArgAttrOfType<SmemLayoutAttr>(argIndex, kTensorMapAttrName);
  if (!layout)
    return op->emitError("parameter ")
           << argIndex << "'s '" << kTensorMapAttrName
           << "' must be a #tile.smem_layout (the layout the map was made "
              "from)";
  if (name != kTensorMapSplitAttrName)
    return success();
  auto split = dyn_cast<IntegerAttr>(attr.getValue());
  auto splitType =
      split ? dyn_cast<IntegerType>(split.getType()) : IntegerType();
  if (!splitType || !splitType.isSignless() || splitType.getWidth() > 64)
    return op->emitError("parameter ")
           << argIndex << "'s " << kTensorMapSplitAttrName
           << " must be a signless integer (`2 : i64`)";
  int64_t n = split.getValue().getSExtValue();
  if (n < 1 || layout.getRows() % n || (layout.getRows() / n) % 8)
    return op->emitError("parameter ")
           << argIndex << "'s " << kTensorMapSplitAttrName << " " << n
           << " must divide the layout's " << layout.getRows()
           << " rows into shares of whole groups of 8 rows";
  return success();
}
