//===- InstrTable.h - The table of PTX instruction knowledge ----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The single source of instruction knowledge of tile-mlir: a schema of PTX.
///
/// - A `DataTypeInfo` row per PTX type: its register width, packed lanes, the
///   floating-point format of one lane, and the MLIR element types that can
///   hold it.
/// - A `FormDesc` row per documented PTX syntax shape: mnemonic, ordered
///   qualifier slots (each a set of alternatives, required or optional, with
///   a default), a type-suffix list of any length, operands (role, where they
///   live, type, atom extent, which threads hold them), the PTX ISA version
///   and SM floor (with per-qualifier raises), the semantics key that the
///   reference dispatches on, and the NVVM intrinsic that provably emits the
///   same instruction.
///
/// The opcode parser, the verifier, the lowering, the reference semantics,
/// the generated documentation and the JSON export (`tile-ptx-forms
/// --json`, read by utils/ and the Python front-end) all read these rows;
/// adding an instruction family is adding rows here (plus tests).
///
/// This library depends on LLVM Support only, so runtimes, reference
/// implementations and documentation generators can use it without MLIR.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_INSTRTABLE_H
#define TILE_PTX_INSTRTABLE_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tile {
namespace ptx {

/// The enums of the table, generated from its records
/// (include/tile/Ptx/*.td): FloatFormat (a lane's floating-point format),
/// DataType (a PTX type suffix), Qual (a qualifier token; the enumerator
/// order carries no meaning, a form's slots give the print order) and
/// Semantics (what an instruction computes: the key the reference, the CPU
/// backend and tile-diff dispatch on).
#include "tile/Ptx/PtxEnums.inc"

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// Facts about a binary floating-point format.
struct FloatFormatInfo {
  FloatFormat format;
  const char *name;
  unsigned bits;      ///< Storage width (tf32 is stored in the f32 layout).
  unsigned expBits;   ///< Exponent field width.
  unsigned precision; ///< Significand bits, the hidden bit included.
  /// No infinities; the all-ones exponent holds normal numbers and the one
  /// NaN per sign has every other bit set (e4m3).
  bool finiteOnly = false;
  /// No infinities and no NaN: every encoding is a number (the fp6 and fp4
  /// formats e2m3, e3m2, e2m1).
  bool noSpecials = false;
};
const FloatFormatInfo &getInfo(FloatFormat format);

/// How the bits of an integer or bit-size lane are read.
enum class IntKind : uint8_t { None, Bits, Signed, Unsigned, Pred };

/// Static facts about a data type.
struct DataTypeInfo {
  DataType type;
  const char *name;   ///< PTX spelling without the dot, e.g. "f16x2".
  unsigned bits;      ///< Width of one register container.
  unsigned lanes;     ///< Packed lanes per container (1 if not packed).
  FloatFormat format; ///< Format of one lane (None for bit-size types).
  /// MLIR float element types that may hold the register besides the
  /// integer of `bits` width (which PTX bit-size compatibility always
  /// allows). Empty for packed types: one integer holds all lanes.
  llvm::ArrayRef<FloatFormat> floatContainers;
  const char *regNote; ///< What PTX register types are accepted, for docs.
  /// How an immediate source operand of this type is spelled: the prefix of
  /// its bits in hex, one digit per 4 bits ("0f" f32, "0d" f64, "0x" bit
  /// types); null where PTX takes registers only (ptxas rejects
  /// `fma.rn.f16 %h1, %h2, 0x3C00, %h2`). The ptxas scan assembles every
  /// form with immediates wherever this allows them.
  const char *immediatePrefix = nullptr;
  /// How an integer lane is read (None for float types).
  IntKind intKind = IntKind::None;
  /// Width of the value one lane holds: `bits / lanes`, except for the
  /// 8-bit integers (a .u8/.s8 value in a 16-bit register) and cvt.pack's
  /// 2- and 4-bit convert types (type suffixes only).
  unsigned valueBits = 0;
};

const DataTypeInfo &getInfo(DataType type);
llvm::StringRef getName(DataType type);
llvm::ArrayRef<DataTypeInfo> getDataTypes();
/// The PTX immediate of `bits` (the type's container width) for a source
/// operand of `type`, e.g. "0f40000000"; nullopt where the type has no
/// immediate form or the width differs.
std::optional<std::string> formatImmediate(DataType type,
                                           const llvm::APInt &bits);
std::optional<DataType> lookupType(llvm::StringRef name);

//===----------------------------------------------------------------------===//
// Qualifiers
//===----------------------------------------------------------------------===//

/// A set of qualifiers, one bit per `Qual` (up to 256).
class QualSet {
public:
  static constexpr unsigned kWords = 8;
  static constexpr unsigned kCapacity = 64 * kWords;

  constexpr QualSet() = default;
  /// The set of the low 64 qualifiers whose bits `low` has (0: empty).
  constexpr QualSet(uint64_t low) : words{low} {}
  /// The set of bits `w` (word 0 the lowest).
  static constexpr QualSet fromWords(const uint64_t (&w)[kWords]) {
    QualSet s;
    for (unsigned i = 0; i < kWords; ++i)
      s.words[i] = w[i];
    return s;
  }
  static constexpr QualSet of(Qual q) {
    QualSet s;
    unsigned i = static_cast<unsigned>(q);
    s.words[i / 64] = uint64_t(1) << (i % 64);
    return s;
  }
  constexpr uint64_t word(unsigned i) const { return words[i]; }

  constexpr QualSet operator&(QualSet o) const {
    QualSet s;
    for (unsigned i = 0; i < kWords; ++i)
      s.words[i] = words[i] & o.words[i];
    return s;
  }
  constexpr QualSet operator|(QualSet o) const {
    QualSet s;
    for (unsigned i = 0; i < kWords; ++i)
      s.words[i] = words[i] | o.words[i];
    return s;
  }
  constexpr QualSet operator^(QualSet o) const {
    QualSet s;
    for (unsigned i = 0; i < kWords; ++i)
      s.words[i] = words[i] ^ o.words[i];
    return s;
  }
  constexpr QualSet operator~() const {
    QualSet s;
    for (unsigned i = 0; i < kWords; ++i)
      s.words[i] = ~words[i];
    return s;
  }
  QualSet &operator&=(QualSet o) { return *this = *this & o; }
  QualSet &operator|=(QualSet o) { return *this = *this | o; }
  constexpr bool operator==(QualSet o) const {
    for (unsigned i = 0; i < kWords; ++i)
      if (words[i] != o.words[i])
        return false;
    return true;
  }
  constexpr bool operator!=(QualSet o) const { return !(*this == o); }
  constexpr explicit operator bool() const { return *this != QualSet(); }

