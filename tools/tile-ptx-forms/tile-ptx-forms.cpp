//===- tile-ptx-forms.cpp - print the instruction table -------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Prints the instruction table: as the markdown supported-forms reference
// (docs/SupportedForms.md is this output) or as one concrete opcode per line
// (--instances), which the certification tests compile for every target.
//
//===----------------------------------------------------------------------===//

#include "tile/Ptx/InstrTable.h"
#include "tile/Reference/Reference.h"

#include "llvm/Support/Format.h"

#include "tile/Version.h"
#include <iostream>

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

using namespace tile::ptx;
using llvm::StringRef;

static llvm::cl::opt<bool>
    instances("instances",
              llvm::cl::desc("Print every concrete opcode, one per line: "
                             "opcode min-sm ptx-version operand-types"));
static llvm::cl::opt<std::string> intrinsicOf(
    "intrinsic",
    llvm::cl::desc("Print the NVVM intrinsic that emits exactly this opcode "
                   "(nothing if there is none)"),
    llvm::cl::init(""));
static llvm::cl::opt<std::string>
    mnemonicFilter("mnemonic", llvm::cl::desc("Only forms of this mnemonic"),
                   llvm::cl::init(""));

static llvm::cl::opt<bool>
    json("json", llvm::cl::desc("Print the whole table as JSON (the export "
                                "that utils/ and the Python package read)"));

static std::string containers(DataType t) {
  const DataTypeInfo &info = getInfo(t);
  std::string s;
  for (FloatFormat f : info.floatContainers)
    s += std::string(getInfo(f).name) + "/";
  return s + "i" + std::to_string(info.bits);
}

/// "PTX 7.0, sm_80 with .NaN; ..." for the qualifier floors of a form.
static std::string qualFloors(const FormDesc &f) {
  std::string s;
  for (const QualFloor &q : f.qualFloors)
    s += (s.empty() ? "" : "; ") + std::string(".") +
         getQualName(q.qual).str() + ": " + formatPtxVersion(q.ptxVersion) +
         ", sm_" + std::to_string(q.minSm);
  return s;
}

/// "sm_90", or the arch-specific chips that alone have the form
/// ("sm_100a, sm_103a only").
static std::string minSm(const FormDesc &f) {
  if (f.archChips.empty())
    return "sm_" + std::to_string(f.minSm);
  std::string s;
  for (const char *c : f.archChips)
    s += (s.empty() ? "" : ", ") + std::string(c);
  return s + " only";
}

static llvm::cl::opt<bool> evalStdin(
    "eval",
    llvm::cl::desc("Read lines '[@]OPCODE[:VARIANT] HEX...' (the sources' "
                   "bits; '@': under a predicate) from stdin and print each "
                   "result of the MPFR reference in hex (several "
                   "destinations packed, the first lowest)"),
    llvm::cl::init(false));

/// --eval: the reference result of each line's instruction and sources.
static int evalLines() {
  std::string line;
  while (std::getline(std::cin, line)) {
    llvm::SmallVector<StringRef> words;
    StringRef(line).split(words, ' ', -1, false);
    if (words.empty())
      continue;
    std::string error;
    // A variant name (setp.lt.s32:pair) or else the number of sources
    // picks among forms of one spelling (two- and three-source min).
    // A leading '@' (@neg.f32): executed under a predicate.
    StringRef word = words[0];
    bool predicated = word.consume_front("@");
    auto [spelling, variant] = word.split(':');
    unsigned numSources = words.size() - 1;
    FormHint hint{std::nullopt, numSources + 1, {}};
    if (!variant.empty())
      hint.variant = variant;
    std::optional<Instr> instr = decode(spelling, error, hint);
    if (!instr || !tile::ref::isSupported(*instr)) {
      llvm::errs() << "error: '" << words[0]
                   << "': " << (instr ? "no reference semantics" : error)
                   << "\n";
      return 1;
    }
    llvm::SmallVector<uint64_t> sources;
    for (StringRef w : llvm::drop_begin(words)) {
      uint64_t v;
      if (w.getAsInteger(16, v)) {
        llvm::errs() << "error: '" << w << "' is not a hex number\n";
        return 1;
      }
      sources.push_back(v);
    }
    // One source per register: a group ({a, b, e, f}) takes several.
    unsigned takes = 0;
    for (const OperandDesc &o : instr->form->getOperands())
      if (o.role == OperandRole::Use)
        takes += o.atom;
    if (takes != numSources) {
      llvm::errs() << "error: '" << words[0] << "' takes " << takes
                   << " sources, got " << numSources << "\n";
      return 1;
    }
    llvm::outs() << llvm::format_hex_no_prefix(
                        tile::ref::evaluate(*instr, sources, predicated), 1)
                 << "\n";
  }
  return 0;
}

/// `v` in at most 7 significant digits.
static std::string shortNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.7g", v);
  return buf;
}

