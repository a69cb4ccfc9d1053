//===- InstrTable.cpp - The table of PTX instruction knowledge ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Facts are from the PTX ISA 9.1 documentation, checked against ptxas 13.0
// (see shared/docs/PTX-FMA.md, table 1.1, for every fma row).
//
//===----------------------------------------------------------------------===//

#include "tile/Ptx/InstrTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/raw_ostream.h"

using namespace tile::ptx;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Data types
//===----------------------------------------------------------------------===//

static const DataTypeInfo kTypes[] = {
    {DataType::F32, "f32", 32, 1, FK_F32, ".f32 or .b32"},
    {DataType::F64, "f64", 64, 1, FK_F64, ".f64 or .b64"},
    {DataType::F16, "f16", 16, 1, FK_F16, ".f16 or .b16"},
    {DataType::BF16, "bf16", 16, 1, FK_BF16, ".b16 only"},
    {DataType::F16x2, "f16x2", 32, 2, FK_None, ".b32 or .f16x2"},
    {DataType::BF16x2, "bf16x2", 32, 2, FK_None, ".b32 only"},
    {DataType::F32x2, "f32x2", 64, 2, FK_None, ".b64 only"},
    {DataType::B16, "b16", 16, 1, FK_F16 | FK_BF16, "any 16-bit register"},
    {DataType::B32, "b32", 32, 1, FK_F32, "any 32-bit register"},
    {DataType::B64, "b64", 64, 1, FK_F64, "any 64-bit register"},
};

const DataTypeInfo &tile::ptx::getInfo(DataType type) {
  return kTypes[static_cast<unsigned>(type)];
}

StringRef tile::ptx::getName(DataType type) { return getInfo(type).name; }

static std::optional<DataType> lookupType(StringRef name) {
  for (const DataTypeInfo &info : kTypes)
    if (name == info.name)
      return info.type;
  return std::nullopt;
}

/// PTX type names that exist in the ISA but have no form in the table; they
/// are recognised so that "fma.rn.s32" reports a type error, not an unknown
/// qualifier.
static bool isOtherPtxTypeName(StringRef name) {
  return llvm::is_contained(
      {"b8",      "b128",   "u8",     "u16",    "u32",    "u64",    "s8",
       "s16",     "s32",    "s64",    "tf32",   "e4m3",   "e5m2",   "e4m3x2",
       "e5m2x2",  "e4m3x4", "e5m2x4", "e2m1x2", "e2m1x4", "e2m3x2", "e3m2x2",
       "ue8m0x2", "f64x2",  "f16x4",  "bf16x4", "u16x2",  "s16x2",  "pred"},
      name);
}

//===----------------------------------------------------------------------===//
// Qualifiers
//===----------------------------------------------------------------------===//

StringRef tile::ptx::getQualName(Qual q) {
  switch (q) {
  case Q_Global:
    return "global";
  case Q_V2:
    return "v2";
  case Q_V4:
    return "v4";
  case Q_RN:
    return "rn";
  case Q_RZ:
    return "rz";
  case Q_RM:
    return "rm";
  case Q_RP:
    return "rp";
  case Q_FTZ:
    return "ftz";
  case Q_OOB:
    return "oob";
  case Q_SAT:
    return "sat";
  case Q_RELU:
    return "relu";
  case Q_None:
    break;
  }
  return "";
}

static std::optional<Qual> lookupQual(StringRef name) {
  for (uint32_t bit = 1; bit <= Q_Last; bit <<= 1)
    if (getQualName(static_cast<Qual>(bit)) == name)
      return static_cast<Qual>(bit);
  return std::nullopt;
}

std::string tile::ptx::formatQuals(QualMask mask) {
  std::string s;
  for (uint32_t bit = 1; bit <= Q_Last; bit <<= 1) {
    if (!(mask & bit))
      continue;
    if (!s.empty())
      s += ", ";
    s += ".";
    s += getQualName(static_cast<Qual>(bit)).str();
  }
  return s;
}