  /// The number of qualifiers in the set.
  unsigned count() const;
  /// The qualifier of the lowest enumerator; the set must not be empty.
  Qual first() const;
  /// The set without its first qualifier.
  QualSet dropFirst() const { return *this & ~of(first()); }

private:
  uint64_t words[kWords] = {};
};
constexpr QualSet bit(Qual q) { return QualSet::of(q); }
inline llvm::hash_code hash_value(QualSet s) {
  return llvm::hash_combine(s.word(0), s.word(1), s.word(2), s.word(3));
}
/// Every qualifier that a rounding slot of some form offers.
QualSet getRoundingQuals();

/// PTX spelling of a qualifier, without the leading dot (may contain dots,
/// e.g. "xorsign.abs").
llvm::StringRef getQualName(Qual q);
/// Renders a set as ".a, .b" in enumerator order (for diagnostics).
std::string formatQuals(QualSet set);

/// What a qualifier slot selects; names the slot in diagnostics.
enum class SlotKind : uint8_t {
  StateSpace,
  CacheOp,
  Vector,
  Rounding,
  Flag, ///< A single optional or required modifier (.ftz, .sat, ...).
  /// An operation selector (setp's CmpOp and BoolOp, testp's test).
  Operator,
};

/// One qualifier position of a form: a set of alternatives, at most one of
/// which is written.
struct QualSlot {
  SlotKind kind;
  QualSet choices;
  bool required = false;
  /// For an optional rounding slot, the mode that applies when none is
  /// written (e.g. `add.f32` rounds to nearest).
  std::optional<Qual> defaultQual = std::nullopt;
  /// Written after the type suffixes (prmt.b32.f4e).
  bool afterTypes = false;
};

/// A raise of the form's floor when a qualifier is used (e.g. `.NaN` on
/// `min.f32` needs PTX ISA 7.0 and sm_80).
struct QualFloor {
  Qual qual;
  unsigned ptxVersion;
  unsigned minSm;
};

//===----------------------------------------------------------------------===//
// Operands and forms
//===----------------------------------------------------------------------===//

/// Whether an operand is read or written by the instruction.
enum class OperandRole : uint8_t { Def, Use };
/// Where an operand lives.
enum class OperandKind : uint8_t {
  Register, ///< A register.
  Memory,   ///< An address in the form's state space.
};
/// State space of a memory operand.
/// Generic: a global or a shared memref, its address converted to a
/// generic one.
enum class StateSpace : uint8_t { None, Global, Shared, Generic };
/// Which threads hold a register operand: the issuing thread alone, or a
/// fragment of a collective operand spread over a warp or warpgroup.
enum class Distribution : uint8_t { Thread, Warp, Warpgroup };

/// One digit of a fragment map: (source / div) % mod, where the source is
/// the lane or the element's number, times matrix, row and col.
struct FragmentDigit {
  bool fromLane;
  uint16_t div, mod;
  uint16_t matrix, row, col;
};

/// Where an element of a warp's matrix sits.
struct FragmentCoord {
  unsigned matrix = 0, row = 0, col = 0;
  bool operator==(const FragmentCoord &o) const {
    return matrix == o.matrix && row == o.row && col == o.col;
  }
};

/// The fragment of a warp's matrix (mma's A: M x K, B: K x N, C and D:
/// M x N) one lane holds: `regs` registers of `perReg` elements each,
/// element i in register i / perReg at position i % perReg from the low
/// bits (the ISA's a0, a1, ... order). Generated from the Fragment records
/// (the ISA's fragment figures).
struct FragmentDesc {
  const char *record;
  DataType element;
  unsigned rows, cols;
  unsigned regs, perReg;
  /// Independent matrices in one warp (the quad-pairs of m8n8k4).
  unsigned matrices;
  /// The lanes that hold elements: the first `lanes` (ldmatrix .x1 and .x2
  /// read the rows of lanes 0-7 and 0-15; `at` gives the others a valid
  /// row all the same).
  unsigned lanes;
  llvm::ArrayRef<FragmentDigit> digits;
  /// Why the map is not known (the ISA draws it only, and no GPU here has
  /// the form to measure it), or null: `at` is the map.
  const char *unknown = nullptr;
  unsigned getNumElements() const { return regs * perReg; }
  /// Where element `elem` of lane `lane` sits.
  FragmentCoord at(unsigned lane, unsigned elem) const {
    FragmentCoord c;
    for (const FragmentDigit &d : digits) {
      unsigned v = ((d.fromLane ? lane : elem) / d.div) % d.mod;
      c.matrix += v * d.matrix;
      c.row += v * d.row;
      c.col += v * d.col;
    }
    return c;
  }
};
llvm::ArrayRef<FragmentDesc> getFragments();

//===----------------------------------------------------------------------===//
// Matrix descriptors and shared-memory layouts (wgmma)
//===----------------------------------------------------------------------===//

/// A field of wgmma's 64-bit matrix descriptor (a WgmmaDescField record):
/// bits [lo, lo + width) hold the value shifted right by `shift`.
struct DescFieldDesc {
  const char *name;
  unsigned lo, width, shift;
  /// The field's value in `desc`.
  uint64_t get(uint64_t desc) const {
    return ((desc >> lo) & ((uint64_t(1) << width) - 1)) << shift;
  }
  /// Whether `value` fits the field: a multiple of 1 << shift, in range.
  bool fits(uint64_t value) const {
    return value % (uint64_t(1) << shift) == 0 &&
           (value >> shift) < (uint64_t(1) << width);
  }
  /// `value` in the field's bits (it must fit).
  uint64_t put(uint64_t value) const { return (value >> shift) << lo; }
};
const DescFieldDesc &getDescField(DescField f);
/// The name of an mma role (its MmaRoleKind record's).
llvm::StringRef getName(MmaRole r);
/// The name of an mbarrier operation (its MbarrierOpKind record's).
llvm::StringRef getName(MbarrierOp op);

/// A swizzle mode (a SwizzleMode record): its descriptor code, the bytes of
/// a swizzled row, and the CUtensorMapSwizzle of the same pattern.
struct SwizzleModeDesc {
  const char *name;
  unsigned code, bytes, xorBits, tensorMap;
  /// Shared-memory byte address `addr` swizzled: bits [4, 4 + xorBits)
  /// exclusive-ored with bits [7, 7 + xorBits).
  uint64_t apply(uint64_t addr) const {
    uint64_t mask = (uint64_t(1) << xorBits) - 1;
    return addr ^ (((addr >> 7) & mask) << 4);
  }
};
llvm::ArrayRef<SwizzleModeDesc> getSwizzleModes();
/// The mode with descriptor code `code`, or null.
const SwizzleModeDesc *findSwizzleByCode(unsigned code);
/// The mode of CUtensorMapSwizzle `code` (a tensor map's numbering), or
/// null.
const SwizzleModeDesc *findSwizzleByTensorMap(unsigned code);
/// The mode named `name` ("128B", ...), or null.
const SwizzleModeDesc *findSwizzleByName(llvm::StringRef name);

/// An element type of a tensor map (a TensorMapDataType record): its
/// CUtensorMapDataType code, its bits, and the element types it moves.
struct TensorMapTypeDesc {
  const char *name;
  unsigned code, bits;
  /// Signless integers of `bits` bits move as this type.
  bool integer;
  llvm::ArrayRef<FloatFormat> floats;
  /// A floating-point type to the driver (the NaN fill is for these).
  bool isFloat;
  /// A tensor reduction through a map of this type: the operators it
  /// takes, each computing what the element operation of the first of
  /// `redTypes` with that operator computes.
  llvm::ArrayRef<Qual> redOps;
  llvm::ArrayRef<DataType> redTypes;
};
llvm::ArrayRef<TensorMapTypeDesc> getTensorMapTypes();

/// What a bulk reduction's operator does to each element of a type (a
/// BulkRedElement record): new = instr(old, source), `instr` an
/// instruction of the table, or "inc"/"dec" (the ISA's wrap-around
/// counters).
struct BulkRedElementDesc {
  Qual op;
  DataType type;
  const char *instr;
};
llvm::ArrayRef<BulkRedElementDesc> getBulkRedElements();

/// A special register (a SpecialReg record): its name with the `%`, its
/// width, the NVVM dialect op that reads it, and its floors.
struct SpecialRegDesc {
  const char *name;
  unsigned bits;
  const char *nvvmOp;
  unsigned ptxVersion, minSm;
};
llvm::ArrayRef<SpecialRegDesc> getSpecialRegs();
/// The element operation of operator `op` on `type`, or null.
const BulkRedElementDesc *findBulkRedElement(Qual op, DataType type);
/// An out-of-bounds fill of a tensor map (a TensorMapFill record).
struct TensorMapFillDesc {
  const char *name;
  unsigned code;
  /// What an element outside the tensor gets: this 16-bit pattern over
  /// its bytes.
  uint16_t pattern;
};
llvm::ArrayRef<TensorMapFillDesc> getTensorMapFills();

/// What the driver's tensor map encoders accept (the TensorMapLimits
/// record).
struct TensorMapLimitsDesc {
  unsigned maxRank, maxDimLog2, strideAlign, maxStrideLog2, maxBox,
      maxElementStride, maxChannelsPerPixel, maxPixelsPerColumn;
};
const TensorMapLimitsDesc &getTensorMapLimits();
/// The bytes of a tensor map (a CUtensorMap) and their alignment: the atom
/// and alignment of the table's tensor-map operands (TensorMapMem).
struct TensorMapStorage {
  int64_t bytes, align;
};
const TensorMapStorage &getTensorMapStorage();
/// An im2col map's rank and the bits of its corner offsets (an Im2colRank
/// record).
struct Im2colRankDesc {
  unsigned rank, cornerBits;
};
llvm::ArrayRef<Im2colRankDesc> getIm2colRanks();
/// The Im2colRank record of `rank`, or null (im2col has no such rank).
const Im2colRankDesc *findIm2colRank(unsigned rank);
/// Whether a tensor copy's box rows are a swizzle's span apart under a
/// swizzle (the TensorRowLayout record).
bool getSwizzledRowsFillSpan();

/// What a layout digit's value is multiplied by.
enum class LayoutStride : uint8_t { Bytes, Element, Lbo, Sbo };
/// One digit of a canonical layout (a LayoutDigit record).
struct LayoutDigitDesc {
  bool fromK;
  unsigned div;
  bool divT;
  unsigned mod;
  bool modT;
  LayoutStride kind;
  unsigned bytes;
};
/// A canonical shared-memory layout of wgmma (an SmemLayout record).
struct SmemLayoutDesc {
  const char *record;
  bool mnMajor;
  const SwizzleModeDesc *swizzle;
  llvm::ArrayRef<LayoutDigitDesc> digits;
  /// The offset in bits from the start address of element (mn, k) of
  /// `elemBits`-bit elements, before the swizzle, for the descriptor's
  /// leading and stride byte offsets.
  uint64_t bitOffset(uint64_t mn, uint64_t k, unsigned elemBits, uint64_t lbo,
                     uint64_t sbo) const {
    uint64_t t = 128 / elemBits, bits = 0;
    for (const LayoutDigitDesc &d : digits) {
      uint64_t div = d.div * (d.divT ? t : 1), mod = d.mod * (d.modT ? t : 1);
      uint64_t v = (d.fromK ? k : mn) / div;
      if (mod)
        v %= mod;
      switch (d.kind) {
      case LayoutStride::Bytes:
        bits += v * d.bytes * 8;
        break;
      case LayoutStride::Element:
        bits += v * elemBits;
        break;
      case LayoutStride::Lbo:
        bits += v * lbo * 8;
        break;
      case LayoutStride::Sbo:
        bits += v * sbo * 8;
        break;
      }
    }
    return bits;
  }
};
llvm::ArrayRef<SmemLayoutDesc> getSmemLayouts();
/// The layout of a major-ness and swizzle mode, or null.
const SmemLayoutDesc *findSmemLayout(bool mnMajor, const SwizzleModeDesc &mode);

/// How an mma computes its result: the MmaKind records, whose docs say
/// what each does (the integer and bit kinds are the ISA's; the others
/// what the H200 does with the SASS ptxas 13.0 emits for sm_90).
enum class MmaKind : uint8_t {
  Integer,    ///< Exact s32 dot products (.satfinite clamps).
  Bits,       ///< popc of .xor or .and, plus c.
  FmaChain,   ///< f64: fused multiply-adds from c in k order, to nearest.
  Fused,      ///< One HMMA step: anchored, truncated, summed, rounded once.
  SplitFused, ///< fp8: two HMMA steps from +0 over f16, then + c.
  ChainThenC, ///< m8n8k4 into f32: an f32 FFMA chain from +0, then + c.
  PairsThenC, ///< m8n8k4 into f16: (c + (a0b0 + a1b1)) + (a2b2 + a3b3).
  Unmodeled,  ///< Open in the ISA and unmeasured: nothing computes it.
};
/// The arithmetic of an mma form (its MmaArith record): a fused step keeps
/// `alignBits` bits below its anchor and rounds with `outRound`.
struct MmaArithDesc {
  const char *record;
  MmaKind kind;
  unsigned alignBits;
  Qual outRound;
  /// Measured on the H200 (the ISA leaves it open), not fixed by the ISA.
  bool measured;
  const char *doc;
  /// An emulated mma's steps as the table's opcodes ("" where the kind
  /// has none): fused multiply-add, multiply, add, and the final convert.
  const char *fmaStep, *mulStep, *addStep, *cvtStep;
  /// The significant bits a fused step's sum keeps, truncated toward zero,
  /// before it is rounded to the destination (QGMMA into f32: 14); 0: the
  /// destination format's own.
  unsigned outPrecision;
};

/// One operand slot of a form, in the instruction's own order.
/// Whether a predicate source may be written negated (`!c`).
enum class Negation : uint8_t {
  /// Not a predicate source.
  None,
  /// The ISA's syntax line writes it `{!}c`.
  Documented,
  /// The ISA writes it without `{!}`; ptxas 13.0 accepts `!c` all the same.
  Undocumented,
};

struct OperandDesc {
  const char *name;
  OperandRole role;
  OperandKind kind;
  DataType type;
  /// Atom extent: native registers bound (register operand) or elements moved
  /// (memory operand) by one instruction.
  unsigned atom = 1;
  StateSpace space = StateSpace::None;
  Distribution distribution = Distribution::Thread;
  /// A source that must be an immediate (a constant scalar) in
  /// [immMin, immMax] (lop3's look-up table).
  bool immediate = false;
  int64_t immMin = 0, immMax = 0;
  /// Written joined to the next operand by `|` (setp's `p|q`).
  bool pipeToNext = false;
  /// Written in braces with the next operand (block-scaled mma's
  /// `{byte-id-a, thread-id-a}`).
  bool braceWithNext = false;
  /// A source PTX takes in a register only, never as an immediate, whatever
  /// its type allows (cvt.rs's rbits).
  bool registerOnly = false;
  Negation negation = Negation::None;
  /// The member mask of a warp collective: the lanes that meet.
  bool memberMask = false;
  /// The fragment of a warp's matrix a register operand holds (mma), or
  /// for a memory operand the row each lane addresses (ldmatrix), or null.
  const FragmentDesc *fragment = nullptr;
  /// Written as a vector expression `{a0, ...}`, even of one register.
  bool vector = false;
  /// The addend of a multiply-accumulate into operand 0 (mma's c): a repeat
  /// axis along which the destination has stride 0 reads it in its first
  /// repeat and the destination in every later one.
  bool accumulator = false;
  /// A copy's limit on the source bytes it reads (cp.async's src-size, or
  /// ignore-src: none where true); the rest of the destination is zero.
  bool sourceLimit = false;
  /// A bulk memory operand (cp.async.bulk's dstMem, srcMem): one
  /// instruction moves the whole atom axis, of any extent and element type
  /// (`atom` is 0); its bytes are a multiple of 16 and 16-byte aligned.
  bool bulk = false;
  /// The byte count of the form's bulk operands (cp.async.bulk's size).
  bool bulkSize = false;
  /// The alignment in bytes of a bulk or tensor-map operand's address.
  unsigned bulkAlign = 16;
  /// A tensor map's address (`atom` bytes of any element type, `bulkAlign`
  /// aligned), written in brackets with the next operand, the tensor
  /// coordinates: `[tensorMap, {c0, c1}]`.
  bool tensorMap = false;
  /// The mbarrier whose transaction count the instruction changes (by its
  /// txSign operand, or by the bytes of a copy).
  bool txBarrier = false;
  /// A transaction byte count: +1 expect_tx, -1 complete_tx, 0 none.
  int8_t txSign = 0;
  /// The barrier a test_wait or try_wait tests.
  bool txWait = false;
  /// The phase parity a wait tests (.parity).
  bool phaseParity = false;
  /// A multicast copy's mask of destination CTAs.
  bool ctaMask = false;
  /// An immediate must also be a multiple of this (setmaxnreg's count).
  int64_t immMultiple = 1;
  /// An immediate must be one of these (wgmma's imm-scale-a); empty: any
  /// value in [immMin, immMax].
  llvm::ArrayRef<int64_t> immValues;
  /// A destination the instruction also reads (wgmma's d).
  bool readsDst = false;
  /// What the operand is to a warpgroup mma (wgmma), or MmaRole::None.
  MmaRole mmaRole = MmaRole::None;
  /// A matrix descriptor (wgmma's a-desc, b-desc) of a descRows x descCols
  /// matrix of descElem in shared memory.
  bool descriptor = false;
  unsigned descRows = 0, descCols = 0;
  DataType descElem = DataType::B8;
  /// A memory operand written as its address, without brackets (mapa's a).
  bool addressValue = false;
  /// A register operand that holds an address, written in brackets (a
  /// .shared::cluster address from mapa).
  bool bracketed = false;
  /// A tensor copy's coordinates: the innermost times the tensor map's
  /// element bytes must be a multiple of this (0: no rule; measured).
  unsigned coordAlign = 0;
  /// A source whose constant value (if it is one; it may be a register)
  /// lies in [immMin, immMax] and is a multiple of immMultiple (a named
  /// barrier's id and thread count).
  bool constChecked = false;
  /// A cache policy (`.L2::cache_hint`'s operand): a hint, no part of the
  /// result.
  bool cachePolicy = false;
  /// A memory operand only named (prefetch's address), of any element type.
  bool anyElement = false;
  /// Taken as a generic address, whatever `space` it lies in (a tensor
  /// map, which may be a __grid_constant__ kernel parameter).
  bool genericAddress = false;
};

/// Where each destination lane's random bits come from (cvt.rs's rbits, the
/// form's last source): `width` bits from bit `offsets[i]` for lane i, lane
/// 0 the lowest. Empty for every other form.
struct RandomBitsDesc {
  unsigned width = 0;
  llvm::ArrayRef<unsigned> offsets;