/// The forms that ptxas 13.0 compiles wrongly in some contexts, and what
/// the lowering writes instead (the table's PtxasWorkaround).
static void emitPtxasWorkarounds(llvm::raw_ostream &os) {
  auto worked = [](const FormDesc &f) { return f.ptxasWorkaround; };
  if (llvm::none_of(getForms(), worked))
    return;
  os << "\n## Forms written otherwise for ptxas\n\n"
     << "ptxas 13.0 compiles these forms wrongly in some contexts "
        "(measured); the lowering writes instructions of the same result "
        "instead, which it compiles right. The CPU backend and the "
        "reference compute the form itself.\n\n"
     << "| form | written as | why |\n|---|---|---|\n";
  for (const FormDesc &f : getForms())
    if (worked(f))
      os << "| `" << f.syntax << "` | `" << f.ptxasWorkaround << "` | "
         << f.ptxasWorkaroundWhy << " |\n";
}

/// The approximations: each form's error bounds (the ISA's and the H200's
/// largest error), and how the reference gives their results.
static void emitApproximations(llvm::raw_ostream &os) {
  os << "\n## Approximations\n\n"
     << "The multifunction unit's forms (`.approx`, `div.full`). The ISA "
        "bounds their error and leaves their bits open. `approximate`: the "
        "reference gives the correctly rounded result, and the differential "
        "test checks the H200's results against the larger of the ISA's "
        "bound and the largest error measured on the H200 (every f32 input "
        "of each f32 form; every upper word of the f64 upper-half forms; "
        "2^32 random pairs for div). `measured_table`: the H200's result on "
        "every input is recorded, and the reference gives it bit for bit. "
        "`measured_exact`: the H200's multifunction unit was measured over "
        "the inputs its result depends on, and the reference gives its bits "
        "on every input (checked against the H200 on all 2^32), with and "
        "without `.ftz`; the differential test compares them exactly. "
        "A bound with a range holds for inputs whose operand lies in it; "
        "the first bound that applies is the one checked.\n\n"
     << "| form | accuracy | metric | ISA bound | measured (H200) | input "
        "range | largest distance from the correctly rounded result |\n"
     << "|---|---|---|---|---|---|---|\n";
  for (const FormDesc &f : getForms()) {
    for (const ErrorBoundDesc &b : f.bounds) {
      const char *metric = b.metric == ErrorMetric::Ulp        ? "ulp"
                           : b.metric == ErrorMetric::Relative ? "relative"
                                                               : "absolute";
      std::string range = "all";
      if (b.operand >= 0)
        range = std::string(f.operands[b.operand].name) + " in [" +
                shortNumber(b.lo) + ", " + shortNumber(b.hi) + "]";
      os << "| `" << f.syntax << "` | " << f.accuracy << " | " << metric
         << " | " << (*b.text ? b.text : "none") << " | "
         << (*b.measuredText ? b.measuredText : "-") << " | " << range << " | "
         << (f.measuredUlps >= 0 ? std::to_string(f.measuredUlps) + " ulp"
                                 : std::string("-"))
         << " |\n";
    }
  }
}

