//===- InstrTable.cpp - The table of PTX instruction knowledge ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Facts are from the PTX ISA 9.1 documentation; every floor was measured with
// ptxas 13.0 (utils/scan_ptxas.py, results in docs/PtxasScan.md).
//
//===----------------------------------------------------------------------===//

#include "tile/Ptx/InstrTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace tile::ptx;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Formats and data types
//===----------------------------------------------------------------------===//

static const FloatFormatInfo kFormats[] = {
    {FloatFormat::None, "none", 0, 0, 0},
    {FloatFormat::F16, "f16", 16, 5, 11},
    {FloatFormat::BF16, "bf16", 16, 8, 8},
    {FloatFormat::TF32, "tf32", 32, 8, 11},
    {FloatFormat::F32, "f32", 32, 8, 24},
    {FloatFormat::F64, "f64", 64, 11, 53},
    {FloatFormat::E4M3, "e4m3", 8, 4, 4, /*finiteOnly=*/true},
    {FloatFormat::E5M2, "e5m2", 8, 5, 3},
};

const FloatFormatInfo &tile::ptx::getInfo(FloatFormat format) {
  return kFormats[static_cast<unsigned>(format)];
}

static const llvm::SmallVector<DataTypeInfo, 0> &types() {
  using FF = FloatFormat;
  static const llvm::SmallVector<DataTypeInfo, 0> kTypes = {
      {DataType::F32, "f32", 32, 1, FF::F32, {FF::F32}, ".f32 or .b32", "0f"},
      {DataType::F64, "f64", 64, 1, FF::F64, {FF::F64}, ".f64 or .b64", "0d"},
      {DataType::F16, "f16", 16, 1, FF::F16, {FF::F16}, ".f16 or .b16"},
      {DataType::BF16, "bf16", 16, 1, FF::BF16, {FF::BF16}, ".b16 only"},
      {DataType::F16x2, "f16x2", 32, 2, FF::F16, {}, ".b32 or .f16x2"},
      {DataType::BF16x2, "bf16x2", 32, 2, FF::BF16, {}, ".b32 only"},
      {DataType::F32x2, "f32x2", 64, 2, FF::F32, {}, ".b64 only"},
      {DataType::B16,
       "b16",
       16,
       1,
       FF::None,
       {FF::F16, FF::BF16},
       "any 16-bit register",
       "0x"},
      {DataType::B32,
       "b32",
       32,
       1,
       FF::None,
       {FF::F32},
       "any 32-bit register",
       "0x"},
      {DataType::B64,
       "b64",
       64,
       1,
       FF::None,
       {FF::F64},
       "any 64-bit register",
       "0x"},
      {DataType::TF32,
       "tf32",
       32,
       1,
       FF::TF32,
       {FF::F32},
       ".b32 (an f32 bit pattern with the low 13 bits zero)"},
      {DataType::E4M3x2, "e4m3x2", 16, 2, FF::E4M3, {}, ".b16 only"},
      {DataType::E5M2x2, "e5m2x2", 16, 2, FF::E5M2, {}, ".b16 only"},
      {DataType::B128, "b128", 128, 1, FF::None, {}, ".b128 (an i128)"},
  };
  return kTypes;
}

const DataTypeInfo &tile::ptx::getInfo(DataType type) {
  return types()[static_cast<unsigned>(type)];
}
StringRef tile::ptx::getName(DataType type) { return getInfo(type).name; }
llvm::ArrayRef<DataTypeInfo> tile::ptx::getDataTypes() { return types(); }

std::optional<std::string> tile::ptx::formatImmediate(DataType type,
                                                      const llvm::APInt &bits) {
  const DataTypeInfo &info = getInfo(type);
  if (!info.immediatePrefix || bits.getBitWidth() != info.bits)
    return std::nullopt;
  llvm::SmallString<40> hex;
  bits.toStringUnsigned(hex, 16);
  std::string text = info.immediatePrefix;
  text.append(info.bits / 4 - hex.size(), '0');
  for (char c : hex)
    text += llvm::toUpper(c);
  return text;
}

std::optional<DataType> tile::ptx::lookupType(StringRef name) {
  for (const DataTypeInfo &info : types())
    if (name == info.name)
      return info.type;
  return std::nullopt;
}

/// PTX type names that exist in the ISA but have no form in the table; they
/// are recognised so that "fma.rn.s32" reports a type error, not an unknown
/// qualifier.
static bool isOtherPtxTypeName(StringRef name) {
  return llvm::is_contained({"b8",     "u8",     "u16",     "u32",    "u64",
                             "s8",     "s16",    "s32",     "s64",    "e4m3",
                             "e5m2",   "e4m3x4", "e5m2x4",  "e2m1x2", "e2m1x4",
                             "e2m3x2", "e3m2x2", "ue8m0x2", "f64x2",  "f16x4",
                             "bf16x4", "u16x2",  "s16x2",   "pred"},
                            name);
}

//===----------------------------------------------------------------------===//
// Qualifiers
//===----------------------------------------------------------------------===//

StringRef tile::ptx::getQualName(Qual q) {
  static const char *const kNames[] = {
      "global", "shared", "ca",  "cg",          "cs",       "lu",
      "cv",     "wb",     "wt",  "v2",          "v4",       "v8",
      "rn",     "rz",     "rm",  "rp",          "ftz",      "oob",
      "sat",    "relu",   "NaN", "xorsign.abs", "abs",      "rna",
      "rni",    "rzi",    "rmi", "rpi",         "satfinite"};
  static_assert(std::size(kNames) == static_cast<size_t>(Qual::NumQuals));
  return kNames[static_cast<unsigned>(q)];
}

static auto allQuals() {
  return llvm::map_range(
      llvm::seq<unsigned>(0, static_cast<unsigned>(Qual::NumQuals)),
      [](unsigned i) { return static_cast<Qual>(i); });
}

std::string tile::ptx::formatQuals(QualSet set) {
  std::string s;
  for (Qual q : allQuals()) {
    if (!(set & bit(q)))
      continue;
    if (!s.empty())
      s += ", ";
    s += "." + getQualName(q).str();
  }
  return s;
}

StringRef tile::ptx::getName(Semantics s) {
  static const char *const kNames[] = {
      "fma", "add",      "sub",     "mul",  "min",   "max", "neg",
      "abs", "copysign", "convert", "load", "store", "move"};
  return kNames[static_cast<unsigned>(s)];
}

//===----------------------------------------------------------------------===//
// The forms
//===----------------------------------------------------------------------===//