  explicit operator bool() const { return width != 0; }
  /// Lane `lane`'s random bits of `source`.
  uint64_t of(uint64_t source, unsigned lane) const {
    return (source >> offsets[lane]) & ((uint64_t(1) << width) - 1);
  }
};

/// How an approximation's error is measured against the exact result f(a)
/// (the ErrorMetric records).
enum class ErrorMetric : uint8_t {
  /// Representable values between the result and the correctly rounded
  /// (to nearest) f(a).
  Ulp,
  /// |d - f(a)| / |f(a)|.
  Relative,
  /// |d - f(a)|.
  Absolute,
};

/// How an f32 input reaches an entry of a measured multifunction-unit table
/// (a MufuReduction record; Special.td says what each does).
enum class MufuReduction : uint8_t {
  Reciprocal,
  Sqrt,
  Rsqrt,
  Exp2Fixed,
  Log2Split,
  SinFixed,
  CosFixed,
  TanhBinades,
  Quotient,
  ReciprocalUpper,
  RsqrtUpper,
  RsqrtRefined
};

/// What ptxas's sequence does to the unit's result when the form has no
/// .ftz (a MufuScaling record's `Post`).
enum class MufuPost : uint8_t { Mul, Add, Square, MulScale, None };

/// The H200's results of a multifunction-unit function over a domain (a
/// MufuTable record); the reference embeds `file`.
struct MufuTableDesc {
  const char *file;
  const char *domain;
  uint32_t entries;
  /// Its index among the MufuTable records (the embedded files' order).
  unsigned index;
};

/// An f32 approximation computed as the H200's multifunction unit computes
/// it (a MufuModel record): `reduction` over `tables`, and without .ftz the
/// scaling ptxas 13.0 emits around the unit for sm_90. An input below
/// `below` (|a| with `onMagnitude`) is multiplied by `preScale`, one with
/// |a| above `above` by `aboveScale`; the result then gets `post`. A
/// two-source form (Quotient) scales both sources, guarded on the second,
/// and keeps the `above` branch with .ftz where `aboveWithFtz`.
struct MufuModelDesc {
  MufuReduction reduction;
  /// The MufuReduction record's `Name`.
  const char *reductionName;
  llvm::ArrayRef<MufuTableDesc> tables;
  bool onMagnitude;
  float below;
  float preScale;
  MufuPost post;
  float postValue;
  float above;
  float aboveScale;
  bool aboveWithFtz;
};

/// An error bound of an approximation (an ErrorBound record) for inputs
/// whose operand `operand` (-1: every input) lies in [lo, hi]: the ISA's
/// and the largest error measured on the H200, in `metric`.
struct ErrorBoundDesc {
  ErrorMetric metric;
  /// The ISA's bound as it writes it ("2", "2^-22.9"; "" where it states
  /// none) and its value (0 where none).
  const char *text;
  double bound;
  /// The H200's largest error over the inputs measured ("" and 0 where not
  /// measured).
  const char *measuredText;
  double measured;
  int operand;
  double lo, hi;