//===----------------------------------------------------------------------===//
// The forms
//===----------------------------------------------------------------------===//

namespace {
constexpr OperandDesc reg(const char *name, OperandRole role, DataType t,
                          unsigned atom = 1) {
  return {name, role, OperandKind::Register, t, atom};
}
constexpr OperandDesc mem(const char *name, OperandRole role, DataType t,
                          unsigned atom = 1) {
  return {name, role, OperandKind::GlobalMemory, t, atom};
}
constexpr OperandRole Def = OperandRole::Def;
constexpr OperandRole Use = OperandRole::Use;

constexpr const char *kFpFma = "9.7.3.6 Floating Point fma";
constexpr const char *kHalfFma = "9.7.4.4 Half Precision fma";
constexpr const char *kMixedFma = "9.7.5.3 Mixed Precision fma";
constexpr const char *kMov = "9.7.9.3 mov";
constexpr const char *kLd = "9.7.9.8 ld";
constexpr const char *kSt = "9.7.9.11 st";

/// An fma form: d and c of type `dc`, a and b of type `ab` (the same type
/// except for mixed precision), a required rounding modifier.
constexpr FormDesc fmaForm(const char *syntax, DataType dc, DataType ab,
                           QualMask rounding, QualMask required,
                           QualMask optional, unsigned ptx, unsigned sm,
                           const char *ref, bool intrinsic) {
  return {"fma",
          syntax,
          {dc, ab},
          dc == ab ? 1u : 2u,
          rounding,
          /*roundingRequired=*/true,
          required,
          optional,
          {reg("d", Def, dc), reg("a", Use, ab), reg("b", Use, ab),
           reg("c", Use, dc)},
          4,
          ptx,
          sm,
          Semantics::Fma,
          ref,
          intrinsic};
}

constexpr FormDesc fma(const char *syntax, DataType t, QualMask rounding,
                       QualMask required, QualMask optional, unsigned ptx,
                       unsigned sm, const char *ref, bool intrinsic) {
  return fmaForm(syntax, t, t, rounding, required, optional, ptx, sm, ref,
                 intrinsic);
}

/// Mixed precision: d, c in f32; a, b in `ab` (PTX ISA 8.6, sm_100).
constexpr FormDesc mixedFma(const char *syntax, DataType ab) {
  return fmaForm(syntax, DataType::F32, ab, kRoundingQuals, Q_None, Q_SAT, 86,
                 100, kMixedFma, false);
}

/// A data-movement form of one type with two operands (PTX 1.0, sm_10).
constexpr FormDesc move(const char *mnemonic, const char *syntax, DataType t,
                        QualMask required, OperandDesc first,
                        OperandDesc second, Semantics semantics,
                        const char *ref) {
  return {mnemonic, syntax,          {t, t}, 1,  Q_None, false,     required,
          Q_None,   {first, second}, 2,      10, 10,     semantics, ref,
          false};
}

constexpr FormDesc mov(const char *syntax, DataType t) {
  return move("mov", syntax, t, Q_None, reg("d", Def, t), reg("a", Use, t),
              Semantics::Move, kMov);
}

constexpr FormDesc ld(const char *syntax, DataType t, QualMask vec,
                      unsigned n) {
  return move("ld", syntax, t, Q_Global | vec, reg("d", Def, t, n),
              mem("a", Use, t, n), Semantics::Load, kLd);
}

constexpr FormDesc st(const char *syntax, DataType t, QualMask vec,
                      unsigned n) {
  return move("st", syntax, t, Q_Global | vec, mem("a", Def, t, n),
              reg("b", Use, t, n), Semantics::Store, kSt);
}

using DT = DataType;
constexpr QualMask RN = Q_RN;
constexpr QualMask RND = kRoundingQuals;

// clang-format off
const FormDesc kForms[] = {
  // PTX-FMA.md table 1.1, rows 1-11.
  fma("fma.rnd{.ftz}{.sat}.f32", DT::F32, RND, Q_None, Q_FTZ | Q_SAT, 20, 20, kFpFma, true),
  fma("fma.rnd{.ftz}.f32x2", DT::F32x2, RND, Q_None, Q_FTZ, 86, 100, kFpFma, false),
  fma("fma.rnd.f64", DT::F64, RND, Q_None, Q_None, 14, 13, kFpFma, true),
  fma("fma.rnd{.ftz}{.sat}.f16", DT::F16, RN, Q_None, Q_FTZ | Q_SAT, 42, 53, kHalfFma, true),
  fma("fma.rnd{.ftz}{.sat}.f16x2", DT::F16x2, RN, Q_None, Q_FTZ | Q_SAT, 42, 53, kHalfFma, true),
  fma("fma.rnd{.ftz}.relu.f16", DT::F16, RN, Q_RELU, Q_FTZ, 70, 80, kHalfFma, true),
  fma("fma.rnd{.ftz}.relu.f16x2", DT::F16x2, RN, Q_RELU, Q_FTZ, 70, 80, kHalfFma, true),
  fma("fma.rnd{.relu}.bf16", DT::BF16, RN, Q_None, Q_RELU, 70, 80, kHalfFma, true),
  fma("fma.rnd{.relu}.bf16x2", DT::BF16x2, RN, Q_None, Q_RELU, 70, 80, kHalfFma, true),
  fma("fma.rnd.oob{.relu}.f16", DT::F16, RN, Q_OOB, Q_RELU, 81, 90, kHalfFma, false),
  fma("fma.rnd.oob{.relu}.f16x2", DT::F16x2, RN, Q_OOB, Q_RELU, 81, 90, kHalfFma, false),
  fma("fma.rnd.oob{.relu}.bf16", DT::BF16, RN, Q_OOB, Q_RELU, 81, 90, kHalfFma, false),
  fma("fma.rnd.oob{.relu}.bf16x2", DT::BF16x2, RN, Q_OOB, Q_RELU, 81, 90, kHalfFma, false),
  mixedFma("fma.rnd{.sat}.f32.f16", DT::F16),
  mixedFma("fma.rnd{.sat}.f32.bf16", DT::BF16),

  // Data movement used around register tiles.
  mov("mov.b16", DT::B16),
  mov("mov.b32", DT::B32),
  mov("mov.b64", DT::B64),
  mov("mov.f32", DT::F32),
  mov("mov.f64", DT::F64),
  ld("ld.global.b16", DT::B16, Q_None, 1),
  ld("ld.global.b32", DT::B32, Q_None, 1),
  ld("ld.global.b64", DT::B64, Q_None, 1),
  ld("ld.global.f32", DT::F32, Q_None, 1),
  ld("ld.global.f64", DT::F64, Q_None, 1),
  ld("ld.global.v2.f32", DT::F32, Q_V2, 2),
  ld("ld.global.v4.f32", DT::F32, Q_V4, 4),
  st("st.global.b16", DT::B16, Q_None, 1),
  st("st.global.b32", DT::B32, Q_None, 1),
  st("st.global.b64", DT::B64, Q_None, 1),
  st("st.global.f32", DT::F32, Q_None, 1),
  st("st.global.f64", DT::F64, Q_None, 1),
  st("st.global.v2.f32", DT::F32, Q_V2, 2),
  st("st.global.v4.f32", DT::F32, Q_V4, 4),
};

/// Spellings ptxas 13.0 accepts that the ISA does not document
/// (PTX-FMA.md section 1.3).
const RejectedSpelling kRejected[] = {
  {"fma", DT::BF16, Q_RZ | Q_RM | Q_RP, Q_None,
   "'.bf16' takes only '.rn' in the PTX ISA; ptxas 13.0 accepts .rz/.rm/.rp "
   "on scalar bf16 but computes the result as f16 (wrong bits)"},
  {"fma", DT::BF16x2, Q_RZ | Q_RM | Q_RP, Q_None,
   "'.bf16x2' takes only '.rn' in the PTX ISA; ptxas 13.0 accepts "
   ".rz/.rm/.rp on bf16x2 but silently ignores the rounding modifier"},
  {"fma", DT::F16, Q_None, Q_OOB | Q_SAT,
   "'.oob' cannot be combined with '.sat' in the PTX ISA; ptxas 13.0 accepts "
   "it but the form is undocumented (it also flushes ordinary NaN to +0)"},
  {"fma", DT::F16x2, Q_None, Q_OOB | Q_SAT,
   "'.oob' cannot be combined with '.sat' in the PTX ISA; ptxas 13.0 accepts "
   "it but the form is undocumented (it also flushes ordinary NaN to +0)"},
};
// clang-format on
} // namespace