int main(int argc, char **argv) {
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << TILE_MLIR_VERSION_LINE << "\n"; });
  llvm::cl::ParseCommandLineOptions(argc, argv, "tile-mlir instruction table");
  llvm::raw_ostream &os = llvm::outs();
  if (evalStdin)
    return evalLines();
  if (!intrinsicOf.empty()) {
    std::string error;
    std::optional<Instr> instr = decode(intrinsicOf, error);
    if (!instr) {
      llvm::errs() << "error: " << error << "\n";
      return 1;
    }
    if (std::optional<std::string> name = instr->getEquivalentIntrinsic())
      os << *name << "\n";
    return 0;
  }
  if (json) {
    writeJson(os);
    return 0;
  }
  if (instances) {
    for (const FormDesc &f : getForms()) {
      if (!mnemonicFilter.empty() && mnemonicFilter != f.mnemonic)
        continue;
      for (QualSet q : Instr::enumerate(f)) {
        Instr instr{&f, q};
        os << instr.str() << " " << instr.getMinSm() << " "
           << instr.getPtxVersion();
        for (const OperandDesc &o : f.getOperands())
          os << " " << (o.kind == OperandKind::Memory ? "mem:" : "reg:")
             << (o.role == OperandRole::Def ? "def:" : "use:")
             << getName(o.type) << ":" << o.atom;
        os << "\n";
      }
    }
    return 0;
  }

  os << "<!-- Generated by `tile-ptx-forms` from the records of "
        "include/tile/Ptx/*.td. "
        "Do not edit. -->\n"
     << "# Supported PTX forms\n\n"
     << "Every row is one documented PTX syntax shape from the instruction "
        "table. `tile.apply` accepts each qualifier combination the syntax "
        "allows, in any order, and prints it in canonical order. Operand "
        "containers are the MLIR element types accepted for each operand "
        "(an integer of the register width always works; packed types take "
        "one integer for all lanes, lane 0 in the low bits); the atom is the "
        "number of native registers "
        "(or, for memory operands, elements) one instruction binds. PTX ISA "
        "and SM are the floors checked against the gpu.module's "
        "`#nvvm.target` (PTX ISA 9.1 docs, measured with ptxas 13.0); some "
        "qualifiers raise them. A form of arch-specific chips names them "
        "(\"sm_100a, sm_103a only\"): no other chip, of its SM or newer, has "
        "it. Without a rounding modifier, `add`, `sub` and "
        "`mul` round to nearest, and ptxas may contract them with a "
        "neighbouring instruction: write `.rn` to prevent that. A source "
        "written `{!}c` may be negated: `not %c` in `tile.apply`'s operand "
        "list (no other operand may, although ptxas 13.0 accepts `!` on "
        "every predicate source).\n\n"
     << "| form | operands (containers, atom) | PTX ISA | min SM | "
        "qualifier floors | concrete opcodes | semantics | NVVM intrinsic "
        "(`use-intrinsics`) | ISA section |\n"
     << "|---|---|---|---|---|---|---|---|---|\n";
  for (const FormDesc &f : getForms()) {
    os << "| `" << f.syntax << "` | ";
    for (auto [i, o] : llvm::enumerate(f.getOperands())) {
      os << (i ? ", " : "") << o.name << ": ";
      // An address the instruction computes with (mapa's a).
      if (o.addressValue) {
        os << (o.space == StateSpace::Generic  ? "global or shared"
               : o.space == StateSpace::Shared ? "shared"
                                               : "global")
           << " memref of any element type ("
           << (o.genericAddress ? "its generic address" : "its address") << ")";
        continue;
      }
      os << (o.kind != OperandKind::Memory   ? ""
             : o.space == StateSpace::Shared ? "shared memref of "
                                             : "global memref of ")
         << containers(o.type)
         << (o.atom > 1 ? " x" + std::to_string(o.atom) : std::string())
         << (o.registerOnly ? " (register only)" : "");
    }
    os << " | " << formatPtxVersion(f.ptxVersion) << " | " << minSm(f) << " | "
       << qualFloors(f) << " | " << Instr::enumerate(f).size() << " | "
       << getName(f.semantics) << " | "
       << (f.intrinsic ? "yes" : "no (inline asm)") << " | " << f.docRef
       << " |\n";
  }
  auto inexact = [](const FormDesc &f) {
    return f.accuracyDoc && f.bounds.empty();
  };
  if (llvm::any_of(getForms(), inexact)) {
    os << "\n## Reference semantics the ISA does not fix\n\n"
       << "For these forms the reference (and the CPU backend, which runs "
          "it) gives what the accuracy says.\n\n"
       << "| form | accuracy | NaN rule |\n|---|---|---|\n";
    for (const FormDesc &f : getForms())
      if (inexact(f))
        os << "| `" << f.syntax << "` | " << f.accuracy << ": " << f.accuracyDoc
           << " | " << f.nanRule << " |\n";
  }
  emitApproximations(os);
  emitPtxasWorkarounds(os);
  os << "\n## Data types\n\n"
     << "The register each type occupies, the MLIR element types that hold "
        "it, and how a constant broadcast scalar of that type is written "
        "into the PTX: as an immediate (the bits in hex after the prefix, "
        "as nvcc writes constants), or moved into a register where PTX "
        "takes registers only.\n\n"
     << "| type | register bits | lanes | containers | constant source "
        "|\n|---|---|---|---|---|\n";
  for (const DataTypeInfo &t : getDataTypes())
    os << "| `." << t.name << "` | " << t.bits << " | " << t.lanes << " | "
       << containers(t.type) << " | "
       << (t.immediatePrefix
               ? "immediate `" + std::string(t.immediatePrefix) + "...`"
               : std::string("register"))
       << " |\n";
  os << "\n## Rejected undocumented spellings\n\n"
     << "ptxas 13.0 accepts these, but they are not documented PTX forms; "
        "`tile.apply` rejects them with the reason below "
        "(see docs/Rationale.md).\n\n"
     << "| spelling | reason |\n|---|---|\n";
  for (const RejectedSpelling &r : getRejectedSpellings()) {
    os << "| `" << r.mnemonic;
    if (r.anyOf)
      os << " {" << formatQuals(r.anyOf) << "}";
    if (r.allOf)
      os << " " << formatQuals(r.allOf);
    if (r.noRounding)
      os << " (no rounding modifier)";
    os << " " << r.types << "` | " << r.reason << " |\n";
  }
  os << "\n## Chips\n\n"
     << "The target model (`tile-check-targets`): a chip is accepted when both "
        "ptxas 13.0 and LLVM 22 know it, at a PTX ISA version at or above both "
        "floors; `--unchecked-target` accepts the others LLVM 22 emits, at "
        "LLVM's floor.\n\n"
     << "| chip | ptxas 13.0 floor | LLVM 22 floor | accepted by default |\n"
     << "|---|---|---|---|\n";
  for (const ChipInfo &c : getChips()) {
    os << "| `" << c.name << "` | "
       << (c.ptxasMinPtx ? formatPtxVersion(c.ptxasMinPtx) : "unknown") << " | "
       << formatPtxVersion(c.llvmMinPtx) << " | "
       << (c.isChecked() ? "yes" : "no");
    if (!c.note.empty())
      os << " (" << c.note << ")";
    os << " |\n";
  }
  return 0;
}