  /// What a result may be off by: the larger of the two.
  double limit() const { return bound > measured ? bound : measured; }
};

llvm::StringRef getName(Semantics s);
/// Whether `s` is a bit copy over the operands' widths (load, store, move),
/// which has no lane function.
bool isDataMovement(Semantics s);
/// Whether `s` is a warp collective (SemanticsInfo::collective).
bool isCollective(Semantics s);
/// Whether `s` is a barrier of the CTA's threads (bar.red).
bool isCtaBarrier(Semantics s);

/// The table's facts about one semantics key.
struct SemanticsInfo {
  Semantics key;
  const char *name;
  bool dataMovement;
  /// A warp collective: the lanes of a member mask meet, and the reference
  /// computes them at once (a warp function, not a lane function).
  bool collective;
  /// A barrier of the CTA's threads (bar.red): they meet, and it orders
  /// memory.
  bool ctaBarrier = false;
};

/// Every semantics key, in enumerator order.
llvm::ArrayRef<SemanticsInfo> getSemantics();

/// An older chip that has a form from a later PTX ISA version.
struct OlderChip {
  unsigned sm;
  unsigned ptx;
};

/// One documented PTX syntax shape, generated from its record.
struct FormDesc {
  const char *mnemonic;
  /// The documented syntax line, e.g. "fma.rnd{.ftz}{.sat}.f32", derived
  /// from the slots, types and operands.
  const char *syntax;
  /// Qualifier slots in print order.
  llvm::ArrayRef<QualSlot> slots;
  /// Type suffixes in print order (destination type first).
  llvm::ArrayRef<DataType> types;
  llvm::ArrayRef<OperandDesc> operands;
  /// PTX ISA version as major*10+minor (e.g. 81 for 8.1).
  unsigned ptxVersion;
  /// Minimum SM (e.g. 90 for sm_90).
  unsigned minSm;
  /// Raised floors of individual qualifiers.
  llvm::ArrayRef<QualFloor> qualFloors;
  Semantics semantics;
  /// PTX ISA section that documents the form.
  const char *docRef;
  /// The NVVM intrinsic family that emits exactly this form in LLVM 22
  /// ("llvm.nvvm.fma" + qualifiers + type suffix), or null. Each case is
  /// checked by a PTX test.
  const char *intrinsic;
  /// The native SASS opcode (e.g. "FFMA", or alternatives "HADD2|HFMA2")
  /// that ptxas 13.0 emits once per instruction on sm_90 and newer, or null
  /// where the hardware has none (ptxas folds neg/abs into operand modifiers
  /// or uses bit logic). Scalar half forms may share one packed instruction
  /// between two atoms.
  const char *sass;
  /// A name that tells this form apart from earlier forms with the same
  /// spelling (e.g. "three_source" for three-input min, "pack" for
  /// `mov.b32 d, {a, b}`); empty for the first form of a spelling. The
  /// generic attribute syntax writes it where the spelling alone is
  /// ambiguous.
  const char *variant;
  /// Older chips that have the form from a later PTX ISA version: e.g. e4m3
  /// conversions exist on sm_90 from PTX 7.8 and on sm_89 from PTX 8.1.
  llvm::ArrayRef<OlderChip> olderChips;
  /// The NaN rule's name ("unspecified", "propagate") and whether it defines
  /// a NaN result's payload (the f64 fma/add/sub/mul propagate an input
  /// NaN's); elsewhere only NaN-ness is defined and results compare by it.
  const char *nanRule;
  bool nanPayloadDefined;
  /// The NaN rules: of the form, of its bare spelling (no qualifier
  /// written), and of the bare spelling under a predicate (getNaNRule).
  struct NaNRules {
    NaNRule result, bare, predicatedBare;
  } nanRules;
  /// How exactly the reference gives the hardware's result ("exact").
  const char *accuracy;
  /// The record that defines the form (e.g. "FmaF32").
  const char *record;
  /// Why `preserve_dst` is refused (ptxas 13.0 does not keep the
  /// destination of the predicated form: measured), or null.
  const char *noPreserveDst = nullptr;
  /// The arch-specific chips that alone have the form ("sm_100a",
  /// "sm_103a" for cvt.rs), each from `ptxVersion` or its own floor;
  /// `minSm` is the lowest of their SMs. Empty: every chip from `minSm` up.
  llvm::ArrayRef<const char *> archChips = {};
  /// Where each destination lane's random bits come from (cvt.rs).
  RandomBitsDesc randomBits = {};
  /// What the docs say of the form's accuracy kind, or null (exact).
  const char *accuracyDoc = nullptr;
  /// The most copies of `sass` ptxas 13.0 emits for one instruction: 2 for
  /// a warp collective, which gets a converged path and a divergent one
  /// (BRA.DIV, WARPSYNC.COLLECTIVE) where ptxas cannot prove the warp
  /// converged.
  unsigned sassCopies = 1;
  /// How an mma computes (its operands have fragments), or null.
  const MmaArithDesc *arith = nullptr;
  /// An approximation's error bounds, as the ISA states them.
  llvm::ArrayRef<ErrorBoundDesc> bounds = {};
  /// An f64 approximation of the source's upper 32 bits only, whose result
  /// has its lower 32 bits zero (rcp.approx.ftz.f64, rsqrt.approx.ftz.f64).
  bool upperHalf = false;
  /// Measured: the form flushes subnormal sources without .ftz.
  bool flushesSubnormals = false;
  /// Measured: the largest distance of an approximation from the correctly
  /// rounded result, in representable values (-1: not measured).
  int measuredUlps = -1;
  /// Measured: a 16-bit approximation's results on the H200 where they are
  /// not the correctly rounded ones, `input << 16 | result`, sorted by
  /// input (a MeasuredResults record; empty for every other form).
  llvm::ArrayRef<uint32_t> measuredResults = {};
  /// The first operand is the sink `_`, bound to no tile.apply operand.
  bool sinkFirst = false;
  /// What the form does to an mbarrier object (MbarrierOp::None: nothing).
  MbarrierOp mbarrierOp = MbarrierOp::None;
  /// An arrive that must not complete the phase (.noComplete).
  bool mbNoComplete = false;
  /// Measured: faults unless the kernel is launched with cluster dimensions.
  bool needsClusterLaunch = false;
  /// Measured: the H200's multifunction unit, bit for bit (f32
  /// approximations with the accuracy measured_exact), or null.
  const MufuModelDesc *mufu = nullptr;
  /// What a read-modify-write (atom, red) stores: an instruction of the
  /// table applied to (old, b), or "exch", "cas", "inc", "dec"; null for
  /// every other form.
  const char *element = nullptr;
  /// All threads of a warp execute the same instruction, with or without
  /// .aligned in the spelling (bar.sync: barrier.sync.aligned).
  bool warpAligned = false;
  /// A load a thread may spin on (ld.volatile, ld.acquire): the CPU backend
  /// lets the block's other threads run after it.
  bool polls = false;
  /// Measured: the instructions the lowering writes instead of the form,
  /// which ptxas 13.0 compiles wrongly in some contexts (operands `{name}`,
  /// statements separated by ';'), and why; null for every other form.
  const char *ptxasWorkaround = nullptr;
  const char *ptxasWorkaroundWhy = nullptr;