namespace {
using DT = DataType;
constexpr OperandRole Def = OperandRole::Def;
constexpr OperandRole Use = OperandRole::Use;

OperandDesc reg(const char *name, OperandRole role, DataType t,
                unsigned atom = 1) {
  return {name, role, OperandKind::Register, t, atom};
}
OperandDesc memory(const char *name, OperandRole role, DataType t,
                   unsigned atom, StateSpace space) {
  return {name, role, OperandKind::Memory, t, atom, space};
}

// Slots.
QualSlot rnd(QualSet choices) {
  return {SlotKind::Rounding, choices, /*required=*/true};
}
QualSlot optRnd(QualSet choices) {
  return {SlotKind::Rounding, choices, false, Qual::RN};
}
QualSlot opt(Qual q) { return {SlotKind::Flag, bit(q)}; }
QualSlot req(Qual q) { return {SlotKind::Flag, bit(q), true}; }
QualSlot space(Qual q) { return {SlotKind::StateSpace, bit(q), true}; }
QualSlot vec(Qual q) { return {SlotKind::Vector, bit(q), true}; }

const QualSet RN = bit(Qual::RN);
const QualSet RND =
    bit(Qual::RN) | bit(Qual::RZ) | bit(Qual::RM) | bit(Qual::RP);
const QualSlot FTZ = opt(Qual::FTZ);
const QualSlot SAT = opt(Qual::SAT);
const QualSlot RELU = opt(Qual::RELU);

constexpr const char *kFpFma = "9.7.3.6 Floating Point fma";
constexpr const char *kHalfFma = "9.7.4.4 Half Precision fma";
constexpr const char *kMixedFma = "9.7.5.3 Mixed Precision fma";
constexpr const char *kMov = "9.7.9.3 mov";
constexpr const char *kLd = "9.7.9.8 ld";
constexpr const char *kSt = "9.7.9.11 st";

/// A form whose operands are a destination and `numSrc` sources, all of type
/// `t` (the usual arithmetic shape).
FormDesc arith(const char *mnemonic, const char *syntax, DataType t,
               llvm::SmallVector<QualSlot, 4> slots, unsigned numSrc,
               unsigned ptx, unsigned sm, Semantics sem, const char *ref,
               const char *intrinsic = nullptr,
               llvm::SmallVector<QualFloor, 1> floors = {}) {
  static const char *const kSrc[] = {"a", "b", "c"};
  FormDesc f{mnemonic, syntax, std::move(slots),  {t}, {reg("d", Def, t)},
             ptx,      sm,     std::move(floors), sem, ref,
             intrinsic};
  for (unsigned i = 0; i < numSrc; ++i)
    f.operands.push_back(reg(kSrc[i], Use, t));
  return f;
}

FormDesc fma(const char *syntax, DataType t, llvm::SmallVector<QualSlot, 4> s,
             unsigned ptx, unsigned sm, const char *ref,
             const char *intrinsic) {
  return arith("fma", syntax, t, std::move(s), 3, ptx, sm, Semantics::Fma, ref,
               intrinsic);
}

/// Mixed precision: d, c in f32; a, b in `ab` (PTX ISA 8.6, sm_100).
FormDesc mixedFma(const char *syntax, DataType ab) {
  FormDesc f =
      fma(syntax, DT::F32, {rnd(RND), SAT}, 86, 100, kMixedFma, nullptr);
  f.types.push_back(ab);
  f.operands[1].type = f.operands[2].type = ab;
  return f;
}

/// A data-movement form of one type with two operands (PTX 1.0, sm_10).
FormDesc move(const char *mnemonic, std::string syntax, DataType t,
              llvm::SmallVector<QualSlot, 4> slots, OperandDesc first,
              OperandDesc second, Semantics semantics, const char *ref) {
  return {mnemonic,
          std::move(syntax),
          std::move(slots),
          {t},
          {first, second},
          10,
          10,
          {},
          semantics,
          ref};
}

FormDesc mov(const char *syntax, DataType t) {
  return move("mov", syntax, t, {}, reg("d", Def, t), reg("a", Use, t),
              Semantics::Move, kMov);
}

/// `mov.bN d, {a, b, ...}` (pack) and `mov.bN {d, e, ...}, a` (unpack): one
/// register of `wide` and `n` registers of `narrow`, lane 0 in the low bits.
void addPackUnpack(llvm::SmallVectorImpl<FormDesc> &forms, DataType wide,
                   DataType narrow, unsigned n, const char *pack,
                   const char *unpack, const char *packName,
                   const char *unpackName) {
  forms.push_back(move("mov", pack, wide, {}, reg("d", Def, wide),
                       reg("a", Use, narrow, n), Semantics::Move, kMov));
  forms.back().variant = packName;
  forms.push_back(move("mov", unpack, wide, {}, reg("d", Def, narrow, n),
                       reg("a", Use, wide), Semantics::Move, kMov));
  forms.back().variant = unpackName;
}

/// Every `ld` and `st` form around register tiles: `.global` and `.shared`,
/// the cache operators, scalar and vector accesses of the bit-size and float
/// types (9.7.9.8, 9.7.9.11). The vector widths a state space and type take
/// and their floors were measured with ptxas 13.0 (docs/PtxasScan.md).
void addLoadsStores(llvm::SmallVectorImpl<FormDesc> &forms) {
  struct Vec {
    std::optional<Qual> q;
    unsigned n;
  };
  const Vec vecs[] = {
      {std::nullopt, 1}, {Qual::V2, 2}, {Qual::V4, 4}, {Qual::V8, 8}};
  const DataType types[] = {DT::B16, DT::B32, DT::B64,
                            DT::F32, DT::F64, DT::B128};
  for (bool isLoad : {true, false}) {
    for (Qual ss : {Qual::Global, Qual::Shared}) {
      StateSpace space =
          ss == Qual::Global ? StateSpace::Global : StateSpace::Shared;
      QualSet cops = isLoad ? bit(Qual::CA) | bit(Qual::CG) | bit(Qual::CS) |
                                  bit(Qual::LU) | bit(Qual::CV)
                            : bit(Qual::WB) | bit(Qual::CG) | bit(Qual::CS) |
                                  bit(Qual::WT);
      for (const Vec &v : vecs) {
        for (DataType t : types) {
          unsigned bits = getInfo(t).bits * v.n;
          // 256-bit vectors (.v4 of 64-bit, .v8 of 32-bit types) exist for
          // .global only, from PTX ISA 8.8 and sm_100; .v8 of 16-bit types
          // is not documented.
          bool wide = bits > 128;
          bool b128 = t == DT::B128;
          if (bits > 256 || (v.n == 8 && getInfo(t).bits != 32) ||
              (wide && ss != Qual::Global) || (b128 && v.n > 1))
            continue;
          llvm::SmallVector<QualSlot, 4> slots = {
              {SlotKind::StateSpace, bit(ss), true}, {SlotKind::CacheOp, cops}};
          std::string syntax =
              std::string(isLoad ? "ld." : "st.") + getQualName(ss).str() +
              (isLoad ? "{.ca,.cg,.cs,.lu,.cv}" : "{.wb,.cg,.cs,.wt}");
          if (v.q) {
            slots.push_back({SlotKind::Vector, bit(*v.q), true});
            syntax += "." + getQualName(*v.q).str();
          }
          syntax += "." + getName(t).str();
          OperandDesc regOp =
              reg(isLoad ? "d" : "b", isLoad ? Def : Use, t, v.n);
          OperandDesc memOp = memory("a", isLoad ? Use : Def, t, v.n, space);
          FormDesc f = isLoad ? move("ld", syntax, t, slots, regOp, memOp,
                                     Semantics::Load, kLd)
                              : move("st", syntax, t, slots, memOp, regOp,
                                     Semantics::Store, kSt);
          if (wide) {
            f.ptxVersion = 88;
            f.minSm = 100;
          }
          if (b128) { // 128-bit registers: PTX ISA 8.3, sm_70.
            f.ptxVersion = 83;
            f.minSm = 70;
          }
          for (QualSet c = cops; c; c &= c - 1)
            f.qualFloors.push_back(
                {static_cast<Qual>(llvm::countr_zero(c)), 20, 20});
          forms.push_back(std::move(f));
        }
      }
    }
  }
}

/// add, sub, mul: every floating-point form (9.7.3.1-3, 9.7.4.1-3).
void addArith3(llvm::SmallVectorImpl<FormDesc> &forms, const char *m,
               Semantics sem, const char *f32Syntax, const char *f64Syntax,
               const char *f32x2Syntax, const char *f16Syntax,
               const char *f16x2Syntax, const char *bf16Syntax,
               const char *bf16x2Syntax, const char *fpRef,
               const char *halfRef) {
  // .rm and .rp on f32 need sm_20 (ptxas 13.0 rejects them below).
  forms.push_back(arith(m, f32Syntax, DT::F32, {optRnd(RND), FTZ, SAT}, 2, 10,
                        10, sem, fpRef, nullptr,
                        {{Qual::RM, 20, 20}, {Qual::RP, 20, 20}}));
  forms.push_back(
      arith(m, f64Syntax, DT::F64, {optRnd(RND)}, 2, 10, 13, sem, fpRef));
  forms.push_back(arith(m, f32x2Syntax, DT::F32x2, {optRnd(RND), FTZ}, 2, 86,
                        100, sem, fpRef));
  forms.push_back(arith(m, f16Syntax, DT::F16, {optRnd(RN), FTZ, SAT}, 2, 42,
                        53, sem, halfRef));
  forms.push_back(arith(m, f16x2Syntax, DT::F16x2, {optRnd(RN), FTZ, SAT}, 2,
                        42, 53, sem, halfRef));
  forms.push_back(
      arith(m, bf16Syntax, DT::BF16, {optRnd(RN)}, 2, 78, 90, sem, halfRef));
  forms.push_back(arith(m, bf16x2Syntax, DT::BF16x2, {optRnd(RN)}, 2, 78, 90,
                        sem, halfRef));
}

/// min, max (9.7.3.10-11, 9.7.4.10-11).
void addMinMax(llvm::SmallVectorImpl<FormDesc> &forms, const char *m,
               Semantics sem, const char *f32Syntax, const char *f32x3Syntax,
               const char *f64Syntax, const char *f16Syntax,
               const char *f16x2Syntax, const char *bf16Syntax,
               const char *bf16x2Syntax, const char *fpRef,
               const char *halfRef) {
  QualSlot nan = opt(Qual::NaN), xabs = opt(Qual::XorsignAbs);
  llvm::SmallVector<QualFloor, 1> floors = {{Qual::NaN, 70, 80},
                                            {Qual::XorsignAbs, 72, 86}};
  forms.push_back(arith(m, f32Syntax, DT::F32, {FTZ, nan, xabs}, 2, 10, 10, sem,
                        fpRef, nullptr, floors));
  forms.push_back(arith(m, f32x3Syntax, DT::F32, {FTZ, nan, opt(Qual::Abs)}, 3,
                        88, 100, sem, fpRef));
  forms.back().variant = "three_source";
  forms.push_back(arith(m, f64Syntax, DT::F64, {}, 2, 10, 13, sem, fpRef));
  forms.push_back(arith(m, f16Syntax, DT::F16, {FTZ, nan, xabs}, 2, 70, 80, sem,
                        halfRef, nullptr, {{Qual::XorsignAbs, 72, 86}}));
  forms.push_back(arith(m, f16x2Syntax, DT::F16x2, {FTZ, nan, xabs}, 2, 70, 80,
                        sem, halfRef, nullptr, {{Qual::XorsignAbs, 72, 86}}));
  forms.push_back(arith(m, bf16Syntax, DT::BF16, {nan, xabs}, 2, 70, 80, sem,
                        halfRef, nullptr, {{Qual::XorsignAbs, 72, 86}}));
  forms.push_back(arith(m, bf16x2Syntax, DT::BF16x2, {nan, xabs}, 2, 70, 80,
                        sem, halfRef, nullptr, {{Qual::XorsignAbs, 72, 86}}));
}

/// neg, abs (9.7.3.8-9, 9.7.4.6-7).
void addSignOp(llvm::SmallVectorImpl<FormDesc> &forms, const char *m,
               Semantics sem, unsigned halfPtx, const char *f32Syntax,
               const char *f64Syntax, const char *f16Syntax,
               const char *f16x2Syntax, const char *bf16Syntax,
               const char *bf16x2Syntax, const char *fpRef,
               const char *halfRef) {
  forms.push_back(arith(m, f32Syntax, DT::F32, {FTZ}, 1, 10, 10, sem, fpRef));
  forms.push_back(arith(m, f64Syntax, DT::F64, {}, 1, 10, 13, sem, fpRef));
  forms.push_back(
      arith(m, f16Syntax, DT::F16, {FTZ}, 1, halfPtx, 53, sem, halfRef));
  forms.push_back(
      arith(m, f16x2Syntax, DT::F16x2, {FTZ}, 1, halfPtx, 53, sem, halfRef));
  forms.push_back(arith(m, bf16Syntax, DT::BF16, {}, 1, 70, 80, sem, halfRef));
  forms.push_back(
      arith(m, bf16x2Syntax, DT::BF16x2, {}, 1, 70, 80, sem, halfRef));
}

/// The native SASS opcode of a form on sm_90 and newer (checked by the
/// certification test), or null.
const char *nativeSass(Semantics sem, llvm::ArrayRef<DataType> types,
                       unsigned numOperands) {
  if (types.size() != 1 || sem == Semantics::Convert ||
      sem == Semantics::Load || sem == Semantics::Store ||
      sem == Semantics::Move)
    return nullptr;
  DataType t = types[0];
  bool half =
      t == DT::F16 || t == DT::F16x2 || t == DT::BF16 || t == DT::BF16x2;
  auto pick = [&](const char *f32, const char *f64, const char *h,
                  const char *f32x2) -> const char * {
    if (t == DT::F32)
      return f32;
    if (t == DT::F64)
      return f64;
    if (t == DT::F32x2)
      return f32x2;
    return half ? h : nullptr;
  };
  switch (sem) {
  case Semantics::Fma:
    return pick("FFMA", "DFMA", "HFMA2", "FFMA2");
  case Semantics::Add:
  case Semantics::Sub:
    // ptxas 13.0 issues half adds as HADD2 or as HFMA2 (a*1+b).
    return pick("FADD", "DADD", "HADD2|HFMA2", "FADD2");
  case Semantics::Mul:
    return pick("FMUL", "DMUL", "HMUL2|HFMA2", "FMUL2");
  case Semantics::Min:
  case Semantics::Max:
    return numOperands == 3 ? pick("FMNMX", nullptr, "HMNMX2", nullptr)
                            : nullptr;
  default:
    return nullptr;
  }
}

/// Floating-point `cvt` (9.7.9.21): every documented float-to-float form
/// that ptxas 13.0 assembles. Floors were measured with ptxas; those under
/// PTX 2.3 / sm_20, which the scan cannot reach, are the ISA's.
void addConversions(llvm::SmallVectorImpl<FormDesc> &f) {
  constexpr const char *kCvt = "9.7.9.21 cvt";
  const QualSet IRND =
      bit(Qual::RNI) | bit(Qual::RZI) | bit(Qual::RMI) | bit(Qual::RPI);
  const QualSet RNRZ = bit(Qual::RN) | bit(Qual::RZ);
  auto irnd = [&]() {
    return QualSlot{SlotKind::Rounding, IRND, false, std::nullopt};
  };
  const QualSlot SATF = opt(Qual::SatFinite);
  // cvt d, a (or d, a, b for the packing forms): d of `d`, sources of `a`.
  auto cvt = [&](const char *syntax, DataType d, DataType a,
                 llvm::SmallVector<QualSlot, 4> slots, unsigned ptx,
                 unsigned sm, llvm::SmallVector<QualFloor, 1> floors = {},
                 unsigned numSrc = 1) {
    FormDesc form = arith("cvt", syntax, d, std::move(slots), numSrc, ptx, sm,
                          Semantics::Convert, kCvt, nullptr, std::move(floors));
    form.types.push_back(a);
    for (OperandDesc &o : llvm::drop_begin(form.operands))
      o.type = a;
    f.push_back(std::move(form));
  };
  // clang-format off
  // Same type: optional rounding to an integral value.
  cvt("cvt{.irnd}{.ftz}{.sat}.f32.f32", DT::F32, DT::F32, {irnd(), FTZ, SAT}, 10, 10);
  cvt("cvt{.irnd}{.sat}.f64.f64", DT::F64, DT::F64, {irnd(), SAT}, 10, 13);
  cvt("cvt{.irnd}{.sat}.f16.f16", DT::F16, DT::F16, {irnd(), SAT}, 10, 10);
  cvt("cvt{.irnd}.bf16.bf16", DT::BF16, DT::BF16, {irnd()}, 78, 90);
  // Widening: exact, no rounding modifier.
  cvt("cvt{.ftz}{.sat}.f32.f16", DT::F32, DT::F16, {FTZ, SAT}, 10, 10);
  cvt("cvt{.ftz}{.sat}.f64.f32", DT::F64, DT::F32, {FTZ, SAT}, 10, 13);
  cvt("cvt{.sat}.f64.f16", DT::F64, DT::F16, {SAT}, 10, 13);
  cvt("cvt{.ftz}.f32.bf16", DT::F32, DT::BF16, {FTZ}, 71, 80, {{Qual::FTZ, 78, 90}});
  cvt("cvt.f64.bf16", DT::F64, DT::BF16, {}, 78, 90);
  // Narrowing: a rounding modifier is required.
  cvt("cvt.frnd{.ftz}{.sat}.f16.f32", DT::F16, DT::F32, {rnd(RND), FTZ, SAT}, 10, 10);
  cvt("cvt.frnd2{.relu}{.satfinite}.f16.f32", DT::F16, DT::F32, {rnd(RNRZ), RELU, SATF}, 10, 10,
      {{Qual::RELU, 70, 80}, {Qual::SatFinite, 81, 70}});
  f.back().variant = "relu_satfinite";
  cvt("cvt.frnd{.ftz}{.sat}.f32.f64", DT::F32, DT::F64, {rnd(RND), FTZ, SAT}, 10, 13);
  cvt("cvt.frnd{.sat}.f16.f64", DT::F16, DT::F64, {rnd(RND), SAT}, 10, 13);
  cvt("cvt.frnd{.ftz}.bf16.f32", DT::BF16, DT::F32, {rnd(RND), FTZ}, 70, 80);
  cvt("cvt.frnd2{.relu}{.satfinite}.bf16.f32", DT::BF16, DT::F32, {rnd(RNRZ), RELU, SATF}, 70, 80,
      {{Qual::SatFinite, 81, 80}});
  f.back().variant = "relu_satfinite";
  cvt("cvt.frnd.bf16.f64", DT::BF16, DT::F64, {rnd(RND)}, 78, 90);
  cvt("cvt.frnd.bf16.f16", DT::BF16, DT::F16, {rnd(RND)}, 78, 90);
  cvt("cvt.frnd.f16.bf16", DT::F16, DT::BF16, {rnd(RND)}, 78, 90);
  cvt("cvt.rna{.satfinite}.tf32.f32", DT::TF32, DT::F32, {rnd(bit(Qual::RNA)), SATF}, 70, 80,
      {{Qual::SatFinite, 81, 80}});
  cvt("cvt.frnd2{.relu}{.satfinite}.tf32.f32", DT::TF32, DT::F32, {rnd(RNRZ), RELU, SATF}, 78, 90,
      {{Qual::SatFinite, 86, 100}});
  // Packing two f32: a becomes the upper half, b the lower.
  cvt("cvt.frnd2{.relu}{.satfinite}.f16x2.f32 d, a, b", DT::F16x2, DT::F32, {rnd(RNRZ), RELU, SATF}, 70, 80,
      {{Qual::SatFinite, 81, 80}}, 2);
  cvt("cvt.frnd2{.relu}{.satfinite}.bf16x2.f32 d, a, b", DT::BF16x2, DT::F32, {rnd(RNRZ), RELU, SATF}, 70, 80,
      {{Qual::SatFinite, 81, 80}}, 2);
  // 8-bit formats (sm_89): always round to nearest and saturate to finite.
  // On sm_90 from PTX ISA 7.8, on sm_89 from 8.1.
  for (DT t : {DT::E4M3x2, DT::E5M2x2}) {
    bool e4 = t == DT::E4M3x2;
    cvt(e4 ? "cvt.rn.satfinite{.relu}.e4m3x2.f32 d, a, b" : "cvt.rn.satfinite{.relu}.e5m2x2.f32 d, a, b",
        t, DT::F32, {rnd(RN), req(Qual::SatFinite), RELU}, 78, 90, {}, 2);
    f.back().olderChips = {{89, 81}};
    cvt(e4 ? "cvt.rn.satfinite{.relu}.e4m3x2.f16x2" : "cvt.rn.satfinite{.relu}.e5m2x2.f16x2",
        t, DT::F16x2, {rnd(RN), req(Qual::SatFinite), RELU}, 78, 90);
    f.back().olderChips = {{89, 81}};
    cvt(e4 ? "cvt.rn{.relu}.f16x2.e4m3x2" : "cvt.rn{.relu}.f16x2.e5m2x2",
        DT::F16x2, t, {rnd(RN), RELU}, 78, 90);
    f.back().olderChips = {{89, 81}};
  }
  // clang-format on
  // The native SASS of each conversion on sm_90 (ptxas 13.0): F2F/F2FP for
  // the narrowing, 8-bit and widening-to-f64 forms, HADD2.F32 for f16 to f32.
  // None for same-type forms (FRND only with .rni etc., nothing or FADD.SAT
  // without), bf16 to f32 (a shift), or .rna to tf32 (integer operations).
  for (FormDesc &form : f) {
    if (form.semantics != Semantics::Convert || form.types[0] == form.types[1])
      continue;
    bool rna = form.getVocabulary() & bit(Qual::RNA);
    if (form.types[0] == DT::F32 && form.types[1] == DT::F16)
      form.sass = "HADD2";
    else if (!rna && !(form.types[0] == DT::F32 && form.types[1] == DT::BF16))
      form.sass = "F2F|F2FP";
  }
}

llvm::SmallVector<FormDesc, 0> buildForms() {
  llvm::SmallVector<FormDesc, 0> f;
  const char *fmaI = "llvm.nvvm.fma";
  // clang-format off
  // fma: every documented form (9.7.3.6, 9.7.4.4, 9.7.5.3).
  f.push_back(fma("fma.rnd{.ftz}{.sat}.f32", DT::F32, {rnd(RND), FTZ, SAT}, 20, 20, kFpFma, fmaI));
  f.push_back(fma("fma.rnd{.ftz}.f32x2", DT::F32x2, {rnd(RND), FTZ}, 86, 100, kFpFma, nullptr));
  f.push_back(fma("fma.rnd.f64", DT::F64, {rnd(RND)}, 14, 13, kFpFma, fmaI));
  f.push_back(fma("fma.rnd{.ftz}{.sat}.f16", DT::F16, {rnd(RN), FTZ, SAT}, 42, 53, kHalfFma, fmaI));
  f.push_back(fma("fma.rnd{.ftz}{.sat}.f16x2", DT::F16x2, {rnd(RN), FTZ, SAT}, 42, 53, kHalfFma, fmaI));
  f.push_back(fma("fma.rnd{.ftz}.relu.f16", DT::F16, {rnd(RN), FTZ, req(Qual::RELU)}, 70, 80, kHalfFma, fmaI));
  f.push_back(fma("fma.rnd{.ftz}.relu.f16x2", DT::F16x2, {rnd(RN), FTZ, req(Qual::RELU)}, 70, 80, kHalfFma, fmaI));
  f.push_back(fma("fma.rnd{.relu}.bf16", DT::BF16, {rnd(RN), RELU}, 70, 80, kHalfFma, fmaI));
  f.push_back(fma("fma.rnd{.relu}.bf16x2", DT::BF16x2, {rnd(RN), RELU}, 70, 80, kHalfFma, fmaI));
  f.push_back(fma("fma.rnd.oob{.relu}.f16", DT::F16, {rnd(RN), req(Qual::OOB), RELU}, 81, 90, kHalfFma, nullptr));
  f.push_back(fma("fma.rnd.oob{.relu}.f16x2", DT::F16x2, {rnd(RN), req(Qual::OOB), RELU}, 81, 90, kHalfFma, nullptr));
  f.push_back(fma("fma.rnd.oob{.relu}.bf16", DT::BF16, {rnd(RN), req(Qual::OOB), RELU}, 81, 90, kHalfFma, nullptr));
  f.push_back(fma("fma.rnd.oob{.relu}.bf16x2", DT::BF16x2, {rnd(RN), req(Qual::OOB), RELU}, 81, 90, kHalfFma, nullptr));
  f.push_back(mixedFma("fma.rnd{.sat}.f32.f16", DT::F16));
  f.push_back(mixedFma("fma.rnd{.sat}.f32.bf16", DT::BF16));

  // mad: the same instruction as fma for f32 (sm_20+) and f64.
  f.push_back(arith("mad", "mad.rnd{.ftz}{.sat}.f32", DT::F32, {rnd(RND), FTZ, SAT}, 3, 20, 20, Semantics::Fma, "9.7.3.7 Floating Point mad"));
  f.push_back(arith("mad", "mad.rnd.f64", DT::F64, {rnd(RND)}, 3, 14, 13, Semantics::Fma, "9.7.3.7 Floating Point mad"));

  addArith3(f, "add", Semantics::Add, "add{.rnd}{.ftz}{.sat}.f32", "add{.rnd}.f64",
            "add{.rnd}{.ftz}.f32x2", "add{.rnd}{.ftz}{.sat}.f16", "add{.rnd}{.ftz}{.sat}.f16x2",
            "add{.rnd}.bf16", "add{.rnd}.bf16x2",
            "9.7.3.1 Floating Point add", "9.7.4.1 Half Precision add");
  addArith3(f, "sub", Semantics::Sub, "sub{.rnd}{.ftz}{.sat}.f32", "sub{.rnd}.f64",
            "sub{.rnd}{.ftz}.f32x2", "sub{.rnd}{.ftz}{.sat}.f16", "sub{.rnd}{.ftz}{.sat}.f16x2",
            "sub{.rnd}.bf16", "sub{.rnd}.bf16x2",
            "9.7.3.2 Floating Point sub", "9.7.4.2 Half Precision sub");
  addArith3(f, "mul", Semantics::Mul, "mul{.rnd}{.ftz}{.sat}.f32", "mul{.rnd}.f64",
            "mul{.rnd}{.ftz}.f32x2", "mul{.rnd}{.ftz}{.sat}.f16", "mul{.rnd}{.ftz}{.sat}.f16x2",
            "mul{.rnd}.bf16", "mul{.rnd}.bf16x2",
            "9.7.3.3 Floating Point mul", "9.7.4.3 Half Precision mul");
  addMinMax(f, "min", Semantics::Min, "min{.ftz}{.NaN}{.xorsign.abs}.f32",
            "min{.ftz}{.NaN}{.abs}.f32 d, a, b, c", "min.f64",
            "min{.ftz}{.NaN}{.xorsign.abs}.f16", "min{.ftz}{.NaN}{.xorsign.abs}.f16x2",
            "min{.NaN}{.xorsign.abs}.bf16", "min{.NaN}{.xorsign.abs}.bf16x2",
            "9.7.3.10 Floating Point min", "9.7.4.10 Half Precision min");
  addMinMax(f, "max", Semantics::Max, "max{.ftz}{.NaN}{.xorsign.abs}.f32",
            "max{.ftz}{.NaN}{.abs}.f32 d, a, b, c", "max.f64",
            "max{.ftz}{.NaN}{.xorsign.abs}.f16", "max{.ftz}{.NaN}{.xorsign.abs}.f16x2",
            "max{.NaN}{.xorsign.abs}.bf16", "max{.NaN}{.xorsign.abs}.bf16x2",
            "9.7.3.11 Floating Point max", "9.7.4.11 Half Precision max");
  addSignOp(f, "neg", Semantics::Neg, 60, "neg{.ftz}.f32", "neg.f64", "neg{.ftz}.f16",
            "neg{.ftz}.f16x2", "neg.bf16", "neg.bf16x2",
            "9.7.3.9 Floating Point neg", "9.7.4.6 Half Precision neg");
  addSignOp(f, "abs", Semantics::Abs, 65, "abs{.ftz}.f32", "abs.f64", "abs{.ftz}.f16",
            "abs{.ftz}.f16x2", "abs.bf16", "abs.bf16x2",
            "9.7.3.8 Floating Point abs", "9.7.4.7 Half Precision abs");
  f.push_back(arith("copysign", "copysign.f32", DT::F32, {}, 2, 20, 20, Semantics::Copysign, "9.7.3.5 Floating Point copysign"));
  f.push_back(arith("copysign", "copysign.f64", DT::F64, {}, 2, 20, 20, Semantics::Copysign, "9.7.3.5 Floating Point copysign"));

  addConversions(f);

  // Data movement around register tiles.
  f.push_back(mov("mov.b16", DT::B16));
  f.push_back(mov("mov.b32", DT::B32));
  f.push_back(mov("mov.b64", DT::B64));
  f.push_back(mov("mov.f32", DT::F32));
  f.push_back(mov("mov.f64", DT::F64));
  addPackUnpack(f, DT::B32, DT::B16, 2, "mov.b32 d, {a, b}", "mov.b32 {d, e}, a", "pack", "unpack");
  addPackUnpack(f, DT::B64, DT::B32, 2, "mov.b64 d, {a, b}", "mov.b64 {d, e}, a", "pack", "unpack");
  addPackUnpack(f, DT::B64, DT::B16, 4, "mov.b64 d, {a, b, c, d}", "mov.b64 {d, e, f, g}, a", "pack4", "unpack4");
  f.push_back(mov("mov.b128", DT::B128));
  addPackUnpack(f, DT::B128, DT::B64, 2, "mov.b128 d, {a, b}", "mov.b128 {d, e}, a", "pack", "unpack");
  for (FormDesc &form : llvm::make_range(f.end() - 3, f.end())) {
    form.ptxVersion = 83; // 128-bit registers: PTX ISA 8.3, sm_70.
    form.minSm = 70;
  }
  addLoadsStores(f);
  // clang-format on
  for (FormDesc &form : f)
    if (!form.sass)
      form.sass = nativeSass(form.semantics, form.types, form.getNumOperands());
  return f;
}

const llvm::SmallVector<FormDesc, 0> &forms() {
  static const llvm::SmallVector<FormDesc, 0> kForms = buildForms();
  return kForms;
}

/// Spellings ptxas 13.0 accepts that the ISA does not document.
const RejectedSpelling kRejected[] = {
    {"fma", ".bf16", bit(Qual::RZ) | bit(Qual::RM) | bit(Qual::RP), 0,
     "'.bf16' takes only '.rn' in the PTX ISA; ptxas 13.0 accepts .rz/.rm/.rp "
     "on scalar bf16 but computes the result as f16 (wrong bits)"},
    {"fma", ".bf16x2", bit(Qual::RZ) | bit(Qual::RM) | bit(Qual::RP), 0,
     "'.bf16x2' takes only '.rn' in the PTX ISA; ptxas 13.0 accepts "
     ".rz/.rm/.rp on bf16x2 but silently ignores the rounding modifier"},
    {"fma", ".f16", 0, bit(Qual::OOB) | bit(Qual::SAT),
     "'.oob' cannot be combined with '.sat' in the PTX ISA; ptxas 13.0 accepts "
     "it but the form is undocumented (it also flushes ordinary NaN to +0)"},
    {"fma", ".f16x2", 0, bit(Qual::OOB) | bit(Qual::SAT),
     "'.oob' cannot be combined with '.sat' in the PTX ISA; ptxas 13.0 accepts "
     "it but the form is undocumented (it also flushes ordinary NaN to +0)"},
    {"st", ".b16", 0, bit(Qual::V8),
     "'.v8' is documented for 32-bit types in .global only (PTX ISA 8.8, "
     "sm_100); ptxas 13.0 also accepts st.v8.b16 in .global and .shared on "
     "sm_90, which the ISA does not document"},
    {"cvt", ".f32.bf16", kRoundingQuals, 0,
     "the PTX ISA allows no rounding modifier on a conversion that cannot "
     "lose precision; ptxas 13.0 accepts one on a bf16 source"},
    {"cvt", ".f64.bf16", kRoundingQuals, 0,
     "the PTX ISA allows no rounding modifier on a conversion that cannot "
     "lose precision; ptxas 13.0 accepts one on a bf16 source"},
    {"cvt", ".bf16.f16", 0, 0,
     "the PTX ISA requires a rounding modifier (.rn, .rz, .rm, .rp) on a "
     "conversion that can lose precision; ptxas 13.0 accepts it without one",
     /*noRounding=*/true},
    {"cvt", ".f16.bf16", 0, 0,
     "the PTX ISA requires a rounding modifier (.rn, .rz, .rm, .rp) on a "
     "conversion that can lose precision; ptxas 13.0 accepts it without one",
     /*noRounding=*/true},
};
} // namespace

