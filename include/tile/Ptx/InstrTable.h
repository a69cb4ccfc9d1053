//===- InstrTable.h - The table of PTX instruction knowledge ----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The single source of instruction knowledge of tile-mlir. Every PTX form the
/// project can emit is one `FormDesc` row: its mnemonic, type suffixes,
/// qualifier slots, operands (role, register type, atom extent), the PTX ISA
/// version and SM floor, and the NVVM intrinsic that provably emits the same
/// instruction. The opcode parser, the verifier, the lowering, the reference
/// semantics and the generated documentation all read these rows; adding an
/// instruction family is adding rows here (plus tests).
///
/// This library depends on LLVM Support only, so runtimes, reference
/// implementations and documentation generators can use it without MLIR.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_INSTRTABLE_H
#define TILE_PTX_INSTRTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tile {
namespace ptx {

/// PTX data types that can appear as an instruction type suffix.
enum class DataType : uint8_t {
  F32,
  F64,
  F16,
  BF16,
  F16x2,
  BF16x2,
  F32x2,
  B16,
  B32,
  B64,
};

/// Native (non-packed) floating-point interpretations that a register
/// container of a data type may have, as a bit mask. A container of the same
/// bit width with an integer type is always accepted (PTX bit-size types are
/// compatible with every type of the same size).
enum FloatKind : uint8_t {
  FK_None = 0,
  FK_F16 = 1 << 0,
  FK_BF16 = 1 << 1,
  FK_F32 = 1 << 2,
  FK_F64 = 1 << 3,
};

/// Static facts about a data type.
struct DataTypeInfo {
  DataType type;
  const char *name;    ///< PTX spelling without the dot, e.g. "f16x2".
  unsigned bits;       ///< Width of one register container.
  unsigned lanes;      ///< Packed lanes per container (1 if not packed).
  uint8_t floatKinds;  ///< Accepted float container types (FloatKind mask).
  const char *regNote; ///< What PTX register types are accepted, for docs.
};

const DataTypeInfo &getInfo(DataType type);
llvm::StringRef getName(DataType type);

/// Qualifier tokens, declared in canonical print order.
enum Qual : uint32_t {
  Q_None = 0,
  Q_Global = 1u << 0,
  Q_V2 = 1u << 1,
  Q_V4 = 1u << 2,
  Q_RN = 1u << 3,
  Q_RZ = 1u << 4,
  Q_RM = 1u << 5,
  Q_RP = 1u << 6,
  Q_FTZ = 1u << 7,
  Q_OOB = 1u << 8,
  Q_SAT = 1u << 9,
  Q_RELU = 1u << 10,
  Q_Last = Q_RELU,
};
using QualMask = uint32_t;
constexpr QualMask kRoundingQuals = Q_RN | Q_RZ | Q_RM | Q_RP;

/// PTX spelling of a single qualifier bit, without the dot.
llvm::StringRef getQualName(Qual q);
/// Renders a mask as ".a, .b" (for diagnostics).
std::string formatQuals(QualMask mask);

/// Whether an operand is read or written by the instruction.
enum class OperandRole : uint8_t { Def, Use };
/// Where an operand lives.
enum class OperandKind : uint8_t {
  Register,     ///< A register of the issuing thread.
  GlobalMemory, ///< An address in the global state space.
};

/// One operand slot of a form, in the instruction's own order.
struct OperandDesc {
  const char *name;
  OperandRole role;
  OperandKind kind;
  DataType type;
  /// Atom extent: native registers bound (register operand) or elements moved
  /// (memory operand) by one instruction.
  unsigned atom;
};

/// What the instruction computes, for reference semantics and lowering.
enum class Semantics : uint8_t { Fma, Load, Store, Move };

constexpr unsigned kMaxOperands = 4;
constexpr unsigned kMaxTypes = 2;

/// One documented PTX syntax shape.
struct FormDesc {
  const char *mnemonic;
  /// The documented syntax line, e.g. "fma.rnd{.ftz}{.sat}.f32".
  const char *syntax;
  DataType types[kMaxTypes];
  unsigned numTypes;
  /// Allowed rounding modifiers, and whether one is required.
  QualMask rounding;
  bool roundingRequired;
  /// Non-rounding qualifiers that must / may appear.
  QualMask required;
  QualMask optional;
  OperandDesc operands[kMaxOperands];
  unsigned numOperands;
  /// PTX ISA version as major*10+minor (e.g. 81 for 8.1).
  unsigned ptxVersion;
  /// Minimum SM (e.g. 90 for sm_90).
  unsigned minSm;
  Semantics semantics;
  /// PTX ISA section that documents the form.
  const char *docRef;
  /// Whether the NVVM intrinsic named by `getEquivalentIntrinsic` exists in
  /// LLVM 22 and emits exactly this form (checked by a PTX test per case).
  bool hasIntrinsic;

  llvm::ArrayRef<DataType> getTypes() const { return {types, numTypes}; }
  llvm::ArrayRef<OperandDesc> getOperands() const {
    return {operands, numOperands};
  }
};

/// All forms, in documentation order.
llvm::ArrayRef<FormDesc> getForms();

/// A spelling that ptxas accepts but the PTX ISA does not document, with the
/// reason we reject it.
struct RejectedSpelling {
  const char *mnemonic;
  DataType type;
  /// The spelling is matched if it has any of `anyOf` (or `anyOf` is empty)
  /// and all of `allOf`.
  QualMask anyOf;
  QualMask allOf;
  const char *reason;
};
llvm::ArrayRef<RejectedSpelling> getRejectedSpellings();

/// A decoded opcode: the matched form plus the qualifiers used.
struct Instr {
  const FormDesc *form = nullptr;
  QualMask quals = 0;

  /// The opcode in canonical qualifier order, e.g. "fma.rn.ftz.sat.f32".
  std::string str() const;
  bool has(Qual q) const { return quals & q; }
  /// The rounding modifier used, or Q_None.
  Qual rounding() const;
  /// The NVVM intrinsic that emits exactly this instruction, if any.
  std::optional<std::string> getEquivalentIntrinsic() const;
};

/// Decodes `spelling` (e.g. "fma.sat.rn.f32"). On failure returns nullopt and
/// sets `error` to a message that names the rule and what it saw.
std::optional<Instr> decode(llvm::StringRef spelling, std::string &error);

/// A compilation target: SM number and PTX ISA version (major*10+minor).
struct Target {
  unsigned sm = 0;
  unsigned ptx = 0;
};

/// Parses "sm_90", "sm_90a", "sm_100f" into the SM number.
std::optional<unsigned> parseChip(llvm::StringRef chip);
/// Lowest PTX ISA version ptxas 13.0 accepts for an SM (0 if unknown).
unsigned getMinPtxForSm(unsigned sm);
/// Parses a "+ptx80"-style feature list; returns nullopt if it names none.
std::optional<unsigned> parsePtxFeature(llvm::StringRef features);
/// Parses a PTX ISA version written "80", "8.0", "ptx80" or "+ptx80" into
/// major*10+minor; nullopt if it is none of those.
std::optional<unsigned> parsePtxVersion(llvm::StringRef text);
/// Highest PTX ISA version the project knows.
constexpr unsigned kMaxKnownPtx = 91;

/// Checks `instr` against `target`; returns an error message or empty.
std::string checkTarget(const Instr &instr, const Target &target);

/// Renders "8.1" for 81.
std::string formatPtxVersion(unsigned v);

} // namespace ptx
} // namespace tile

#endif // TILE_PTX_INSTRTABLE_H