  llvm::ArrayRef<DataType> getTypes() const { return types; }
  llvm::ArrayRef<OperandDesc> getOperands() const { return operands; }
  unsigned getNumOperands() const { return operands.size(); }
  /// Whether an operand is spread over the 128 threads of a warpgroup
  /// (wgmma.mma_async's d and register a).
  bool isWarpgroupCollective() const {
    for (const OperandDesc &o : getOperands())
      if (o.distribution == Distribution::Warpgroup)
        return true;
    return false;
  }
  /// The number of operands the instruction writes (2 for `setp p|q`).
  unsigned getNumDefs() const;
  /// The `k`th source operand, or null past the last.
  const OperandDesc *getSource(unsigned k) const;
  /// The register width of the `k`th source operand (64 past the last).
  unsigned getSourceBits(unsigned k) const;
  /// Whether a NaN result carries a payload the ISA defines (the f64
  /// fma/add/sub/mul propagate an input NaN's payload); elsewhere only
  /// NaN-ness is defined and results compare by it.
  bool hasDefinedNaNPayload() const { return nanPayloadDefined; }
  /// What a NaN result holds for the spelling with `quals`, executed
  /// under a predicate or not (ptxas 13.0 compiles some bare spellings
  /// otherwise under one).
  NaNRule getNaNRule(QualSet quals, bool predicated) const {
    if (quals)
      return nanRules.result;
    return predicated ? nanRules.predicatedBare : nanRules.bare;
  }
  /// Every qualifier any slot accepts.
  QualSet getVocabulary() const;
  /// Whether `quals` fills this form's slots: at most one qualifier per
  /// slot, every required slot filled, nothing left over.
  bool accepts(QualSet quals) const;
  /// Index of this row in `getForms()`.
  unsigned getIndex() const;
};

/// All forms, in documentation order.
llvm::ArrayRef<FormDesc> getForms();
/// Mnemonics of the table, in order of first appearance.
llvm::ArrayRef<llvm::StringRef> getMnemonics();
/// The forms of `mnemonic`, in documentation order (none for a mnemonic the
/// table does not have). An index built once: the decoder looks forms up
/// by mnemonic for every opcode it reads.
llvm::ArrayRef<const FormDesc *> getFormsOf(llvm::StringRef mnemonic);

/// A spelling that ptxas accepts but the PTX ISA does not document, with the
/// reason we reject it.
struct RejectedSpelling {
  const char *mnemonic;
  /// The type suffixes, e.g. ".f32.bf16".
  const char *types;
  /// The spelling is matched if it has any of `anyOf` (or `anyOf` is empty)
  /// and all of `allOf`, and, with `noRounding`, no rounding modifier.
  QualSet anyOf;
  QualSet allOf;
  const char *reason;
  bool noRounding = false;
  /// A documented form that tile-mlir does not support (the carry chain):
  /// `reason` says why. Empty `types` match any type suffix.
  bool documented = false;
  /// Matches only a spelling that writes a qualifier of an after-type slot
  /// before the type suffixes (prmt.f4e.b32).
  bool misplaced = false;
  /// The spelling is matched only if it has none of these.
  QualSet noneOf;
};
llvm::ArrayRef<RejectedSpelling> getRejectedSpellings();

/// A NaN rule: its name, whether it defines a NaN result's payload (the
/// reference and tile-diff compare it), and what it says.
struct NaNRuleInfo {
  const char *name;
  bool payloadDefined;
  const char *doc;
};
const NaNRuleInfo &getInfo(NaNRule rule);

/// The numbers qualifier `q` stands for in its instruction's semantics (the
/// table's `QualTable` record), or an empty list.
llvm::ArrayRef<int> getQualTable(Qual q);

//===----------------------------------------------------------------------===//
// Decoded instructions
//===----------------------------------------------------------------------===//

/// A decoded opcode: the matched form plus the qualifiers used.
struct Instr {
  const FormDesc *form = nullptr;
  QualSet quals = 0;