llvm::ArrayRef<FormDesc> tile::ptx::getForms() { return forms(); }

llvm::ArrayRef<StringRef> tile::ptx::getMnemonics() {
  static const llvm::SmallVector<StringRef> kMnemonics = [] {
    llvm::SmallVector<StringRef> m;
    for (const FormDesc &f : forms())
      if (!llvm::is_contained(m, f.mnemonic))
        m.push_back(f.mnemonic);
    return m;
  }();
  return kMnemonics;
}

llvm::ArrayRef<RejectedSpelling> tile::ptx::getRejectedSpellings() {
  return kRejected;
}

bool FormDesc::hasDefinedNaNPayload() const {
  switch (semantics) {
  case Semantics::Fma:
  case Semantics::Add:
  case Semantics::Sub:
  case Semantics::Mul:
    return types[0] == DataType::F64;
  default:
    return false;
  }
}

QualSet FormDesc::getVocabulary() const {
  QualSet v = 0;
  for (const QualSlot &s : slots)
    v |= s.choices;
  return v;
}

unsigned FormDesc::getIndex() const { return this - forms().data(); }

//===----------------------------------------------------------------------===//
// Instr
//===----------------------------------------------------------------------===//

static std::optional<Qual> firstOf(QualSet set) {
  if (!set)
    return std::nullopt;
  return static_cast<Qual>(llvm::countr_zero(set));
}

