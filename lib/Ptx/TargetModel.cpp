//===- TargetModel.cpp - Chips, PTX ISA versions and targets --------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The target model: chip names and PTX ISA versions (the facts come from
/// the records of include/tile/Ptx/Targets.td) resolved into targets, and
/// each instruction checked against one.
///
//===----------------------------------------------------------------------===//

#include "TableImpl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace tile::ptx;
using llvm::StringRef;
using tile::ptx::detail::quoted;

const ChipInfo *tile::ptx::lookupChip(StringRef name) {
  for (const ChipInfo &c : getChips())
    if (c.name == name)
      return &c;
  return nullptr;
}

/// The checked chips as "sm_75, sm_80, ..." (for diagnostics).
static std::string checkedChipNames() {
  std::string s;
  for (const ChipInfo &c : getChips())
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
  target.chip = info->name;
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

bool tile::ptx::isEmittablePtxVersion(unsigned ptx) {
  return llvm::is_contained(detail::getEmittablePtxVersions(), ptx);
}

std::string tile::ptx::emittablePtxVersions() {
  std::string s;
  for (unsigned v : detail::getEmittablePtxVersions())
    s += (s.empty() ? "" : ", ") + formatPtxVersion(v);
  return s;
}

std::string tile::ptx::formatPtxVersion(unsigned v) {
  return std::to_string(v / 10) + "." + std::to_string(v % 10);
}

/// "sm_100a or sm_103a" for the form's arch-specific chips.
static std::string archChipList(const FormDesc &form) {
  std::string s;
  for (auto [i, chip] : llvm::enumerate(form.archChips))
    s += std::string(i == 0                           ? ""
                     : i + 1 == form.archChips.size() ? " or "
                                                      : ", ") +
         chip;
  return s;
}

std::string tile::ptx::checkTarget(const Instr &instr, const Target &target) {
  unsigned sm = instr.getMinSm(), ptx = instr.getPtxVersion();
  // A form of arch- or family-specific chips exists on those alone: not on
  // another chip of the same SM, nor on a newer one.
  if (!instr.form->archChips.empty() &&
      llvm::none_of(instr.form->archChips,
                    [&](const char *c) { return target.chip == c; }))
    return "'" + instr.str() + "' requires " + archChipList(*instr.form) +
           (llvm::all_of(instr.form->archChips,
                         [](StringRef c) { return c.ends_with("a"); })
                ? " (arch-specific targets only)"
                : " (arch- and family-specific targets only)") +
           ", but the target is " +
           (target.chip.empty() ? "sm_" + std::to_string(target.sm)
                                : target.chip.str());
  if (target.sm < sm)
    for (auto [olderSm, olderPtx] : instr.form->olderChips)
      if (target.sm >= olderSm) {
        sm = olderSm;
        ptx = std::max(ptx, olderPtx);
        break;
      }
  if (target.sm < sm) {
    // Name the oldest chip that has the form, with the PTX ISA it needs
    // there.
    std::string oldest;
    for (auto [olderSm, olderPtx] : instr.form->olderChips)
      if (olderSm < sm)
        oldest = " (sm_" + std::to_string(olderSm) + " from PTX ISA " +
                 formatPtxVersion(std::max(ptx, olderPtx)) + ")";
    return "'" + instr.str() + "' requires sm_" + std::to_string(sm) + oldest +
           " or newer, but the target is sm_" + std::to_string(target.sm);
  }
  if (target.ptx < ptx)
    return "'" + instr.str() + "' requires PTX ISA " + formatPtxVersion(ptx) +
           ", but the target's PTX ISA is " + formatPtxVersion(target.ptx) +
           " (raise it with the '+ptx" + std::to_string(ptx) + "' feature)";
  return "";
}