  /// The opcode with qualifiers in the form's slot order, e.g.
  /// "fma.rn.ftz.sat.f32".
  std::string str() const;
  bool has(Qual q) const { return bool(quals & bit(q)); }
  /// The rounding modifier written, or the slot's default, or nullopt.
  std::optional<Qual> rounding() const;
  /// The PTX ISA version and SM this instruction needs (the form's floor
  /// raised by its qualifiers).
  unsigned getPtxVersion() const;
  unsigned getMinSm() const;
  /// The NVVM intrinsic that emits exactly this instruction, if any.
  std::optional<std::string> getEquivalentIntrinsic() const;
  /// Every qualifier set the form accepts, in a stable order.
  static llvm::SmallVector<QualSet> enumerate(const FormDesc &form);

  bool operator==(const Instr &o) const {
    return form == o.form && quals == o.quals;
  }
};

/// The table's plain register move of one bit-size register of `bits`
/// (`mov.b16`, `mov.b32`, `mov.b64`), or nullopt where it has none. PTX's
/// bit-size types accept registers of any type of their width.
std::optional<Instr> getRegisterCopy(unsigned bits);

/// The inline asm constraint letter of an integer register of `bits` (1:
/// a .pred, 16: 'h', 32: 'r', 64: 'l', 128: 'q'), or 0 for other widths.
char getIntegerConstraint(unsigned bits);

/// How a test kernel moves a predicate of a `bits`-bit integer through
/// memory (which holds no .pred): `toInt` (selp.bN d, 1, 0, p) writes 1 or
/// 0, `fromInt` (setp.ne.bN p, x, 0) sets the predicate to x != 0.
struct PredicateBridge {
  unsigned bits;
  unsigned toIntForm, fromIntForm;
  QualSet fromIntQuals;