std::optional<Instr> tile::ptx::getRegisterCopy(unsigned bits) {
  for (const FormDesc &form : getForms()) {
    if (form.semantics != Semantics::Move || *form.variant ||
        form.getTypes().size() != 1 || form.getNumOperands() != 2)
      continue;
    const DataTypeInfo &info = getInfo(form.getTypes().front());
    if (info.format != FloatFormat::None || info.lanes != 1 ||
        info.bits != bits)
      continue;
    if (llvm::any_of(form.getOperands(), [](const OperandDesc &o) {
          return o.kind != OperandKind::Register || o.atom != 1;
        }))
      continue;
    return Instr{&form, 0};
  }
  return std::nullopt;
}

std::string Instr::str() const {
  std::string s = form->mnemonic;
  for (const QualSlot &slot : form->slots)
    if (std::optional<Qual> q = firstOf(quals & slot.choices))
      s += "." + getQualName(*q).str();
  for (DataType t : form->getTypes())
    s += "." + getName(t).str();
  return s;
}

std::optional<Qual> Instr::rounding() const {
  for (const QualSlot &slot : form->slots) {
    if (slot.kind != SlotKind::Rounding)
      continue;
    if (std::optional<Qual> q = firstOf(quals & slot.choices))
      return q;
    return slot.defaultQual;
  }
  return std::nullopt;
}