llvm::ArrayRef<FormDesc> tile::ptx::getForms() { return kForms; }
llvm::ArrayRef<RejectedSpelling> tile::ptx::getRejectedSpellings() {
  return kRejected;
}

//===----------------------------------------------------------------------===//
// Instr
//===----------------------------------------------------------------------===//

std::string Instr::str() const {
  std::string s = form->mnemonic;
  for (uint32_t bit = 1; bit <= Q_Last; bit <<= 1)
    if (quals & bit)
      s += "." + getQualName(static_cast<Qual>(bit)).str();
  for (DataType t : form->getTypes())
    s += "." + getName(t).str();
  return s;
}

Qual Instr::rounding() const {
  QualMask r = quals & kRoundingQuals;
  return static_cast<Qual>(r);
}

std::optional<std::string> Instr::getEquivalentIntrinsic() const {
  if (!form->hasIntrinsic)
    return std::nullopt;
  // llvm.nvvm.fma.<rnd>{.ftz}{.sat|.relu}.<f|d|f16|f16x2|bf16|bf16x2>
  std::string name = "llvm.nvvm." + std::string(form->mnemonic);
  for (uint32_t bit = 1; bit <= Q_Last; bit <<= 1)
    if (quals & bit)
      name += "." + getQualName(static_cast<Qual>(bit)).str();
  DataType t = form->types[0];
  name += t == DataType::F32   ? ".f"
          : t == DataType::F64 ? ".d"
                               : "." + getName(t).str();
  return name;
}