  Instr toInt() const;
  Instr fromInt() const;
};
/// The bridge of `bits`-bit integers (16, 32, 64), or nullopt.
std::optional<PredicateBridge> getPredicateBridge(unsigned bits);
/// Every bridge the table has.
llvm::ArrayRef<PredicateBridge> getPredicateBridges();

/// How to choose among forms that share a spelling: by variant name, or by
/// the operands' count and atom extents (what the operand list shows).
struct FormHint {
  std::optional<llvm::StringRef> variant;
  std::optional<unsigned> numOperands;
  /// Atom extent of each operand, when known.
  llvm::ArrayRef<unsigned> atoms;
  /// Whether each operand holds predicates (i1), when known: tells
  /// cp.async's `ignore-src` from its `src-size`.
  llvm::ArrayRef<bool> predicates;
  /// Whether each operand is memory (a global or workgroup memref), when
  /// known: tells an address that is a memref from one in a register
  /// (generic ld's and mapa's).
  llvm::ArrayRef<bool> memories;
};

/// Decodes `spelling` (e.g. "fma.sat.rn.f32"). `hint` selects among forms
/// that share a spelling (two- and three-input `min`, `mov.b32` plain, pack
/// and unpack); without one, or when none matches, the first such form is
/// taken (and the verifier reports the operands against it). On failure the
/// error's message names the first real problem: an unknown mnemonic, type
/// or qualifier, a missing required qualifier (rounding first), a qualifier
/// the type does not allow, then combination rules.
llvm::Expected<Instr> decode(llvm::StringRef spelling,
                             const FormHint &hint = {});
/// `decode` with the message in `error` (empty on success).
std::optional<Instr> decode(llvm::StringRef spelling, std::string &error,
                            const FormHint &hint = {});

/// Whether the spelling alone decodes to another form than `instr.form`, so
/// that the variant name must be written to identify it.
bool needsVariant(const Instr &instr);

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

/// A compilation target: SM number and PTX ISA version (major*10+minor).
struct Target {
  unsigned sm = 0;
  unsigned ptx = 0;
  /// The chip's name ("sm_100a"), which forms of arch-specific chips are
  /// checked against; empty for a target of an SM number alone.
  llvm::StringRef chip;
};

/// A chip name as the target model knows it: `sm_<sm><suffix>` with the PTX
/// ISA floors measured for ptxas 13.0 (the lowest `.version` it assembles a
/// `.target` of this chip at; 0 when it does not know the chip) and for LLVM
/// 22's NVPTX backend (the lowest `+ptxNN` it emits the chip at without a
/// fatal error; 0 when it does not know the chip).
struct ChipInfo {
  llvm::StringLiteral name;
  unsigned sm;
  /// '\0', 'a' (arch-specific) or 'f' (family).
  char suffix;
  unsigned ptxasMinPtx;
  unsigned llvmMinPtx;
  /// Why a chip one of the two tools lacks is not accepted (or empty).
  llvm::StringLiteral note;