unsigned Instr::getPtxVersion() const {
  unsigned v = form->ptxVersion;
  for (const QualFloor &f : form->qualFloors)
    if (has(f.qual))
      v = std::max(v, f.ptxVersion);
  return v;
}

unsigned Instr::getMinSm() const {
  unsigned v = form->minSm;
  for (const QualFloor &f : form->qualFloors)
    if (has(f.qual))
      v = std::max(v, f.minSm);
  return v;
}

std::optional<std::string> Instr::getEquivalentIntrinsic() const {
  if (!form->intrinsic)
    return std::nullopt;
  // <family>.<rnd>{.ftz}{.sat|.relu}.<f|d|f16|f16x2|bf16|bf16x2>
  std::string name = form->intrinsic;
  for (const QualSlot &slot : form->slots)
    if (std::optional<Qual> q = firstOf(quals & slot.choices))
      name += "." + getQualName(*q).str();
  DataType t = form->types[0];
  name += t == DataType::F32   ? ".f"
          : t == DataType::F64 ? ".d"
                               : "." + getName(t).str();
  return name;
}

llvm::SmallVector<QualSet> Instr::enumerate(const FormDesc &form) {
  llvm::SmallVector<QualSet> result = {0};
  for (const QualSlot &slot : form.slots) {
    llvm::SmallVector<QualSet> next;
    for (QualSet prefix : result) {
      if (!slot.required)
        next.push_back(prefix);
      for (Qual q : allQuals())
        if (slot.choices & bit(q))
          next.push_back(prefix | bit(q));
    }
    result = std::move(next);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Decoding
//===----------------------------------------------------------------------===//

/// Assigns `quals` to the slots of `form`; true when every qualifier finds a
/// slot of its own and every required slot is filled.
bool FormDesc::accepts(QualSet quals) const {
  QualSet left = quals;
  for (const QualSlot &slot : slots) {
    QualSet here = left & slot.choices;
    if (llvm::popcount(here) > 1)
      return false;
    if (!here && slot.required)
      return false;
    left &= ~here;
  }
  return left == 0;
}

static std::string typesStr(llvm::ArrayRef<DataType> types) {
  std::string s;
  for (DataType t : types)
    s += "." + getName(t).str();
  return s;
}

/// Prints a user-supplied spelling quoted, with unprintable characters
/// escaped.
static std::string quoted(StringRef text) {
  std::string s = "'";
  for (unsigned char c : text) {
    if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
      s += c;
      continue;
    }
    s += "\\";
    s += llvm::hexdigit(c >> 4, /*LowerCase=*/true);
    s += llvm::hexdigit(c & 15, /*LowerCase=*/true);
  }
  return s + "'";
}

/// Matches the qualifier whose dotted name starts at `tokens[i]`, longest
/// first; sets `width` to the number of tokens it covers.
static std::optional<Qual> matchQual(llvm::ArrayRef<StringRef> tokens, size_t i,
                                     unsigned &width) {
  std::optional<Qual> best;
  width = 0;
  for (Qual q : allQuals()) {
    llvm::SmallVector<StringRef, 2> parts;
    getQualName(q).split(parts, '.');
    if (i + parts.size() > tokens.size() || parts.size() <= width)
      continue;
    if (llvm::equal(parts, tokens.slice(i, parts.size()))) {
      best = q;
      width = parts.size();
    }
  }
  return best;
}

namespace {
/// Explains why no candidate form accepts a qualifier set.
struct Explainer {
  StringRef mnemonic;
  llvm::ArrayRef<DataType> types;
  llvm::ArrayRef<const FormDesc *> candidates;
  QualSet quals;
  std::string spelling;

  std::string family() const {
    return "'" + mnemonic.str() + typesStr(types) + "'";
  }

  const RejectedSpelling *matchRejected() const {
    for (const RejectedSpelling &r : getRejectedSpellings()) {
      if (mnemonic != r.mnemonic || typesStr(types) != r.types)
        continue;
      if ((r.anyOf && !(quals & r.anyOf)) || (quals & r.allOf) != r.allOf)
        continue;
      if (r.noRounding && (quals & kRoundingQuals))
        continue;
      return &r;
    }
    return nullptr;
  }

  /// The qualifiers the matched rejected spelling accounts for.
  QualSet rejectedQuals() const {
    const RejectedSpelling *r = matchRejected();
    return r ? (r->anyOf | r->allOf) : 0;
  }

  std::optional<std::string> rejectedSpelling() const {
    if (const RejectedSpelling *r = matchRejected())
      return spelling + " is not a documented PTX form: " + r->reason;
    return std::nullopt;
  }

  std::string explain() const {
    QualSet roundingChoices = 0, allowed = 0;
    bool roundingRequired = true, anyRounding = false;
    for (const FormDesc *f : candidates) {
      allowed |= f->getVocabulary();
      bool hasSlot = false;
      for (const QualSlot &s : f->slots) {
        if (s.kind != SlotKind::Rounding)
          continue;
        hasSlot = true;
        roundingChoices |= s.choices;
        roundingRequired &= s.required;
      }
      anyRounding |= hasSlot;
      if (!hasSlot)
        roundingRequired = false;
    }
    QualSet rounding = quals & kRoundingQuals;
    // 1. A required rounding modifier is missing (ptxas accepts some such
    //    spellings: say so).
    const RejectedSpelling *rejected = matchRejected();
    if (rejected && rejected->noRounding)
      return *rejectedSpelling();
    if (!rounding && anyRounding && roundingRequired)
      return family() + " requires a rounding modifier (one of " +
             formatQuals(roundingChoices) + "), got none in " + spelling;
    QualSet badRounding = rounding & ~roundingChoices;
    QualSet badOther = quals & ~allowed & ~kRoundingQuals;
    QualSet flags = allowed & ~kRoundingQuals;
    auto notAllowed = [&](QualSet bad) {
      return "qualifier " + formatQuals(bad) + " is not allowed for " +
             family() +
             (flags ? " (allowed: " + formatQuals(flags) + ")"
                    : " (it takes none)");
    };
    // 2. A spelling ptxas accepts but the ISA does not document, with any
    //    other qualifier the type does not take.
    if (auto r = rejectedSpelling()) {
      std::string also;
      if (QualSet other = badOther & ~rejectedQuals())
        also = "; also, " + notAllowed(other);
      return *r + also;
    }
    // 3. A rounding modifier the type does not take.
    if (badRounding)
      return "rounding modifier " + formatQuals(badRounding) +
             " is not allowed for " + family() +
             (roundingChoices
                  ? " (allowed: " + formatQuals(roundingChoices) + ")"
                  : " (it takes none)") +
             " in " + spelling;
    // 4. Another qualifier the type does not take.
    if (badOther)
      return notAllowed(badOther) + " in " + spelling;
    // 5. Two qualifiers of one slot (e.g. two rounding modifiers).
    for (const FormDesc *f : candidates)
      for (const QualSlot &s : f->slots)
        if (llvm::popcount(quals & s.choices) > 1)
          return std::string(s.kind == SlotKind::Rounding
                                 ? "multiple rounding modifiers ("
                                 : "mutually exclusive qualifiers (") +
                 formatQuals(quals & s.choices) + ") in " + spelling;
    // 6. Qualifiers that no form combines.
    for (Qual a : allQuals())
      for (Qual b : allQuals()) {
        if (a >= b || !(quals & bit(a)) || !(quals & bit(b)))
          continue;
        QualSet pair = bit(a) | bit(b);
        if (llvm::none_of(candidates, [&](const FormDesc *f) {
              return (f->getVocabulary() & pair) == pair;
            }))
          return "qualifiers " + formatQuals(pair) +
                 " cannot be combined for " + family() + " in " + spelling;
      }
    // 7. A required qualifier is missing (e.g. ld without .global).
    QualSet missing = 0;
    unsigned fewest = ~0u;
    for (const FormDesc *f : candidates) {
      QualSet m = 0;
      for (const QualSlot &s : f->slots)
        if (s.required && !(quals & s.choices))
          m |= s.choices;
      if (m && static_cast<unsigned>(llvm::popcount(m)) < fewest) {
        fewest = llvm::popcount(m);
        missing = m;
      }
    }
    if (missing)
      return family() + " requires " + formatQuals(missing) + " in " + spelling;
    return "no documented form of " + family() + " takes " +
           formatQuals(quals) + " together in " + spelling;
  }
};
} // namespace

static std::string mnemonicList() { return llvm::join(getMnemonics(), ", "); }

std::optional<Instr> tile::ptx::decode(StringRef spelling, std::string &error,
                                       const FormHint &hint) {
  error.clear();
  std::string quote = quoted(spelling);
  llvm::SmallVector<StringRef> tokens;
  spelling.split(tokens, '.', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  StringRef mnemonic = tokens.front();
  if (mnemonic.empty()) {
    error = "expected a PTX mnemonic before the first '.' in " + quote;
    return std::nullopt;
  }
  auto byMnemonic = llvm::make_filter_range(
      getForms(), [&](const FormDesc &f) { return mnemonic == f.mnemonic; });
  if (byMnemonic.empty()) {
    error = "unknown PTX instruction " + quoted(mnemonic) +
            " (the instruction table has " + mnemonicList() + ")";
    return std::nullopt;
  }
  QualSet vocabulary = 0;
  for (const FormDesc &f : byMnemonic)
    vocabulary |= f.getVocabulary();

  QualSet quals = 0;
  llvm::SmallVector<DataType, 2> types;
  for (size_t i = 1; i < tokens.size();) {
    StringRef tok = tokens[i];
    if (tok.empty()) {
      error = "empty qualifier in " + quote;
      return std::nullopt;
    }
    if (std::optional<DataType> t = lookupType(tok)) {
      types.push_back(*t);
      ++i;
      continue;
    }
    if (isOtherPtxTypeName(tok)) {
      error = "'" + mnemonic.str() + "' has no form with type '." + tok.str() +
              "' in " + quote;
      return std::nullopt;
    }
    unsigned width;
    std::optional<Qual> q = matchQual(tokens, i, width);
    if (!q) {
      error = "unknown qualifier " + quoted("." + tok.str()) + " in " + quote;
      return std::nullopt;
    }
    std::string name = "'." + getQualName(*q).str() + "'";
    if (!(vocabulary & bit(*q))) {
      error = "qualifier " + name + " is not valid for '" + mnemonic.str() +
              "' in " + quote;
      return std::nullopt;
    }
    if (!types.empty()) {
      error = "qualifier " + name + " must precede the type suffix in " + quote;
      return std::nullopt;
    }
    if (quals & bit(*q)) {
      error = "duplicate qualifier " + name + " in " + quote;
      return std::nullopt;
    }
    quals |= bit(*q);
    i += width;
  }
  if (types.empty()) {
    error = "missing type suffix in " + quote;
    return std::nullopt;
  }

  llvm::SmallVector<const FormDesc *> candidates;
  for (const FormDesc &f : byMnemonic)
    if (f.getTypes() == llvm::ArrayRef(types))
      candidates.push_back(&f);
  if (candidates.empty()) {
    std::string known;
    for (const FormDesc &f : byMnemonic) {
      std::string t = typesStr(f.getTypes());
      if (known.find("'" + t + "'") == std::string::npos)
        known += (known.empty() ? "'" : ", '") + t + "'";
    }
    error = "'" + mnemonic.str() + "' has no form with type suffix '" +
            typesStr(types) + "' in " + quote + " (documented: " + known + ")";
    return std::nullopt;
  }

  llvm::SmallVector<const FormDesc *> matching;
  for (const FormDesc *f : candidates)
    if (f->accepts(quals))
      matching.push_back(f);
  if (matching.empty()) {
    error = Explainer{mnemonic, types, candidates, quals, quote}.explain();
    return std::nullopt;
  }
  if (hint.variant) {
    for (const FormDesc *f : matching)
      if (*hint.variant == f->variant)
        return Instr{f, quals};
    std::string known;
    for (const FormDesc *f : matching)
      known += (known.empty() ? "'" : ", '") + std::string(f->variant) + "'";
    error = quote + " has no variant '" + hint.variant->str() + "' (it has " +
            known + ")";
    return std::nullopt;
  }
  auto atomsMatch = [&](const FormDesc *f) {
    if (hint.atoms.size() != f->getNumOperands())
      return false;
    for (auto [atom, op] : llvm::zip(hint.atoms, f->operands))
      if (atom != op.atom)
        return false;
    return true;
  };
  for (const FormDesc *f : matching)
    if (atomsMatch(f))
      return Instr{f, quals};
  if (hint.numOperands)
    for (const FormDesc *f : matching)
      if (f->getNumOperands() == *hint.numOperands)
        return Instr{f, quals};
  // Let the verifier report the operands against the first form.
  return Instr{matching.front(), quals};
}

bool tile::ptx::needsVariant(const Instr &instr) {
  std::string error;
  std::optional<Instr> plain = decode(instr.str(), error);
  return plain && plain->form != instr.form;
}

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

/// The chips ptxas 13.0 or LLVM 22 know, with each tool's PTX ISA floor,
/// measured by utils/check_chips.py (which the Certification tests rerun):
/// ptxas's floor is the lowest `.version` at which it assembles an empty
/// kernel for `.target <chip>` (chips older than sm_75, which it no longer
/// compiles for, assembled for sm_75 as its help allows), LLVM's the lowest
/// `+ptxNN` at which `llc -mcpu=<chip>` emits it without a fatal error.
static const ChipInfo kChips[] = {
    {"sm_20", 20, 0, 23, 32, ""},
    {"sm_21", 21, 0, 23, 32, ""},
    {"sm_30", 30, 0, 30, 32, ""},
    {"sm_32", 32, 0, 40, 40, ""},
    {"sm_35", 35, 0, 31, 32, ""},
    {"sm_37", 37, 0, 41, 41, ""},
    {"sm_50", 50, 0, 40, 40, ""},
    {"sm_52", 52, 0, 41, 41, ""},
    {"sm_53", 53, 0, 42, 42, ""},
    {"sm_60", 60, 0, 50, 50, ""},
    {"sm_61", 61, 0, 50, 50, ""},
    {"sm_62", 62, 0, 50, 50, ""},
    {"sm_70", 70, 0, 60, 60, ""},
    {"sm_72", 72, 0, 61, 61, ""},
    {"sm_75", 75, 0, 63, 63, ""},
    {"sm_80", 80, 0, 70, 70, ""},
    {"sm_86", 86, 0, 71, 71, ""},
    {"sm_87", 87, 0, 74, 74, ""},
    {"sm_88", 88, 0, 73, 90, ""},
    {"sm_89", 89, 0, 78, 78, ""},
    {"sm_90", 90, 0, 78, 78, ""},
    {"sm_90a", 90, 'a', 80, 80, ""},
    {"sm_100", 100, 0, 86, 86, ""},
    {"sm_100a", 100, 'a', 86, 86, ""},
    {"sm_100f", 100, 'f', 88, 88, ""},
    {"sm_101", 101, 0, 0, 86, "CUDA 13 renamed sm_101 to sm_110"},
    {"sm_101a", 101, 'a', 0, 86, "CUDA 13 renamed sm_101a to sm_110a"},
    {"sm_101f", 101, 'f', 0, 88, "CUDA 13 renamed sm_101f to sm_110f"},
    {"sm_103", 103, 0, 88, 88, ""},
    {"sm_103a", 103, 'a', 88, 88, ""},
    {"sm_103f", 103, 'f', 88, 88, ""},
    {"sm_110", 110, 0, 90, 90, ""},
    {"sm_110a", 110, 'a', 90, 90, ""},
    {"sm_110f", 110, 'f', 90, 90, ""},
    {"sm_120", 120, 0, 87, 87, ""},
    {"sm_120a", 120, 'a', 87, 87, ""},
    {"sm_120f", 120, 'f', 88, 88, ""},
    {"sm_121", 121, 0, 88, 88, ""},
    {"sm_121a", 121, 'a', 88, 88, ""},
    {"sm_121f", 121, 'f', 88, 88, ""},
};

/// The non-tensor fma rates of compute capability 9.0 (the Hopper
/// architecture whitepaper's throughput table, per SM and clock).
static const PeakRate kPeakRates[] = {
    {90, Semantics::Fma, DataType::F32, 128, "Hopper whitepaper"},
    {90, Semantics::Fma, DataType::F64, 64, "Hopper whitepaper"},
    {90, Semantics::Fma, DataType::F16x2, 256, "Hopper whitepaper"},
    {90, Semantics::Fma, DataType::BF16x2, 256, "Hopper whitepaper"},
};

llvm::ArrayRef<PeakRate> tile::ptx::getPeakRates() { return kPeakRates; }

llvm::ArrayRef<ChipInfo> tile::ptx::getChips() { return kChips; }

const ChipInfo *tile::ptx::lookupChip(StringRef name) {
  for (const ChipInfo &c : kChips)
    if (c.name == name)
      return &c;
  return nullptr;
}

/// The checked chips as "sm_75, sm_80, ..." (for diagnostics).
static std::string checkedChipNames() {
  std::string s;
  for (const ChipInfo &c : kChips)
    if (c.isChecked())
      s += (s.empty() ? "" : ", ") + c.name.str();
  return s;
}

/// The PTX ISA version a feature string selects, as LLVM 22's subtarget
/// parser reads it: comma-separated features (empty ones skipped), each
/// '+ptxNN' in LLVM's own spelling ('ptx' in any case, NN without leading
/// zeros or blanks); the highest one wins. 0 if there is none. Anything LLVM
/// would ignore with a warning, or read otherwise ('-ptxNN', a feature
/// without its sign), is an error: it would silently change the version.
static std::optional<unsigned> parseFeatures(StringRef features,
                                             std::string &error) {
  llvm::SmallVector<StringRef> parts;
  features.split(parts, ',', -1, /*KeepEmpty=*/false);
  unsigned version = 0;
  for (StringRef part : parts) {
    StringRef digits = part;
    bool ok = digits.consume_front("+") &&
              digits.consume_front_insensitive("ptx") && !digits.empty() &&
              digits.front() != '0' && llvm::all_of(digits, llvm::isDigit);
    unsigned v = 0;
    if (!ok || digits.getAsInteger(10, v)) {
      error = "unsupported #nvvm.target feature " + quoted(part) +
              "; only '+ptxNN' (the PTX ISA version, e.g. '+ptx80', without "
              "blanks or leading zeros) is accepted: LLVM would ignore or "
              "misread anything else";
      return std::nullopt;
    }
    version = std::max(version, v);
  }
  return version;
}

std::optional<Target> tile::ptx::resolveTarget(StringRef chip,
                                               StringRef features,
                                               bool unchecked,
                                               std::string &error) {
  std::string name = quoted(chip);
  const ChipInfo *info = lookupChip(chip);
  if (!info || !info->llvmMinPtx) {
    error = "unknown chip " + name + "; ptxas 13.0 and LLVM 22 know " +
            checkedChipNames();
    return std::nullopt;
  }
  if (!info->ptxasMinPtx && !unchecked) {
    error = "chip " + name + " is not one ptxas 13.0 knows";
    if (!info->note.empty())
      error += " (" + info->note.str() + ")";
    error += "; the 'unchecked-target' option accepts chips LLVM 22 emits "
             "for a newer ptxas";
    return std::nullopt;
  }
  unsigned floor = unchecked ? info->llvmMinPtx : info->getMinPtx();
  Target target;
  target.sm = info->sm;
  target.ptx = floor;
  if (std::optional<unsigned> v = parseFeatures(features, error))
    target.ptx = *v ? *v : floor;
  else
    return std::nullopt;
  if (!isEmittablePtxVersion(target.ptx)) {
    error = "PTX ISA " + formatPtxVersion(target.ptx) +
            " is not one LLVM 22 emits (it would silently emit another "
            "version); use one of " +
            emittablePtxVersions();
    return std::nullopt;
  }
  if (target.ptx < floor) {
    error = "PTX ISA " + formatPtxVersion(target.ptx) + " cannot target " +
            name + " (";
    if (!unchecked)
      error += "ptxas 13.0 needs " + formatPtxVersion(info->ptxasMinPtx) + ", ";
    error += "LLVM 22 needs " + formatPtxVersion(info->llvmMinPtx) + ")";
    return std::nullopt;
  }
  return target;
}

std::optional<unsigned> tile::ptx::parsePtxVersion(StringRef text) {
  text = text.trim();
  text.consume_front("+");
  text.consume_front("ptx");
  unsigned major, minor;
  auto [lhs, rhs] = text.split('.');
  if (!rhs.empty()) {
    if (lhs.getAsInteger(10, major) || rhs.getAsInteger(10, minor) || minor > 9)
      return std::nullopt;
    return major * 10 + minor;
  }
  unsigned v;
  if (text.getAsInteger(10, v) || v < 10)
    return std::nullopt;
  return v;
}

/// The +ptxNN features of LLVM 22's NVPTX backend (`llc -march=nvptx64
/// -mattr=help`).
static const unsigned kLlvmPtxVersions[] = {
    32, 40, 41, 42, 43, 50, 60, 61, 62, 63, 64, 65, 70, 71, 72, 73,
    74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90};

bool tile::ptx::isEmittablePtxVersion(unsigned ptx) {
  return llvm::is_contained(kLlvmPtxVersions, ptx);
}

std::string tile::ptx::emittablePtxVersions() {
  std::string s;
  for (unsigned v : kLlvmPtxVersions)
    s += (s.empty() ? "" : ", ") + formatPtxVersion(v);
  return s;
}

std::string tile::ptx::formatPtxVersion(unsigned v) {
  return std::to_string(v / 10) + "." + std::to_string(v % 10);
}

std::string tile::ptx::checkTarget(const Instr &instr, const Target &target) {
  unsigned sm = instr.getMinSm(), ptx = instr.getPtxVersion();
  if (target.sm < sm)
    for (auto [olderSm, olderPtx] : instr.form->olderChips)
      if (target.sm >= olderSm) {
        sm = olderSm;
        ptx = std::max(ptx, olderPtx);
        break;
      }
  if (target.sm < sm)
    return "'" + instr.str() + "' requires sm_" + std::to_string(sm) +
           " or newer, but the target is sm_" + std::to_string(target.sm);
  if (target.ptx < ptx)
    return "'" + instr.str() + "' requires PTX ISA " + formatPtxVersion(ptx) +
           ", but the target's PTX ISA is " + formatPtxVersion(target.ptx) +
           " (raise it with the '+ptx" + std::to_string(ptx) + "' feature)";
  return "";
}

//===----------------------------------------------------------------------===//
// JSON export
//===----------------------------------------------------------------------===//

static StringRef kindName(SlotKind k) {
  switch (k) {
  case SlotKind::StateSpace:
    return "state_space";
  case SlotKind::CacheOp:
    return "cache_op";
  case SlotKind::Vector:
    return "vector";
  case SlotKind::Rounding:
    return "rounding";
  case SlotKind::Flag:
    return "flag";
  }
  return "";
}

static llvm::json::Array qualArray(QualSet set) {
  llvm::json::Array a;
  for (Qual q : allQuals())
    if (set & bit(q))
      a.push_back(getQualName(q));
  return a;
}

void tile::ptx::writeJson(llvm::raw_ostream &os) {
  using llvm::json::Array;
  using llvm::json::Object;
  Object root;
  Array formats;
  for (const FloatFormatInfo &f : kFormats)
    if (f.format != FloatFormat::None)
      formats.push_back(Object{{"name", f.name},
                               {"bits", f.bits},
                               {"exp_bits", f.expBits},
                               {"precision", f.precision},
                               {"finite_only", f.finiteOnly}});
  root["formats"] = std::move(formats);
  Array typeArray;
  for (const DataTypeInfo &t : types()) {
    Array floats;
    for (FloatFormat f : t.floatContainers)
      floats.push_back(getInfo(f).name);
    Object o{{"name", t.name},
             {"bits", t.bits},
             {"lanes", t.lanes},
             {"float_containers", std::move(floats)},
             {"reg_note", t.regNote}};
    if (t.immediatePrefix) {
      o["immediate_prefix"] = t.immediatePrefix;
      // The bit pattern 1 as the lowering writes it (utils/scan_ptxas.py
      // assembles every form with it).
      o["immediate_one"] = *formatImmediate(t.type, llvm::APInt(t.bits, 1));
    }
    if (t.format != FloatFormat::None)
      o["format"] = getInfo(t.format).name;
    typeArray.push_back(std::move(o));
  }
  root["types"] = std::move(typeArray);
  Array quals;
  for (Qual q : allQuals())
    quals.push_back(getQualName(q));
  root["qualifiers"] = std::move(quals);
  Array mnemonics;
  for (StringRef m : getMnemonics())
    mnemonics.push_back(m);
  root["mnemonics"] = std::move(mnemonics);

  Array formArray;
  for (const FormDesc &f : forms()) {
    Array slots, tys, ops, floors, instances, older;
    for (auto [sm, ptx] : f.olderChips)
      older.push_back(Object{{"sm", sm}, {"ptx", ptx}});
    for (const QualSlot &s : f.slots) {
      Object o{{"kind", kindName(s.kind)},
               {"choices", qualArray(s.choices)},
               {"required", s.required}};
      if (s.defaultQual)
        o["default"] = getQualName(*s.defaultQual);
      slots.push_back(std::move(o));
    }
    for (DataType t : f.types)
      tys.push_back(getName(t));
    for (const OperandDesc &o : f.operands)
      ops.push_back(Object{
          {"name", o.name},
          {"role", o.role == OperandRole::Def ? "def" : "use"},
          {"kind", o.kind == OperandKind::Memory ? "memory" : "register"},
          {"type", getName(o.type)},
          {"atom", o.atom},
          {"space", o.space == StateSpace::Global   ? "global"
                    : o.space == StateSpace::Shared ? "shared"
                                                    : ""},
          {"distribution", o.distribution == Distribution::Thread ? "thread"
                           : o.distribution == Distribution::Warp
                               ? "warp"
                               : "warpgroup"}});
    for (const QualFloor &q : f.qualFloors)
      floors.push_back(Object{{"qualifier", getQualName(q.qual)},
                              {"ptx", q.ptxVersion},
                              {"sm", q.minSm}});
    for (QualSet qs : Instr::enumerate(f)) {
      Instr instr{&f, qs};
      Object o{{"opcode", instr.str()},
               {"ptx", instr.getPtxVersion()},
               {"sm", instr.getMinSm()},
               {"needs_variant", needsVariant(instr)}};
      if (std::optional<Qual> r = instr.rounding())
        o["rounding"] = getQualName(*r);
      o["qualifiers"] = qualArray(qs);
      if (auto intr = instr.getEquivalentIntrinsic())
        o["intrinsic"] = *intr;
      instances.push_back(std::move(o));
    }
    formArray.push_back(
        Object{{"index", f.getIndex()},
               {"mnemonic", f.mnemonic},
               {"syntax", f.syntax},
               {"slots", std::move(slots)},
               {"types", std::move(tys)},
               {"operands", std::move(ops)},
               {"ptx", f.ptxVersion},
               {"sm", f.minSm},
               {"qualifier_floors", std::move(floors)},
               {"older_chips", std::move(older)},
               {"semantics", getName(f.semantics)},
               {"nan_payload_defined", f.hasDefinedNaNPayload()},
               {"doc", f.docRef},
               {"variant", f.variant},
               {"sass", f.sass ? llvm::json::Value(f.sass)
                               : llvm::json::Value(nullptr)},
               {"instances", std::move(instances)}});
  }
  root["forms"] = std::move(formArray);
  Array rejected;
  for (const RejectedSpelling &r : kRejected)
    rejected.push_back(Object{{"mnemonic", r.mnemonic},
                              {"types", r.types},
                              {"any_of", qualArray(r.anyOf)},
                              {"all_of", qualArray(r.allOf)},
                              {"reason", r.reason}});
  root["rejected"] = std::move(rejected);
  Array chips;
  for (const ChipInfo &c : kChips)
    chips.push_back(Object{{"name", c.name},
                           {"sm", c.sm},
                           {"suffix", c.suffix ? std::string(1, c.suffix) : ""},
                           {"ptxas_min_ptx", c.ptxasMinPtx},
                           {"llvm_min_ptx", c.llvmMinPtx},
                           {"checked", c.isChecked()},
                           {"min_ptx", c.getMinPtx()}});
  root["chips"] = std::move(chips);
  Array rates;
  for (const PeakRate &r : kPeakRates)
    rates.push_back(Object{{"sm", r.sm},
                           {"semantics", getName(r.semantics)},
                           {"type", getName(r.type)},
                           {"lanes_per_clock", r.lanesPerClock},
                           {"source", r.source}});
  root["peak_rates"] = std::move(rates);
  Array emittable;
  for (unsigned v : kLlvmPtxVersions)
    emittable.push_back(v);
  root["llvm_ptx_versions"] = std::move(emittable);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
}