//===----------------------------------------------------------------------===//
// Decoding
//===----------------------------------------------------------------------===//

static bool sameTypes(const FormDesc &f, llvm::ArrayRef<DataType> types) {
  return f.getTypes() == types;
}

static bool accepts(const FormDesc &f, QualMask rounding, QualMask flags) {
  if (rounding ? !(f.rounding & rounding) : f.roundingRequired)
    return false;
  return (f.required & ~flags) == 0 &&
         (flags & ~(f.required | f.optional)) == 0;
}

static std::string typesStr(llvm::ArrayRef<DataType> types) {
  std::string s;
  for (DataType t : types)
    s += "." + getName(t).str();
  return s;
}

std::optional<Instr> tile::ptx::decode(StringRef spelling, std::string &error) {
  error.clear();
  llvm::SmallVector<StringRef> tokens;
  spelling.split(tokens, '.', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  StringRef mnemonic = tokens.front();
  auto quote = [&]() { return "'" + spelling.str() + "'"; };

  auto byMnemonic = llvm::make_filter_range(
      getForms(), [&](const FormDesc &f) { return mnemonic == f.mnemonic; });
  if (byMnemonic.empty()) {
    error = "unknown PTX instruction '" + mnemonic.str() +
            "' (the instruction table has fma, ld, st, mov)";
    return std::nullopt;
  }
  QualMask vocabulary = 0;
  for (const FormDesc &f : byMnemonic)
    vocabulary |= f.rounding | f.required | f.optional;

  QualMask rounding = 0, flags = 0;
  llvm::SmallVector<DataType, 2> types;
  for (StringRef tok : llvm::drop_begin(tokens)) {
    if (tok.empty()) {
      error = "empty qualifier in " + quote();
      return std::nullopt;
    }
    if (std::optional<DataType> t = lookupType(tok)) {
      types.push_back(*t);
      continue;
    }
    if (isOtherPtxTypeName(tok)) {
      error = "'" + mnemonic.str() + "' has no form with type '." + tok.str() +
              "' in " + quote();
      return std::nullopt;
    }
    std::optional<Qual> q = lookupQual(tok);
    if (!q) {
      error = "unknown qualifier '." + tok.str() + "' in " + quote();
      return std::nullopt;
    }
    if (!(vocabulary & *q)) {
      error = "qualifier '." + tok.str() + "' is not valid for '" +
              mnemonic.str() + "' in " + quote();
      return std::nullopt;
    }
    if (!types.empty()) {
      error = "qualifier '." + tok.str() +
              "' must precede the type suffix in " + quote();
      return std::nullopt;
    }
    if ((rounding | flags) & *q) {
      error = "duplicate qualifier '." + tok.str() + "' in " + quote();
      return std::nullopt;
    }
    if (*q & kRoundingQuals) {
      if (rounding) {
        error = "multiple rounding modifiers (" + formatQuals(rounding | *q) +
                ") in " + quote();
        return std::nullopt;
      }
      rounding = *q;
    } else {
      flags |= *q;
    }
  }
  if (types.empty()) {
    error = "missing type suffix in " + quote();
    return std::nullopt;
  }

  llvm::SmallVector<const FormDesc *> candidates;
  for (const FormDesc &f : byMnemonic)
    if (sameTypes(f, types))
      candidates.push_back(&f);
  if (candidates.empty()) {
    std::string known;
    for (const FormDesc &f : byMnemonic) {
      std::string t = typesStr(f.getTypes());
      if (known.find("'" + t + "'") == std::string::npos)
        known += (known.empty() ? "'" : ", '") + t + "'";
    }
    error = "'" + mnemonic.str() + "' has no form with type suffix '" +
            typesStr(types) + "' in " + quote() + " (documented: " + known +
            ")";
    return std::nullopt;
  }

  for (const FormDesc *f : candidates)
    if (accepts(*f, rounding, flags))
      return Instr{f, rounding | flags};

  // No documented form matched: explain why, most specific rule first.
  QualMask all = rounding | flags;
  for (const RejectedSpelling &r : getRejectedSpellings()) {
    if (mnemonic != r.mnemonic || types.size() != 1 || types[0] != r.type)
      continue;
    if ((r.anyOf && !(all & r.anyOf)) || (all & r.allOf) != r.allOf)
      continue;
    error = quote() + " is not a documented PTX form: " + r.reason;
    return std::nullopt;
  }
  QualMask allowedRounding = 0, allowedFlags = 0;
  bool roundingRequired = true;
  for (const FormDesc *f : candidates) {
    allowedRounding |= f->rounding;
    allowedFlags |= f->required | f->optional;
    roundingRequired &= f->roundingRequired;
  }
  std::string family = "'" + mnemonic.str() + typesStr(types) + "'";
  if (!rounding && roundingRequired && allowedRounding) {
    error = family + " requires a rounding modifier (one of " +
            formatQuals(allowedRounding) + "), got none in " + quote();
    return std::nullopt;
  }
  if (rounding && !(allowedRounding & rounding)) {
    error =
        "rounding modifier " + formatQuals(rounding) + " is not allowed for " +
        family +
        (allowedRounding ? " (allowed: " + formatQuals(allowedRounding) + ")"
                         : " (it takes none)") +
        " in " + quote();
    return std::nullopt;
  }
  if (QualMask bad = flags & ~allowedFlags) {
    error = "qualifier " + formatQuals(bad) + " is not allowed for " + family +
            (allowedFlags ? " (allowed: " + formatQuals(allowedFlags) + ")"
                          : " (it takes none)") +
            " in " + quote();
    return std::nullopt;
  }
  // Every qualifier is allowed somewhere: find a pair that no form combines.
  for (uint32_t a = 1; a <= Q_Last; a <<= 1) {
    for (uint32_t b = a << 1; b <= Q_Last; b <<= 1) {
      if (!(flags & a) || !(flags & b))
        continue;
      bool together = llvm::any_of(candidates, [&](const FormDesc *f) {
        return ((f->required | f->optional) & (a | b)) == (a | b);
      });
      if (!together) {
        error = "qualifiers " + formatQuals(a | b) +
                " cannot be combined for " + family + " in " + quote();
        return std::nullopt;
      }
    }
  }
  // A form needs a qualifier that is missing (e.g. ld without .global).
  QualMask missing = 0;
  unsigned fewest = ~0u;
  for (const FormDesc *f : candidates) {
    QualMask m = f->required & ~flags;
    if (m && static_cast<unsigned>(llvm::popcount(m)) < fewest) {
      fewest = llvm::popcount(m);
      missing = m;
    }
  }
  error = family + " requires " + formatQuals(missing) + " in " + quote();
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

std::optional<unsigned> tile::ptx::parseChip(StringRef chip) {
  if (!chip.consume_front("sm_"))
    return std::nullopt;
  // Accept the arch-specific ("a") and family ("f") suffixes.
  if (chip.ends_with("a") || chip.ends_with("f"))
    chip = chip.drop_back();
  unsigned sm;
  if (chip.getAsInteger(10, sm) || sm < 10)
    return std::nullopt;
  return sm;
}

unsigned tile::ptx::getMinPtxForSm(unsigned sm) {
  // PTX-FMA.md appendix B (ptxas 13.0, non-suffixed targets).
  static const std::pair<unsigned, unsigned> kMin[] = {
      {10, 10},  {11, 10},  {12, 12}, {13, 12}, {20, 20},  {21, 20},  {30, 30},
      {32, 40},  {35, 31},  {37, 41}, {50, 40}, {52, 41},  {53, 42},  {60, 50},
      {61, 50},  {62, 50},  {70, 60}, {72, 61}, {75, 63},  {80, 70},  {86, 71},
      {87, 74},  {88, 73},  {89, 78}, {90, 78}, {100, 86}, {101, 86}, {103, 88},
      {110, 90}, {120, 87}, {121, 88}};
  for (auto [s, p] : kMin)
    if (s == sm)
      return p;
  return 0;
}

std::optional<unsigned> tile::ptx::parsePtxFeature(StringRef features) {
  llvm::SmallVector<StringRef> parts;
  features.split(parts, ',', -1, false);
  std::optional<unsigned> result;
  for (StringRef p : parts) {
    p = p.trim();
    if (!p.consume_front("+ptx"))
      continue;
    unsigned v;
    if (!p.getAsInteger(10, v))
      result = v;
  }
  return result;
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

std::string tile::ptx::formatPtxVersion(unsigned v) {
  return std::to_string(v / 10) + "." + std::to_string(v % 10);
}

std::string tile::ptx::checkTarget(const Instr &instr, const Target &target) {
  const FormDesc &f = *instr.form;
  if (target.sm < f.minSm)
    return "'" + instr.str() + "' requires sm_" + std::to_string(f.minSm) +
           " or newer, but the target is sm_" + std::to_string(target.sm);
  if (target.ptx < f.ptxVersion)
    return "'" + instr.str() + "' requires PTX ISA " +
           formatPtxVersion(f.ptxVersion) + ", but the target's PTX ISA is " +
           formatPtxVersion(target.ptx) + " (raise it with the '+ptx" +
           std::to_string(f.ptxVersion) + "' feature)";
  return "";
}