  /// Accepted by default: both ptxas 13.0 and LLVM 22 know it.
  bool isChecked() const { return ptxasMinPtx && llvmMinPtx; }
  /// The lowest PTX ISA version both tools accept (LLVM's alone when the
  /// target is unchecked).
  unsigned getMinPtx() const { return std::max(ptxasMinPtx, llvmMinPtx); }
};

/// Every chip either tool knows, oldest first.
llvm::ArrayRef<ChipInfo> getChips();
/// The chip named `name` ("sm_90a"), or null.
const ChipInfo *lookupChip(llvm::StringRef name);

/// A chip's peak rate of one instruction type: results (lanes, so an
/// f16x2 fma counts two) per SM and clock. The benchmarks measure against
/// it.
struct PeakRate {
  unsigned sm;
  Semantics semantics;
  DataType type;
  unsigned lanesPerClock;
  /// Where the figure comes from.
  llvm::StringLiteral source;
};
/// Every peak rate the project knows.
llvm::ArrayRef<PeakRate> getPeakRates();

/// Resolves an #nvvm.target's chip and features into a Target, or returns
/// nullopt with `error` set. Accepted by default: a chip that ptxas 13.0 and
/// LLVM 22 both know, and a PTX ISA version (the `+ptxNN` feature, else the
/// chip's lowest) that LLVM 22 emits and that is at or above both tools'
/// floor for the chip. With `unchecked`, a chip ptxas 13.0 does not know (for
/// a newer toolchain) is accepted when LLVM 22 emits it, and only LLVM's
/// floor applies. Features other than `+ptxNN` are rejected.
std::optional<Target> resolveTarget(llvm::StringRef chip,
                                    llvm::StringRef features, bool unchecked,
                                    std::string &error);

/// Parses a PTX ISA version written "80", "8.0", "ptx80" or "+ptx80" into
/// major*10+minor; nullopt if it is none of those.
std::optional<unsigned> parsePtxVersion(llvm::StringRef text);
/// Whether LLVM 22's NVPTX backend emits PTX ISA `ptx` (a `+ptxNN` feature it
/// honours); any other version would be silently replaced by its default.
bool isEmittablePtxVersion(unsigned ptx);
/// The versions LLVM 22 emits, as "3.2, 4.0, ..." (for diagnostics).
std::string emittablePtxVersions();

/// The most local memory, in bytes, one thread may use (every chip), and
/// where the figure comes from.
uint64_t getLocalBytesPerThread();
llvm::StringRef getLocalBytesSource();
/// The most CTAs of a cluster tile-mlir launches (the PortableClusterSize
/// record).
unsigned getMaxClusterCtas();

/// A CTA's shared window (the SharedWindow record): the bits of a shared
/// address, and the bytes at its start that the system reserves (a
/// kernel's first shared buffer is at that shared address).
struct SharedWindowDesc {
  unsigned bits;
  unsigned reserved;
  const char *source;
};
const SharedWindowDesc &getSharedWindow();

/// The code of a grid synchronization (the GridBarrier record): nvcc's
/// PTX of cooperative_groups' grid sync, one statement a line, `{uid}` in
/// its labels standing for a number unique to each copy; and its floors.
struct GridSyncDesc {
  llvm::ArrayRef<const char *> asmLines;
  unsigned ptxVersion, minSm;
};
GridSyncDesc getGridSync();

/// The bits of a cache policy (createpolicy's result) as measured on the
/// GPU (the CachePolicyLayout record): bits 56..63 are `tag`, with bit
/// `rangeBit` for a range policy, the primary priority's code (its
/// QualTable value) shifted by `primaryShift` and the secondary's in bit 0;
/// a fraction f in (0, 1] is ceil(f * 2^fractionBits) - 1 in the
/// `fractionBits` bits from `fractionShift`. A range policy of total-size
/// bytes has the class E = max(minLog2, ceil(log2(total-size))), E -
/// minLog2 from `fractionShift`; in units of 2^(E - unitsLog2) bytes, the
/// start's unit modulo 2^unitsLog2 from `startShift` and the units the
/// primary range reaches into from `countShift`.
struct CachePolicyLayout {
  unsigned tag, rangeBit, primaryShift, fractionShift, fractionBits;
  unsigned minLog2, unitsLog2, startShift, countShift;
  const char *source;
};
const CachePolicyLayout &getCachePolicyLayout();

/// Highest PTX ISA version the project knows.
constexpr unsigned kMaxKnownPtx = 91;

/// Checks `instr` against `target`; returns an error message or empty.
std::string checkTarget(const Instr &instr, const Target &target);

/// Renders "8.1" for 81.
std::string formatPtxVersion(unsigned v);

/// Writes the whole table (types, formats, qualifiers, forms with every
/// concrete opcode, rejected spellings, chip floors) as JSON: the export that
/// tools outside C++ read.
void writeJson(llvm::raw_ostream &os);

} // namespace ptx
} // namespace tile

#endif // TILE_PTX_INSTRTABLE_H
