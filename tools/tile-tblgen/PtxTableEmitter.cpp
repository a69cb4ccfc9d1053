//===- PtxTableEmitter.cpp - The instruction table from its records -------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Turns the records of include/tile/Ptx/*.td into C++: the enums of the
/// table (`-gen-ptx-enums`), its constant arrays (`-gen-ptx-tables`), and
/// the dispatch from a semantics key to the reference's lane function
/// (`-gen-ptx-lane-dispatch`), to tile-diff's input generator
/// (`-gen-ptx-input-dispatch`) and, for the warp collectives, to the
/// reference's warp function (`-gen-ptx-warp-dispatch`). Records keep their
/// definition order. The documented syntax line of each form is derived here
/// from its slots, types and operands.
///
//===----------------------------------------------------------------------===//

#include "PtxTableEmitter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

using namespace llvm;

namespace {

/// The records of `cls`, in definition order.
std::vector<const Record *> defsOf(const RecordKeeper &rk, StringRef cls) {
  std::vector<const Record *> defs(rk.getAllDerivedDefinitions(cls));
  llvm::sort(defs, LessRecordByID());
  return defs;
}

/// The C++ enumerator of a record: its name without `prefix`.
std::string enumName(const Record *r, StringRef prefix = "") {
  StringRef name = r->getName();
  name.consume_front(prefix);
  return name.str();
}

std::string quote(StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

/// A C string literal, or nullptr for an empty string.
std::string cstrOrNull(StringRef s) { return s.empty() ? "nullptr" : quote(s); }

void emitEnum(raw_ostream &os, StringRef name, StringRef underlying,
              ArrayRef<const Record *> defs, StringRef prefix,
              StringRef extra = "") {
  os << "enum class " << name << " : " << underlying << " {\n";
  for (const Record *r : defs)
    os << "  " << enumName(r, prefix) << ",\n";
  if (!extra.empty())
    os << "  " << extra << ",\n";
  os << "};\n\n";
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

bool emitEnums(raw_ostream &os, const RecordKeeper &rk) {
  emitSourceFileHeader("The enums of the PTX instruction table", os, rk);
  emitEnum(os, "FloatFormat", "uint8_t", defsOf(rk, "FloatFormat"), "Fmt");
  emitEnum(os, "DataType", "uint8_t", defsOf(rk, "PtxType"), "");
  std::vector<const Record *> quals = defsOf(rk, "Qual");
  // The decoder finds a qualifier by its spelling: two records of one
  // spelling (say, mul's and setp's `.lo`) must be one.
  std::map<std::string, const Record *> bySpelling;
  for (const Record *q : quals) {
    auto [it, fresh] =
        bySpelling.emplace(q->getValueAsString("Spelling").str(), q);
    if (!fresh)
      PrintFatalError(q->getLoc(), Twine("qualifier '") + q->getName() +
                                       "' spells '." + it->first + "' as '" +
                                       it->second->getName() + "' does");
  }
  // After the duplicate check: a duplicate is the more specific fault.
  // The limit is tile::ptx::QualSet::kCapacity.
  if (quals.size() > 512)
    PrintFatalError("more than 512 qualifiers do not fit a QualSet");
  emitEnum(os, "Qual", "uint16_t", quals, "", "NumQuals");
  emitEnum(os, "Semantics", "uint8_t", defsOf(rk, "Semantics"), "Sem");
  emitEnum(os, "NaNRule", "uint8_t", defsOf(rk, "NaNRule"), "NaN");
  emitEnum(os, "MmaRole", "uint8_t", defsOf(rk, "MmaRoleKind"), "MmaRole");
  emitEnum(os, "MbarrierOp", "uint8_t", defsOf(rk, "MbarrierOpKind"), "MbOp");
  emitEnum(os, "DescField", "uint8_t", defsOf(rk, "WgmmaDescField"), "Desc",
           "NumDescFields");
  return false;
}

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

/// Builds the flattened arrays that forms point into, as C++ initializers.
struct Pools {
  std::vector<std::string> slots, types, operands, floors, older, chips, rbits,
      bounds, measured, immValues;

  /// Appends `items` to `pool`; returns "ArrayRef<T>(array + start, size)".
  static std::string add(std::vector<std::string> &pool, StringRef array,
                         StringRef type, std::vector<std::string> items) {
    size_t start = pool.size();
    llvm::append_range(pool, items);
    return ("llvm::ArrayRef<" + type + ">(" + array + " + " + Twine(start) +
            ", size_t(" + Twine(items.size()) + "))")
        .str();
  }
};

std::string qualSetOf(ArrayRef<const Record *> quals) {
  if (quals.empty())
    return "0";
  std::string s;
  for (const Record *q : quals)
    s += (s.empty() ? "" : " | ") + ("bit(Qual::" + enumName(q) + ")");
  return s;
}

/// The slot as the ISA's syntax line writes it.
std::string slotSyntax(const Record *slot) {
  std::vector<const Record *> choices = slot->getValueAsListOfDefs("Choices");
  bool required = slot->getValueAsBit("Required");
  StringRef display = slot->getValueAsString("Display");
  std::string body;
  // A display that starts with a brace is the whole text
  // (fence's "{.sem}.scope": one slot of orderings and scopes).
  if (display.starts_with("{"))
    return display.str();
  if (!display.empty()) {
    body = "." + display.str();
  } else {
    for (const Record *q : choices)
      body +=
          (body.empty() ? "." : ",.") + q->getValueAsString("Spelling").str();
  }
  return required ? body : "{" + body + "}";
}

/// `{a, b}` for a register operand of atom 2 named "a" (or its `Members`),
/// else its name.
std::string operandSyntax(const Record *op) {
  std::string name = op->getValueAsString("Name").str();
  int64_t atom = op->getValueAsInt("Atom");
  std::vector<StringRef> members = op->getValueAsListOfStrings("Members");
  if (!members.empty() && static_cast<int64_t>(members.size()) != atom)
    PrintFatalError(op->getLoc(), "a register group of " + Twine(atom) +
                                      " needs as many members");
  if (op->getValueAsBit("Negatable"))
    return "{!}" + name;
  if (op->getValueAsBit("Bracketed"))
    return "[" + name + "]";
  // A fragment's registers, numbered as the ISA numbers its elements.
  if (!op->getValueAsListOfDefs("Frag").empty()) {
    std::string s = "{";
    for (int64_t i = 0; i < atom; ++i)
      s += (i ? ", " : "") + name + std::to_string(i);
    return s + "}";
  }
  if (atom == 1 || op->getValueAsBit("Memory") ||
      (name.size() != 1 && members.empty()))
    return name;
  std::string s = "{";
  for (int64_t i = 0; i < atom; ++i)
    s += (i ? ", " : "") + (members.empty() ? std::string(1, char(name[0] + i))
                                            : members[i].str());
  return s + "}";
}

unsigned numRole(const Record *form, StringRef role) {
  unsigned n = 0;
  for (const Record *op : form->getValueAsListOfDefs("Operands"))
    n += op->getValueAsDef("Role")->getName() == role;
  return n;
}

/// The documented syntax line: the mnemonic, the slots, the types, and the
/// operands where they differ from the mnemonic's first form (a source
/// more or fewer) or bind several registers outside memory accesses.
std::string syntaxOf(const Record *form, const Record *first) {
  std::string s = form->getValueAsString("Mnemonic").str();
  std::vector<const Record *> slots = form->getValueAsListOfDefs("Slots");
  for (const Record *slot : slots)
    if (!slot->getValueAsBit("AfterTypes"))
      s += slotSyntax(slot);
  for (const Record *t : form->getValueAsListOfDefs("Types"))
    s += "." + t->getValueAsString("Name").str();
  for (const Record *slot : slots)
    if (slot->getValueAsBit("AfterTypes"))
      s += slotSyntax(slot);
  std::vector<const Record *> ops = form->getValueAsListOfDefs("Operands");
  bool memory = llvm::any_of(
      ops, [](const Record *o) { return o->getValueAsBit("Memory"); });
  bool grouped = !memory && llvm::any_of(ops, [](const Record *o) {
    return o->getValueAsInt("Atom") > 1;
  });
  if (grouped || form->getValueAsBit("SinkFirst") ||
      numRole(form, "Use") != numRole(first, "Use") ||
      numRole(form, "Def") != numRole(first, "Def")) {
    s += form->getValueAsBit("SinkFirst") ? " _, " : " ";
    for (auto [i, o] : llvm::enumerate(ops)) {
      bool opens = o->getValueAsBit("BraceWithNext");
      bool closes = i > 0 && ops[i - 1]->getValueAsBit("BraceWithNext");
      s += (i == 0                                    ? ""
            : ops[i - 1]->getValueAsBit("PipeToNext") ? "|"
                                                      : ", ") +
           std::string(opens ? "{" : "") + operandSyntax(o) +
           (closes ? "}" : "");
    }
  }
  return s;
}

std::string slotInit(const Record *slot) {
  std::string kind;
  StringRef k = slot->getValueAsDef("Kind")->getName();
  if (k == "StateSpaceSlot")
    kind = "StateSpace";
  else if (k == "CacheOpSlot")
    kind = "CacheOp";
  else if (k == "VectorSlot")
    kind = "Vector";
  else if (k == "RoundingSlot")
    kind = "Rounding";
  else if (k == "OperatorSlot")
    kind = "Operator";
  else
    kind = "Flag";
  std::string dflt = "std::nullopt";
  if (!slot->isValueUnset("Default"))
    dflt = "Qual::" + enumName(slot->getValueAsDef("Default"));
  return "{SlotKind::" + kind + ", " +
         qualSetOf(slot->getValueAsListOfDefs("Choices")) + ", " +
         (slot->getValueAsBit("Required") ? "true" : "false") + ", " + dflt +
         ", " + (slot->getValueAsBit("AfterTypes") ? "true" : "false") + "}";
}

void emitPool(raw_ostream &os, StringRef type, StringRef name,
              ArrayRef<std::string> items, StringRef placeholder);

/// `&kFragments[i]` for the operand's fragment (its index among the
/// Fragment records), or nullptr.
std::string fragmentRef(const Record *op) {
  std::vector<const Record *> frag = op->getValueAsListOfDefs("Frag");
  if (frag.empty())
    return "nullptr";
  const RecordKeeper &rk = op->getRecords();
  std::vector<const Record *> all = defsOf(rk, "Fragment");
  auto it = llvm::find(all, frag.front());
  return "&kFragments[" + std::to_string(it - all.begin()) + "]";
}

/// The form's MmaArith as `&kMmaArith[i]`, or nullptr.
std::string arithRef(const RecordKeeper &rk, const Record *f) {
  std::vector<const Record *> arith = f->getValueAsListOfDefs("Arith");
  if (arith.empty())
    return "nullptr";
  std::vector<const Record *> all = defsOf(rk, "MmaArith");
  auto it = llvm::find(all, arith.front());
  return "&kMmaArith[" + std::to_string(it - all.begin()) + "]";
}

/// Checks that fragment `f` maps (lane, element) onto each (matrix, row,
/// column) of its matrices exactly once.
void checkFragment(const Record *f) {
  int64_t rows = f->getValueAsInt("Rows"), cols = f->getValueAsInt("Cols");
  int64_t matrices = f->getValueAsInt("Matrices");
  int64_t elems = f->getValueAsInt("Regs") * f->getValueAsInt("PerReg");
  int64_t lanes = f->getValueAsInt("Lanes");
  std::vector<const Record *> digits = f->getValueAsListOfDefs("Digits");
  if (lanes < 1 || (lanes > 32 && lanes != 128) ||
      lanes * elems != rows * cols * matrices)
    PrintFatalError(f->getLoc(), "a fragment's " + Twine(lanes) +
                                     " lanes must hold each element of its "
                                     "matrices once");
  // A fragment whose map is not known says why, and has no digits.
  if (!f->getValueAsString("Unknown").empty()) {
    if (!digits.empty())
      PrintFatalError(f->getLoc(), "a fragment whose map is Unknown has no "
                                   "digits");
    return;
  }
  std::vector<bool> seen(rows * cols * matrices);
  for (int64_t lane = 0; lane < lanes; ++lane)
    for (int64_t i = 0; i < elems; ++i) {
      int64_t m = 0, r = 0, c = 0;
      for (const Record *d : digits) {
        bool fromLane = d->getValueAsDef("Source")->getName() == "FromLane";
        int64_t v = ((fromLane ? lane : i) / d->getValueAsInt("Div")) %
                    d->getValueAsInt("Mod");
        m += v * d->getValueAsInt("Matrix");
        r += v * d->getValueAsInt("Row");
        c += v * d->getValueAsInt("Col");
      }
      if (m >= matrices || r >= rows || c >= cols ||
          seen[(m * rows + r) * cols + c])
        PrintFatalError(f->getLoc(), "fragment element " + Twine(i) +
                                         " of lane " + Twine(lane) +
                                         " is outside the matrix or held "
                                         "twice");
      seen[(m * rows + r) * cols + c] = true;
    }
}

/// Checks that a memory operand's fragment gives each lane one row to
/// address: one register's elements, consecutive columns of one row.
void checkRowsOperand(const Record *op) {
  std::vector<const Record *> frag = op->getValueAsListOfDefs("Frag");
  if (!op->getValueAsBit("Memory") || frag.empty())
    return;
  const Record *f = frag.front();
  int64_t perReg = f->getValueAsInt("PerReg");
  if (f->getValueAsInt("Regs") != 1 || op->getValueAsInt("Atom") != perReg)
    PrintFatalError(op->getLoc(), "a memory operand's fragment is one row "
                                  "of `Atom` elements per lane");
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t i = 0; i < perReg; ++i) {
      int64_t m[2] = {0, 0}, r[2] = {0, 0}, c[2] = {0, 0};
      for (int64_t which = 0; which < 2; ++which)
        for (const Record *d : f->getValueAsListOfDefs("Digits")) {
          bool fromLane = d->getValueAsDef("Source")->getName() == "FromLane";
          int64_t v =
              ((fromLane ? lane : which * i) / d->getValueAsInt("Div")) %
              d->getValueAsInt("Mod");
          m[which] += v * d->getValueAsInt("Matrix");
          r[which] += v * d->getValueAsInt("Row");
          c[which] += v * d->getValueAsInt("Col");
        }
      if (m[1] != m[0] || r[1] != r[0] || c[1] != c[0] + i)
        PrintFatalError(op->getLoc(), "element " + Twine(i) + " of lane " +
                                          Twine(lane) +
                                          " is not the next column of the "
                                          "lane's row");
    }
}

/// The fragment and mma arithmetic records, which operands and forms point
/// into.
void emitFragments(raw_ostream &os, const RecordKeeper &rk) {
  std::vector<std::string> digits, rows;
  for (const Record *f : defsOf(rk, "Fragment")) {
    checkFragment(f);
    std::vector<std::string> items;
    for (const Record *d : f->getValueAsListOfDefs("Digits"))
      items.push_back(
          "{" +
          std::string(d->getValueAsDef("Source")->getName() == "FromLane"
                          ? "true"
                          : "false") +
          ", " + std::to_string(d->getValueAsInt("Div")) + ", " +
          std::to_string(d->getValueAsInt("Mod")) + ", " +
          std::to_string(d->getValueAsInt("Matrix")) + ", " +
          std::to_string(d->getValueAsInt("Row")) + ", " +
          std::to_string(d->getValueAsInt("Col")) + "}");
    rows.push_back(
        "{" + quote(f->getName()) +
        ", DataType::" + enumName(f->getValueAsDef("Elem")) + ", " +
        std::to_string(f->getValueAsInt("Rows")) + ", " +
        std::to_string(f->getValueAsInt("Cols")) + ", " +
        std::to_string(f->getValueAsInt("Regs")) + ", " +
        std::to_string(f->getValueAsInt("PerReg")) + ", " +
        std::to_string(f->getValueAsInt("Matrices")) + ", " +
        std::to_string(f->getValueAsInt("Lanes")) + ", " +
        Pools::add(digits, "kFragmentDigits", "FragmentDigit", items) + ", " +
        cstrOrNull(f->getValueAsString("Unknown")) + "}");
  }
  emitPool(os, "FragmentDigit", "kFragmentDigits", digits, "{}");
  emitPool(os, "FragmentDesc", "kFragments", rows, "{}");
  std::vector<std::string> arith;
  for (const Record *a : defsOf(rk, "MmaArith")) {
    arith.push_back("{" + quote(a->getName()) +
                    ", MmaKind::" + enumName(a->getValueAsDef("Kind"), "Mma") +
                    ", " + std::to_string(a->getValueAsInt("AlignBits")) +
                    ", Qual::" + enumName(a->getValueAsDef("OutRound")) + ", " +
                    (a->getValueAsBit("Measured") ? "true" : "false") + ", " +
                    quote(a->getValueAsString("Doc")) + ", " +
                    quote(a->getValueAsString("FmaStep")) + ", " +
                    quote(a->getValueAsString("MulStep")) + ", " +
                    quote(a->getValueAsString("AddStep")) + ", " +
                    quote(a->getValueAsString("CvtStep")) + ", " +
                    std::to_string(a->getValueAsInt("OutPrecision")) + "}");
  }
  emitPool(os, "MmaArithDesc", "kMmaArith", arith, "{}");
}

/// The operand's descriptor element type, or `DataType::B8` where it has
/// none (read only where `descriptor` is set).
std::string descElemOf(const Record *op) {
  std::vector<const Record *> elem = op->getValueAsListOfDefs("DescElem");
  if (op->getValueAsBit("Descriptor") != (elem.size() == 1))
    PrintFatalError(op->getLoc(), "a descriptor operand names one element "
                                  "type, and only it");
  return "DataType::" + (elem.empty() ? std::string("B8") : enumName(elem[0]));
}

/// `prefix` + each def's enum name.
std::vector<std::string> enumNames(ArrayRef<const Record *> defs,
                                   StringRef prefix) {
  std::vector<std::string> names;
  for (const Record *d : defs)
    names.push_back(prefix.str() + enumName(d));
  return names;
}

/// The bulk reductions' element operations.
void emitBulkRedElements(raw_ostream &os, const RecordKeeper &rk) {
  std::vector<std::string> rows;
  for (const Record *r : defsOf(rk, "BulkRedElement"))
    rows.push_back("{Qual::" + enumName(r->getValueAsDef("Op")) +
                   ", DataType::" + enumName(r->getValueAsDef("Type")) + ", " +
                   quote(r->getValueAsString("Instr")) + "}");
  emitPool(os, "BulkRedElementDesc", "kBulkRedElements", rows, "{}");
}

/// The special registers (SpecialReg records).
void emitSpecialRegs(raw_ostream &os, const RecordKeeper &rk) {
  std::vector<std::string> rows;
  for (const Record *r : defsOf(rk, "SpecialReg"))
    rows.push_back("{" + quote(r->getValueAsString("Name")) + ", " +
                   std::to_string(r->getValueAsInt("Bits")) + ", " +
                   quote(r->getValueAsString("Nvvm")) + ", " +
                   std::to_string(r->getValueAsInt("Ptx")) + ", " +
                   std::to_string(r->getValueAsInt("Sm")) + "}");
  emitPool(os, "SpecialRegDesc", "kSpecialRegs", rows, "{}");
}

/// The tensor maps' element types and out-of-bounds fills.
void emitTensorMapTypes(raw_ostream &os, const RecordKeeper &rk) {
  std::vector<std::string> floats, types, fills, redOps, redTypes;
  for (const Record *t : defsOf(rk, "TensorMapDataType")) {
    std::vector<std::string> fmts;
    for (const Record *f : t->getValueAsListOfDefs("Floats"))
      fmts.push_back("FloatFormat::" + enumName(f, "Fmt"));
    types.push_back(
        "{" + quote(t->getValueAsString("Name")) + ", " +
        std::to_string(t->getValueAsInt("Code")) + ", " +
        std::to_string(t->getValueAsInt("Bits")) + ", " +
        (t->getValueAsBit("Integer") ? "true" : "false") + ", " +
        Pools::add(floats, "kTensorMapFloats", "FloatFormat", fmts) + ", " +
        (t->getValueAsBit("IsFloat") ? "true" : "false") + ", " +
        Pools::add(redOps, "kTensorMapRedOps", "Qual",
                   enumNames(t->getValueAsListOfDefs("RedOps"), "Qual::")) +
        ", " +
        Pools::add(
            redTypes, "kTensorMapRedTypes", "DataType",
            enumNames(t->getValueAsListOfDefs("RedTypes"), "DataType::")) +
        "}");
  }
  emitPool(os, "Qual", "kTensorMapRedOps", redOps, "Qual(0)");
  emitPool(os, "DataType", "kTensorMapRedTypes", redTypes, "DataType(0)");
  for (const Record *f : defsOf(rk, "TensorMapFill"))
    fills.push_back("{" + quote(f->getValueAsString("Name")) + ", " +
                    std::to_string(f->getValueAsInt("Code")) + ", " +
                    std::to_string(f->getValueAsInt("Pattern")) + "}");
  emitPool(os, "FloatFormat", "kTensorMapFloats", floats, "{}");
  emitPool(os, "TensorMapTypeDesc", "kTensorMapTypes", types, "{}");
  emitPool(os, "TensorMapFillDesc", "kTensorMapFills", fills, "{}");
  std::vector<std::string> limits, ranks;
  for (const Record *l : defsOf(rk, "TensorMapLimits")) {
    std::string row = "{";
    for (StringRef f :
         {"MaxRank", "MaxDimLog2", "StrideAlign", "MaxStrideLog2", "MaxBox",
          "MaxElementStride", "MaxChannelsPerPixel", "MaxPixelsPerColumn"})
      row += std::to_string(l->getValueAsInt(f)) + ", ";
    limits.push_back(row + "}");
  }
  if (limits.size() != 1)
    PrintFatalError("the table needs exactly one TensorMapLimits record");
  for (const Record *r : defsOf(rk, "Im2colRank"))
    ranks.push_back("{" + std::to_string(r->getValueAsInt("Rank")) + ", " +
                    std::to_string(r->getValueAsInt("CornerBits")) + "}");
  emitPool(os, "TensorMapLimitsDesc", "kTensorMapLimits", limits, "{}");
  emitPool(os, "Im2colRankDesc", "kIm2colRanks", ranks, "{}");
  std::vector<const Record *> layout = defsOf(rk, "TensorRowLayout");
  if (layout.size() != 1)
    PrintFatalError("the table needs exactly one TensorRowLayout record");
  os << "static const bool kSwizzledRowsFillSpan = "
     << (layout.front()->getValueAsBit("SwizzledRowsFillSpan") ? "true"
                                                               : "false")
     << ";\n";
}

/// The wgmma descriptor's fields, the swizzle modes and the canonical
/// shared-memory layouts.
void emitSmemLayouts(raw_ostream &os, const RecordKeeper &rk) {
  std::vector<std::string> fields, modes, digits, layouts, roles;
  for (const Record *r : defsOf(rk, "MmaRoleKind"))
    roles.push_back(quote(r->getValueAsString("Name")));
  emitPool(os, "char *const", "kMmaRoleNames", roles, "nullptr");
  std::vector<std::string> mbarrierOps;
  for (const Record *r : defsOf(rk, "MbarrierOpKind"))
    mbarrierOps.push_back(quote(r->getValueAsString("Name")));
  emitPool(os, "char *const", "kMbarrierOpNames", mbarrierOps, "nullptr");
  for (const Record *f : defsOf(rk, "WgmmaDescField"))
    fields.push_back("{" + quote(f->getValueAsString("Name")) + ", " +
                     std::to_string(f->getValueAsInt("Lo")) + ", " +
                     std::to_string(f->getValueAsInt("Width")) + ", " +
                     std::to_string(f->getValueAsInt("Shift")) + "}");
  std::vector<const Record *> modeRecords = defsOf(rk, "SwizzleMode");
  for (const Record *m : modeRecords)
    modes.push_back("{" + quote(m->getValueAsString("Name")) + ", " +
                    std::to_string(m->getValueAsInt("Code")) + ", " +
                    std::to_string(m->getValueAsInt("Bytes")) + ", " +
                    std::to_string(m->getValueAsInt("XorBits")) + ", " +
                    std::to_string(m->getValueAsInt("TensorMap")) + "}");
  for (const Record *l : defsOf(rk, "SmemLayout")) {
    std::vector<std::string> items;
    for (const Record *d : l->getValueAsListOfDefs("Digits")) {
      StringRef kind = d->getValueAsDef("Kind")->getValueAsString("Name");
      std::string kindEnum = kind == "bytes"     ? "Bytes"
                             : kind == "element" ? "Element"
                             : kind == "lbo"     ? "Lbo"
                                                 : "Sbo";
      items.push_back(
          "{" +
          std::string(d->getValueAsDef("Axis")->getValueAsString("Name") == "k"
                          ? "true"
                          : "false") +
          ", " + std::to_string(d->getValueAsInt("Div")) + ", " +
          (d->getValueAsBit("DivT") ? "true" : "false") + ", " +
          std::to_string(d->getValueAsInt("Mod")) + ", " +
          (d->getValueAsBit("ModT") ? "true" : "false") + ", LayoutStride::" +
          kindEnum + ", " + std::to_string(d->getValueAsInt("Bytes")) + "}");
    }
    auto mode = llvm::find(modeRecords, l->getValueAsDef("Swizzle"));
    layouts.push_back(
        "{" + quote(l->getName()) + ", " +
        (l->getValueAsBit("MnMajor") ? "true" : "false") + ", &kSwizzleModes[" +
        std::to_string(mode - modeRecords.begin()) + "], " +
        Pools::add(digits, "kLayoutDigits", "LayoutDigitDesc", items) + "}");
  }
  emitPool(os, "DescFieldDesc", "kDescFields", fields, "{}");
  emitPool(os, "SwizzleModeDesc", "kSwizzleModes", modes, "{}");
  emitPool(os, "LayoutDigitDesc", "kLayoutDigits", digits, "{}");
  emitPool(os, "SmemLayoutDesc", "kSmemLayouts", layouts, "{}");
  emitTensorMapTypes(os, rk);
  emitBulkRedElements(os, rk);
  emitSpecialRegs(os, rk);
}

std::string operandInit(const Record *op, Pools &pools) {
  checkRowsOperand(op);
  std::vector<std::string> immValues;
  for (int64_t v : op->getValueAsListOfInts("ImmValues"))
    immValues.push_back(std::to_string(v));
  StringRef role = op->getValueAsDef("Role")->getName();
  StringRef space = op->getValueAsDef("Space")->getValueAsString("Name");
  StringRef dist = op->getValueAsDef("Dist")->getName();
  std::string spaceEnum = space.empty()        ? "None"
                          : space == "global"  ? "Global"
                          : space == "generic" ? "Generic"
                                               : "Shared";
  std::string distEnum = dist == "ThreadDist" ? "Thread"
                         : dist == "WarpDist" ? "Warp"
                                              : "Warpgroup";
  return "{" + quote(op->getValueAsString("Name")) +
         ", OperandRole::" + role.str() + ", OperandKind::" +
         (op->getValueAsBit("Memory") ? "Memory" : "Register") +
         ", DataType::" + enumName(op->getValueAsDef("Type")) + ", " +
         std::to_string(op->getValueAsInt("Atom")) +
         ", StateSpace::" + spaceEnum + ", Distribution::" + distEnum + ", " +
         (op->getValueAsBit("Immediate") ? "true" : "false") + ", " +
         std::to_string(op->getValueAsInt("ImmMin")) + ", " +
         std::to_string(op->getValueAsInt("ImmMax")) + ", " +
         (op->getValueAsBit("PipeToNext") ? "true" : "false") + ", " +
         (op->getValueAsBit("BraceWithNext") ? "true" : "false") + ", " +
         (op->getValueAsBit("RegisterOnly") ? "true" : "false") + ", " +
         (op->getValueAsBit("Negatable")              ? "Negation::Documented"
          : op->getValueAsBit("NegationUndocumented") ? "Negation::Undocumented"
                                                      : "Negation::None") +
         ", " + (op->getValueAsBit("MemberMask") ? "true" : "false") + ", " +
         fragmentRef(op) + ", " +
         (op->getValueAsBit("Vector") ? "true" : "false") + ", " +
         (op->getValueAsBit("Accumulator") ? "true" : "false") + ", " +
         (op->getValueAsBit("SourceLimit") ? "true" : "false") + ", " +
         (op->getValueAsBit("Bulk") ? "true" : "false") + ", " +
         (op->getValueAsBit("BulkSize") ? "true" : "false") + ", " +
         std::to_string(op->getValueAsInt("BulkAlign")) + ", " +
         (op->getValueAsBit("TensorMap") ? "true" : "false") + ", " +
         (op->getValueAsBit("TxBarrier") ? "true" : "false") + ", " +
         std::to_string(op->getValueAsInt("TxSign")) + ", " +
         (op->getValueAsBit("TxWait") ? "true" : "false") + ", " +
         (op->getValueAsBit("PhaseParity") ? "true" : "false") + ", " +
         (op->getValueAsBit("CtaMask") ? "true" : "false") + ", " +
         std::to_string(op->getValueAsInt("ImmMultiple")) + ", " +
         Pools::add(pools.immValues, "kImmValues", "int64_t", immValues) +
         ", " + (op->getValueAsBit("ReadsDst") ? "true" : "false") +
         ", MmaRole::" + enumName(op->getValueAsDef("MmaRole"), "MmaRole") +
         ", " + (op->getValueAsBit("Descriptor") ? "true" : "false") + ", " +
         std::to_string(op->getValueAsInt("DescRows")) + ", " +
         std::to_string(op->getValueAsInt("DescCols")) + ", " + descElemOf(op) +
         ", " + (op->getValueAsBit("AddressValue") ? "true" : "false") + ", " +
         (op->getValueAsBit("Bracketed") ? "true" : "false") + ", " +
         std::to_string(op->getValueAsInt("CoordAlign")) + ", " +
         (op->getValueAsBit("ConstChecked") ? "true" : "false") + ", " +
         (op->getValueAsBit("CachePolicy") ? "true" : "false") + ", " +
         (op->getValueAsBit("AnyElement") ? "true" : "false") + ", " +
         (op->getValueAsBit("GenericAddress") ? "true" : "false") + "}";
}

void emitFormats(raw_ostream &os, const RecordKeeper &rk) {
  os << "static const FloatFormatInfo kFormats[] = {\n";
  for (const Record *f : defsOf(rk, "FloatFormat"))
    os << "    {FloatFormat::" << enumName(f, "Fmt") << ", "
       << quote(f->getValueAsString("Name")) << ", " << f->getValueAsInt("Bits")
       << ", " << f->getValueAsInt("ExpBits") << ", "
       << f->getValueAsInt("Precision") << ", "
       << (f->getValueAsBit("FiniteOnly") ? "true" : "false") << ", "
       << (f->getValueAsBit("NoSpecials") ? "true" : "false") << "},\n";
  os << "};\n\n";
}

void emitTypes(raw_ostream &os, const RecordKeeper &rk) {
  std::vector<std::string> containers, rows;
  for (const Record *t : defsOf(rk, "PtxType")) {
    std::vector<std::string> fmts;
    for (const Record *f : t->getValueAsListOfDefs("FloatContainers"))
      fmts.push_back("FloatFormat::" + enumName(f, "Fmt"));
    std::string ref =
        Pools::add(containers, "kFloatContainers", "FloatFormat", fmts);
    rows.push_back(
        "{DataType::" + enumName(t) + ", " +
        quote(t->getValueAsString("Name")) + ", " +
        std::to_string(t->getValueAsInt("Bits")) + ", " +
        std::to_string(t->getValueAsInt("Lanes")) +
        ", FloatFormat::" + enumName(t->getValueAsDef("Format"), "Fmt") + ", " +
        ref + ", " + quote(t->getValueAsString("RegNote")) + ", " +
        cstrOrNull(t->getValueAsString("ImmediatePrefix")) +
        ", IntKind::" + enumName(t->getValueAsDef("Int"), "Int") + ", " +
        std::to_string(t->getValueAsInt("ValueBits")) + "}");
  }
  os << "static const FloatFormat kFloatContainers[] = {\n";
  for (const std::string &c : containers)
    os << "    " << c << ",\n";
  os << "};\n\nstatic const DataTypeInfo kTypes[] = {\n";
  for (const std::string &r : rows)
    os << "    " << r << ",\n";
  os << "};\n\n";
}

void emitPool(raw_ostream &os, StringRef type, StringRef name,
              ArrayRef<std::string> items, StringRef placeholder) {
  os << "static const " << type << " " << name << "[] = {\n";
  for (const std::string &i : items)
    os << "    " << i << ",\n";
  if (items.empty()) // No zero-length arrays: one entry nothing points at.
    os << "    " << placeholder << ",\n";
  os << "};\n\n";
}

/// The form's arch- and family-specific chips as C strings: each a chip of
/// the target model with an 'a' or 'f' suffix, the lowest SM among them the
/// form's `Sm`.
std::vector<std::string> archChips(const RecordKeeper &rk, const Record *f) {
  std::vector<std::string> out;
  std::vector<StringRef> names = f->getValueAsListOfStrings("ArchChips");
  int64_t lowest = 0;
  for (StringRef name : names) {
    const Record *chip = nullptr;
    for (const Record *c : defsOf(rk, "Chip"))
      if (c->getValueAsString("Name") == name)
        chip = c;
    StringRef suffix = chip ? chip->getValueAsString("Suffix") : "";
    if (suffix != "a" && suffix != "f")
      PrintFatalError(f->getLoc(), "'" + name +
                                       "' is not an arch- or family-specific "
                                       "chip of the target model");
    int64_t sm = chip->getValueAsInt("Sm");
    lowest = out.empty() ? sm : std::min(lowest, sm);
    out.push_back(quote(name));
  }
  if (!out.empty() && lowest != f->getValueAsInt("Sm"))
    PrintFatalError(f->getLoc(), "a form's Sm must be the lowest SM of its "
                                 "ArchChips (" +
                                     Twine(lowest) + ")");
  return out;
}

/// A brace pair (`{byte-id-a, thread-id-a}`) holds two operands: one that
/// opens it, the next that closes it, neither joined by `|`.
void checkBraces(const Record *f) {
  std::vector<const Record *> ops = f->getValueAsListOfDefs("Operands");
  for (auto [i, o] : llvm::enumerate(ops)) {
    if (!o->getValueAsBit("BraceWithNext"))
      continue;
    if (i + 1 == ops.size())
      PrintFatalError(f->getLoc(), "operand '" + o->getValueAsString("Name") +
                                       "' opens a brace pair but is the "
                                       "form's last operand");
    if (ops[i + 1]->getValueAsBit("BraceWithNext") ||
        o->getValueAsBit("PipeToNext"))
      PrintFatalError(f->getLoc(),
                      "operand '" + o->getValueAsString("Name") +
                          "' opens a brace pair that does not close at the "
                          "next operand");
  }
}

/// A PtxasWorkaround names operands of its form only, each `{name}`
/// closed, and comes with its reason.
void checkWorkaround(const Record *f) {
  StringRef ptx = f->getValueAsString("PtxasWorkaround");
  if (ptx.empty())
    return;
  if (f->getValueAsString("PtxasWorkaroundWhy").empty())
    PrintFatalError(f->getLoc(), "a PtxasWorkaround needs its reason");
  llvm::StringSet<> names;
  for (const Record *o : f->getValueAsListOfDefs("Operands"))
    names.insert(o->getValueAsString("Name"));
  for (size_t open; (open = ptx.find('{')) != StringRef::npos;) {
    size_t close = ptx.find('}', open);
    if (close == StringRef::npos || !names.contains(ptx.slice(open + 1, close)))
      PrintFatalError(f->getLoc(), "PtxasWorkaround names no operand of "
                                   "its form at '" +
                                       ptx.drop_front(open) + "'");
    ptx = ptx.drop_front(close + 1);
  }
}

/// The form's random-bit layout as a RandomBitsDesc initializer: one
/// offset per destination lane, each field inside the last source.
std::string randomBits(const Record *f, Pools &pools) {
  const Record *r = f->getValueAsDef("Rbits");
  int64_t width = r->getValueAsInt("Width");
  std::vector<int64_t> offsets = r->getValueAsListOfInts("Offsets");
  std::vector<std::string> items;
  if (width || !offsets.empty()) {
    std::vector<const Record *> ops = f->getValueAsListOfDefs("Operands");
    const Record *dst = ops.front()->getValueAsDef("Type");
    const Record *src = ops.back()->getValueAsDef("Type");
    if (static_cast<int64_t>(offsets.size()) != dst->getValueAsInt("Lanes") ||
        ops.back()->getValueAsDef("Role")->getName() != "Use")
      PrintFatalError(f->getLoc(), "random bits need one offset per "
                                   "destination lane and a last source");
    for (int64_t o : offsets) {
      if (width <= 0 || o < 0 || o + width > src->getValueAsInt("Bits"))
        PrintFatalError(f->getLoc(), "random bits beyond the last source");
      items.push_back(std::to_string(o));
    }
  }
  return "{" + std::to_string(width) + ", " +
         Pools::add(pools.rbits, "kRandomBitOffsets", "unsigned", items) + "}";
}

/// A number of an ErrorBound record as a C++ literal: "2^x" is 2 to the
/// power x, anything else a C literal strtod reads ("0x1p-126", "inf");
/// an empty field (`optional`) is 0.
std::string boundNumber(const Record *b, StringRef field,
                        bool optional = false) {
  std::string text = b->getValueAsString(field).str();
  if (optional && text.empty())
    return "0.0";
  bool power = StringRef(text).starts_with("2^");
  const char *start = text.c_str() + (power ? 2 : 0);
  char *end = nullptr;
  double v = std::strtod(start, &end);
  if (text.empty() || *end)
    PrintFatalError(b->getLoc(), "'" + text + "' is not a number");
  if (power)
    v = std::exp2(v);
  if (std::isinf(v))
    return v > 0 ? "HUGE_VAL" : "-HUGE_VAL";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

/// The form's error bounds as ErrorBoundDesc initializers.
std::string errorBounds(const Record *f, Pools &pools) {
  std::vector<const Record *> ops = f->getValueAsListOfDefs("Operands");
  std::vector<std::string> items;
  for (const Record *b : f->getValueAsListOfDefs("Bounds")) {
    StringRef name = b->getValueAsString("Operand");
    int index = -1;
    for (auto [i, o] : llvm::enumerate(ops))
      if (!name.empty() && o->getValueAsString("Name") == name)
        index = static_cast<int>(i);
    if (!name.empty() && index < 0)
      PrintFatalError(b->getLoc(), "no operand '" + name + "'");
    bool ranged = index >= 0;
    std::string metric =
        b->getValueAsDef("Metric")->getValueAsString("Name").str();
    metric[0] = llvm::toUpper(metric[0]);
    if (b->getValueAsString("Bound").empty() &&
        b->getValueAsString("Measured").empty())
      PrintFatalError(b->getLoc(), "a bound needs the ISA's or a measured one");
    items.push_back(
        "{ErrorMetric::" + metric + ", " + quote(b->getValueAsString("Bound")) +
        ", " + boundNumber(b, "Bound", true) + ", " +
        quote(b->getValueAsString("Measured")) + ", " +
        boundNumber(b, "Measured", true) + ", " + std::to_string(index) + ", " +
        (ranged ? boundNumber(b, "Lo") : "-HUGE_VAL") + ", " +
        (ranged ? boundNumber(b, "Hi") : "HUGE_VAL") + "}");
  }
  return Pools::add(pools.bounds, "kErrorBounds", "ErrorBoundDesc", items);
}

/// The form's MeasuredResults entries (at most one record names it); a
/// form has them exactly when its accuracy is MeasuredTable.
std::string measuredResults(const RecordKeeper &rk, const Record *f,
                            Pools &pools) {
  std::vector<std::string> items;
  const Record *owner = nullptr;
  for (const Record *m : defsOf(rk, "MeasuredResults")) {
    if (!llvm::is_contained(m->getValueAsListOfDefs("Forms"), f))
      continue;
    if (owner)
      PrintFatalError(m->getLoc(),
                      "a second MeasuredResults for '" + f->getName() + "'");
    owner = m;
    int64_t last = -1;
    for (int64_t e : m->getValueAsListOfInts("Exceptions")) {
      if (e < 0 || e > 0xFFFFFFFF || (e >> 16) <= last)
        PrintFatalError(m->getLoc(), "entries must be sorted 32-bit words");
      last = e >> 16;
      items.push_back(std::to_string(e) + "u");
    }
  }
  bool table = f->getValueAsDef("Accuracy")->getName() == "MeasuredTable";
  if (table != (owner != nullptr))
    PrintFatalError(f->getLoc(), "a MeasuredTable form needs MeasuredResults, "
                                 "and only such a form has them");
  return Pools::add(pools.measured, "kMeasuredResults", "uint32_t", items);
}

/// A MufuScaling field as a C++ float: a number, or `none` where empty (an
/// empty `none`: the field is required).
std::string scalingNumber(const Record *s, StringRef field, StringRef none) {
  if (!none.empty() && s->getValueAsString(field).empty())
    return none.str();
  return "float(" + boundNumber(s, field) + ")";
}

/// A MufuReduction the reference implements: its enumerator, the tables it
/// reads and the sources of the forms it computes.
struct MufuReductionKind {
  StringRef name;
  const char *enumerator;
  size_t tables;
  size_t sources;
  StringRef type;
};

/// The reference's reduction named by the MufuReduction record `r`.
const MufuReductionKind &mufuReductionOf(const Record *r) {
  static const MufuReductionKind kinds[] = {
      {"reciprocal", "Reciprocal", 1, 1, "F32"},
      {"sqrt", "Sqrt", 1, 1, "F32"},
      {"rsqrt", "Rsqrt", 1, 1, "F32"},
      {"exp2_fixed", "Exp2Fixed", 2, 1, "F32"},
      {"log2_split", "Log2Split", 2, 1, "F32"},
      {"sin_fixed", "SinFixed", 1, 1, "F32"},
      {"cos_fixed", "CosFixed", 1, 1, "F32"},
      {"tanh_binades", "TanhBinades", 1, 1, "F32"},
      {"quotient", "Quotient", 1, 2, "F32"},
      {"reciprocal_upper", "ReciprocalUpper", 1, 1, "F64"},
      {"rsqrt_upper", "RsqrtUpper", 1, 1, "F64"},
      {"rsqrt_refined", "RsqrtRefined", 1, 1, "F64"}};
  for (const MufuReductionKind &k : kinds)
    if (r->getValueAsString("Name") == k.name)
      return k;
  PrintFatalError(r->getLoc(), "the reference has no reduction '" +
                                   r->getValueAsString("Name") + "'");
}

/// The number of source operands of the form `f`.
size_t sourcesOf(const Record *f) {
  return llvm::count_if(f->getValueAsListOfDefs("Operands"),
                        [](const Record *o) {
                          return o->getValueAsDef("Role")->getName() == "Use";
                        });
}

/// The MufuPost enumerator of a MufuScaling's `Post`.
std::string mufuPostOf(const Record *s) {
  StringRef post = s->getValueAsString("Post");
  for (auto [name, e] : {std::pair{"mul", "Mul"},
                         {"add", "Add"},
                         {"square", "Square"},
                         {"mul_scale", "MulScale"},
                         {"none", "None"}})
    if (post == name)
      return "MufuPost::" + std::string(e);
  PrintFatalError(s->getLoc(), "no post operation '" + post + "'");
}

/// The form's MufuModel as `&kMufuModels[i]` (appended to `models`, its
/// tables to `tables`), or nullptr. A form has one exactly when its accuracy
/// is MeasuredExact, and only an f32 form can.
std::string mufuModel(const Record *f, std::vector<std::string> &models,
                      std::vector<std::string> &tables) {
  std::vector<const Record *> list = f->getValueAsListOfDefs("Mufu");
  bool exact = f->getValueAsDef("Accuracy")->getName() == "MeasuredExact";
  if (exact != (list.size() == 1))
    PrintFatalError(f->getLoc(), "a MeasuredExact form needs one MufuModel, "
                                 "and only such a form has one");
  if (list.empty())
    return "nullptr";
  const Record *m = list[0];
  const MufuReductionKind &kind =
      mufuReductionOf(m->getValueAsDef("Reduction"));
  std::vector<const Record *> types = f->getValueAsListOfDefs("Types");
  if (types.size() != 1 || types[0]->getName() != kind.type)
    PrintFatalError(f->getLoc(), "the reduction '" + kind.name +
                                     "' computes a form of type " +
                                     kind.type.lower());
  size_t count = kind.tables;
  std::vector<const Record *> ts = m->getValueAsListOfDefs("Tables");
  if (ts.size() != count)
    PrintFatalError(m->getLoc(),
                    "the reduction reads " + Twine(count) + " tables");
  if (sourcesOf(f) != kind.sources)
    PrintFatalError(f->getLoc(), "the reduction '" + kind.name +
                                     "' computes a form of " +
                                     Twine(kind.sources) + " sources");
  size_t start = tables.size();
  std::vector<const Record *> all = defsOf(f->getRecords(), "MufuTable");
  for (const Record *t : ts)
    tables.push_back("{" + quote(t->getValueAsString("File")) + ", " +
                     quote(t->getValueAsString("Domain")) + ", " +
                     std::to_string(t->getValueAsInt("Entries")) + "u, " +
                     std::to_string(llvm::find(all, t) - all.begin()) + "}");
  const Record *s = m->getValueAsDef("Scaling");
  models.push_back(
      "{MufuReduction::" + std::string(kind.enumerator) + ", " +
      quote(kind.name) + ", llvm::ArrayRef<MufuTableDesc>(kMufuTables + " +
      std::to_string(start) + ", size_t(" + std::to_string(count) + ")), " +
      (s->getValueAsBit("OnMagnitude") ? "true" : "false") + ", " +
      scalingNumber(s, "Below", "") + ", " + scalingNumber(s, "PreScale", "") +
      ", " + mufuPostOf(s) + ", " + scalingNumber(s, "PostValue", "0.0f") +
      ", " + scalingNumber(s, "Above", "HUGE_VALF") + ", " +
      scalingNumber(s, "AboveScale", "1.0f") + ", " +
      (s->getValueAsBit("AboveWithFtz") ? "true" : "false") + "}");
  return "&kMufuModels[" + std::to_string(models.size() - 1) + "]";
}

void emitForms(raw_ostream &os, const RecordKeeper &rk) {
  emitFragments(os, rk);
  emitSmemLayouts(os, rk);
  Pools pools;
  std::vector<std::string> rows, mufuModels, mufuTables;
  std::map<std::string, const Record *> firstOfMnemonic;
  for (const Record *f : defsOf(rk, "Form")) {
    std::string mnemonic = f->getValueAsString("Mnemonic").str();
    const Record *first = firstOfMnemonic.emplace(mnemonic, f).first->second;
    std::vector<std::string> slots, types, ops, floors, older;
    for (const Record *s : f->getValueAsListOfDefs("Slots"))
      slots.push_back(slotInit(s));
    for (const Record *t : f->getValueAsListOfDefs("Types"))
      types.push_back("DataType::" + enumName(t));
    checkBraces(f);
    for (const Record *o : f->getValueAsListOfDefs("Operands"))
      ops.push_back(operandInit(o, pools));
    for (const Record *q : f->getValueAsListOfDefs("QualFloors"))
      floors.push_back("{Qual::" + enumName(q->getValueAsDef("Qualifier")) +
                       ", " + std::to_string(q->getValueAsInt("Ptx")) + ", " +
                       std::to_string(q->getValueAsInt("Sm")) + "}");
    for (const Record *c : f->getValueAsListOfDefs("OlderChips"))
      older.push_back("{" + std::to_string(c->getValueAsInt("Sm")) + ", " +
                      std::to_string(c->getValueAsInt("Ptx")) + "}");
    // elect.sync and bar.warp.sync have no type suffix; only an
    // instruction that orders (cp.async.commit_group) has no operand.
    if (ops.empty() && !f->getValueAsDef("Sem")->getValueAsBit("DataMovement"))
      PrintFatalError(f->getLoc(), "a form that computes needs operands");
    checkWorkaround(f);
    std::vector<std::string> chips = archChips(rk, f);
    std::string rbits = randomBits(f, pools);
    const Record *nan = f->getValueAsDef("NaNResult");
    rows.push_back(
        "{" + quote(mnemonic) + ", " + quote(syntaxOf(f, first)) + ", " +
        Pools::add(pools.slots, "kSlots", "QualSlot", slots) + ", " +
        Pools::add(pools.types, "kFormTypes", "DataType", types) + ", " +
        Pools::add(pools.operands, "kOperands", "OperandDesc", ops) + ", " +
        std::to_string(f->getValueAsInt("Ptx")) + ", " +
        std::to_string(f->getValueAsInt("Sm")) + ", " +
        Pools::add(pools.floors, "kQualFloors", "QualFloor", floors) + ", " +
        "Semantics::" + enumName(f->getValueAsDef("Sem"), "Sem") + ", " +
        quote(f->getValueAsString("Doc")) + ", " +
        cstrOrNull(f->getValueAsString("Intrinsic")) + ", " +
        cstrOrNull(f->getValueAsString("Sass")) + ", " +
        quote(f->getValueAsString("Variant")) + ", " +
        Pools::add(pools.older, "kOlderChips", "OlderChip", older) + ", " +
        quote(nan->getValueAsString("Name")) + ", " +
        (nan->getValueAsBit("PayloadDefined") ? "true" : "false") + ", " +
        "{NaNRule::" + enumName(nan, "NaN") +
        ", NaNRule::" + enumName(f->getValueAsDef("NaNBare"), "NaN") +
        ", NaNRule::" + enumName(f->getValueAsDef("PredNaNBare"), "NaN") +
        "}, " + quote(f->getValueAsDef("Accuracy")->getValueAsString("Name")) +
        ", " + quote(f->getName()) + ", " +
        cstrOrNull(f->getValueAsString("NoPreserveDst")) + ", " +
        Pools::add(pools.chips, "kArchChips", "const char *", chips) + ", " +
        rbits + ", " +
        cstrOrNull(f->getValueAsDef("Accuracy")->getValueAsString("Doc")) +
        ", " + std::to_string(f->getValueAsInt("SassCopies")) + ", " +
        arithRef(rk, f) + ", " + errorBounds(f, pools) + ", " +
        (f->getValueAsBit("UpperHalf") ? "true" : "false") + ", " +
        (f->getValueAsBit("FlushesSubnormals") ? "true" : "false") + ", " +
        std::to_string(f->getValueAsInt("MeasuredUlps")) + ", " +
        measuredResults(rk, f, pools) + ", " +
        (f->getValueAsBit("SinkFirst") ? "true" : "false") +
        ", MbarrierOp::" + enumName(f->getValueAsDef("MbarrierOp"), "MbOp") +
        ", " + (f->getValueAsBit("MbNoComplete") ? "true" : "false") + ", " +
        (f->getValueAsBit("NeedsClusterLaunch") ? "true" : "false") + ", " +
        mufuModel(f, mufuModels, mufuTables) + ", " +
        cstrOrNull(f->getValueAsString("Element")) + ", " +
        (f->getValueAsBit("WarpAligned") ? "true" : "false") + ", " +
        (f->getValueAsBit("Polls") ? "true" : "false") + ", " +
        cstrOrNull(f->getValueAsString("PtxasWorkaround")) + ", " +
        cstrOrNull(f->getValueAsString("PtxasWorkaroundWhy")) + "}");
  }
  emitPool(os, "QualSlot", "kSlots", pools.slots, "{}");
  emitPool(os, "DataType", "kFormTypes", pools.types, "{}");
  emitPool(os, "int64_t", "kImmValues", pools.immValues, "0");
  emitPool(os, "OperandDesc", "kOperands", pools.operands, "{}");
  emitPool(os, "QualFloor", "kQualFloors", pools.floors, "{}");
  emitPool(os, "OlderChip", "kOlderChips", pools.older, "{}");
  emitPool(os, "char *const", "kArchChips", pools.chips, "nullptr");
  emitPool(os, "unsigned", "kRandomBitOffsets", pools.rbits, "0");
  emitPool(os, "ErrorBoundDesc", "kErrorBounds", pools.bounds, "{}");
  emitPool(os, "uint32_t", "kMeasuredResults", pools.measured, "0");
  emitPool(os, "MufuTableDesc", "kMufuTables", mufuTables, "{}");
  emitPool(os, "MufuModelDesc", "kMufuModels", mufuModels, "{}");
  os << "static const FormDesc kForms[] = {\n";
  for (const std::string &r : rows)
    os << "    " << r << ",\n";
  os << "};\n\n";
}

void emitRejected(raw_ostream &os, const RecordKeeper &rk) {
  os << "static const RejectedSpelling kRejected[] = {\n";
  for (const Record *r : defsOf(rk, "Rejected")) {
    std::string types;
    for (const Record *t : r->getValueAsListOfDefs("Types"))
      types += "." + t->getValueAsString("Name").str();
    os << "    {" << quote(r->getValueAsString("Mnemonic")) << ", "
       << quote(types) << ", " << qualSetOf(r->getValueAsListOfDefs("AnyOf"))
       << ", " << qualSetOf(r->getValueAsListOfDefs("AllOf")) << ", "
       << quote(r->getValueAsString("Reason")) << ", "
       << (r->getValueAsBit("NoRounding") ? "true" : "false") << ", "
       << (r->getValueAsBit("Documented") ? "true" : "false") << ", "
       << (r->getValueAsBit("Misplaced") ? "true" : "false") << ", "
       << qualSetOf(r->getValueAsListOfDefs("NoneOf")) << "},\n";
  }
  os << "};\n\n";
}

/// The qualifier tables, one pool of values and one row per qualifier.
void emitQualTables(raw_ostream &os, const RecordKeeper &rk) {
  std::vector<std::string> values, rows;
  std::vector<const Record *> seen;
  for (const Record *t : defsOf(rk, "QualTable")) {
    const Record *q = t->getValueAsDef("Qualifier");
    if (llvm::is_contained(seen, q))
      PrintFatalError(t->getLoc(),
                      "a second table for qualifier '" + q->getName() + "'");
    seen.push_back(q);
    std::vector<std::string> items;
    for (int64_t v : t->getValueAsListOfInts("Values"))
      items.push_back(std::to_string(v));
    rows.push_back("{Qual::" + enumName(q) + ", " +
                   Pools::add(values, "kQualTableValues", "int", items) + "}");
  }
  emitPool(os, "int", "kQualTableValues", values, "0");
  os << "static const QualTableRow kQualTables[] = {\n";
  for (const std::string &r : rows)
    os << "    " << r << ",\n";
  if (rows.empty())
    os << "    {Qual(0), {}},\n";
  os << "};\n\n";
}

/// The bridges between predicates and integers, by form index.
void emitPredicateBridges(raw_ostream &os, const RecordKeeper &rk) {
  std::vector<const Record *> forms = defsOf(rk, "Form");
  auto indexOf = [&](const Record *bridge, StringRef field) {
    const Record *f = bridge->getValueAsDef(field);
    return std::to_string(llvm::find(forms, f) - forms.begin());
  };
  os << "static const PredicateBridge kPredicateBridges[] = {\n";
  std::vector<const Record *> bridges = defsOf(rk, "PredicateBridge");
  for (const Record *b : bridges)
    os << "    {" << b->getValueAsInt("Bits") << ", " << indexOf(b, "ToInt")
       << ", " << indexOf(b, "FromInt")
       << ", bit(Qual::" << enumName(b->getValueAsDef("FromIntQual"))
       << ")},\n";
  if (bridges.empty())
    os << "    {0, 0, 0, 0},\n";
  os << "};\n\n";
}

void emitTargets(raw_ostream &os, const RecordKeeper &rk) {
  os << "static const ChipInfo kChips[] = {\n";
  for (const Record *c : defsOf(rk, "Chip")) {
    StringRef suffix = c->getValueAsString("Suffix");
    os << "    {" << quote(c->getValueAsString("Name")) << ", "
       << c->getValueAsInt("Sm") << ", "
       << (suffix.empty() ? "0" : "'" + suffix.str() + "'") << ", "
       << c->getValueAsInt("PtxasMinPtx") << ", "
       << c->getValueAsInt("LlvmMinPtx") << ", "
       << quote(c->getValueAsString("Note")) << "},\n";
  }
  os << "};\n\nstatic const PeakRate kPeakRates[] = {\n";
  for (const Record *p : defsOf(rk, "PeakRate"))
    os << "    {" << p->getValueAsInt("Sm")
       << ", Semantics::" << enumName(p->getValueAsDef("Sem"), "Sem")
       << ", DataType::" << enumName(p->getValueAsDef("Type")) << ", "
       << p->getValueAsInt("LanesPerClock") << ", "
       << quote(p->getValueAsString("Source")) << "},\n";
  os << "};\n\nstatic const unsigned kLlvmPtxVersions[] = {\n   ";
  std::vector<const Record *> versions = defsOf(rk, "EmittablePtxVersions");
  if (versions.size() != 1)
    PrintFatalError("exactly one EmittablePtxVersions record is needed");
  for (int64_t v : versions.front()->getValueAsListOfInts("Versions"))
    os << " " << v << ",";
  os << "\n};\n\n";
  std::vector<const Record *> local = defsOf(rk, "ThreadLocalMemory");
  if (local.size() != 1)
    PrintFatalError("exactly one ThreadLocalMemory record is needed");
  os << "static const uint64_t kLocalBytesPerThread = "
     << local.front()->getValueAsInt("Bytes") << ";\n"
     << "static const char kLocalBytesSource[] = "
     << quote(local.front()->getValueAsString("Source")) << ";\n\n";
  std::vector<const Record *> cluster = defsOf(rk, "PortableClusterSize");
  if (cluster.size() != 1)
    PrintFatalError("exactly one PortableClusterSize record is needed");
  os << "static const unsigned kMaxClusterCtas = "
     << cluster.front()->getValueAsInt("Ctas") << ";\n\n";
  std::vector<const Record *> window = defsOf(rk, "SharedWindow");
  if (window.size() != 1)
    PrintFatalError("exactly one SharedWindow record is needed");
  os << "static const SharedWindowDesc kSharedWindow = {"
     << window.front()->getValueAsInt("Bits") << ", "
     << window.front()->getValueAsInt("Reserved") << ", "
     << quote(window.front()->getValueAsString("Source")) << "};\n\n";
  std::vector<const Record *> policy = defsOf(rk, "CachePolicyLayout");
  if (policy.size() != 1)
    PrintFatalError("exactly one CachePolicyLayout record is needed");
  const Record *p = policy.front();
  os << "static const CachePolicyLayout kCachePolicyLayout = {"
     << p->getValueAsInt("Tag") << ", " << p->getValueAsInt("RangeBit") << ", "
     << p->getValueAsInt("PrimaryShift") << ", "
     << p->getValueAsInt("FractionShift") << ", "
     << p->getValueAsInt("FractionBits") << ", " << p->getValueAsInt("MinLog2")
     << ", " << p->getValueAsInt("UnitsLog2") << ", "
     << p->getValueAsInt("StartShift") << ", " << p->getValueAsInt("CountShift")
     << ", " << quote(p->getValueAsString("Source")) << "};\n\n";
}

bool emitTables(raw_ostream &os, const RecordKeeper &rk) {
  emitSourceFileHeader("The constant arrays of the PTX instruction table", os,
                       rk);
  emitFormats(os, rk);
  emitTypes(os, rk);
  os << "static const char *const kQualNames[] = {\n";
  for (const Record *q : defsOf(rk, "Qual"))
    os << "    " << quote(q->getValueAsString("Spelling")) << ",\n";
  os << "};\n\n";
  std::vector<const Record *> rounding;
  for (const Record *s : defsOf(rk, "Slot"))
    if (s->getValueAsDef("Kind")->getName() == "RoundingSlot")
      for (const Record *q : s->getValueAsListOfDefs("Choices"))
        if (!llvm::is_contained(rounding, q))
          rounding.push_back(q);
  llvm::sort(rounding, LessRecordByID());
  os << "/// Every qualifier a rounding slot offers.\nstatic constexpr QualSet "
        "kRoundingQualSet = "
     << qualSetOf(rounding) << ";\n\n";
  os << "static const NaNRuleInfo kNaNRules[] = {\n";
  for (const Record *r : defsOf(rk, "NaNRule"))
    os << "    {" << quote(r->getValueAsString("Name")) << ", "
       << (r->getValueAsBit("PayloadDefined") ? "true" : "false") << ", "
       << quote(r->getValueAsString("Doc")) << "},\n";
  os << "};\n\n";
  os << "static const SemanticsInfo kSemantics[] = {\n";
  for (const Record *s : defsOf(rk, "Semantics"))
    os << "    {Semantics::" << enumName(s, "Sem") << ", "
       << quote(s->getValueAsString("Name")) << ", "
       << (s->getValueAsBit("DataMovement") ? "true" : "false") << ", "
       << (s->getValueAsBit("Collective") ? "true" : "false") << ", "
       << (s->getValueAsBit("CtaBarrier") ? "true" : "false") << "},\n";
  os << "};\n\n";
  emitForms(os, rk);
  emitRejected(os, rk);
  emitQualTables(os, rk);
  emitPredicateBridges(os, rk);
  emitTargets(os, rk);
  return false;
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// Whether semantics `s` names a function in `field`: the warp function
/// for a collective, the lane function and input generator for every key
/// that computes lane by lane.
bool namesFunction(const Record *s, StringRef field) {
  // Register-group collectives (mma) are the reference's evaluateMma.
  if (s->getValueAsBit("DataMovement") || s->getValueAsBit("Groups"))
    return false;
  return s->getValueAsBit("Collective") == (field == "WarpFn");
}

/// Declares each distinct function named by the semantics' `field` with
/// `signature` and writes `table`, indexed by the Semantics enumerator
/// (nullptr for the keys that name none: namesFunction).
bool emitDispatch(raw_ostream &os, const RecordKeeper &rk, StringRef field,
                  StringRef ns, StringRef returnType, StringRef params,
                  StringRef table, StringRef fnType) {
  std::vector<const Record *> sems = defsOf(rk, "Semantics");
  std::vector<std::string> declared;
  os << "namespace " << ns << " {\n";
  for (const Record *s : sems) {
    std::string fn = s->getValueAsString(field).str();
    bool names = namesFunction(s, field);
    if (fn.empty() == names)
      PrintFatalError(s->getLoc(),
                      "semantics '" + s->getName() + "' " +
                          (names ? "must name its " : "names no function in ") +
                          field.str());
    if (fn.empty() || llvm::is_contained(declared, fn))
      continue;
    declared.push_back(fn);
    os << returnType << " " << fn << "(" << params << ");\n";
  }
  os << "} // namespace " << ns << "\n\n";
  os << "static " << fnType << " const " << table << "[] = {\n";
  for (const Record *s : sems) {
    std::string fn = s->getValueAsString(field).str();
    os << "    " << (fn.empty() ? "nullptr" : "&" + ns.str() + "::" + fn)
       << ", // " << s->getValueAsString("Name") << "\n";
  }
  os << "};\n";
  return false;
}

} // namespace

bool tile::tblgen::emitPtxEnums(raw_ostream &os, const RecordKeeper &rk) {
  return emitEnums(os, rk);
}

bool tile::tblgen::emitPtxTables(raw_ostream &os, const RecordKeeper &rk) {
  return emitTables(os, rk);
}

bool tile::tblgen::emitLaneDispatch(raw_ostream &os, const RecordKeeper &rk) {
  emitSourceFileHeader("The reference's lane function of each semantics key",
                       os, rk);
  return emitDispatch(os, rk, "LaneFn", "tile::ref::lanes", "uint64_t",
                      "const LaneContext &ctx, llvm::ArrayRef<uint64_t> in",
                      "kLaneFns", "LaneFn");
}

bool tile::tblgen::emitWarpDispatch(raw_ostream &os, const RecordKeeper &rk) {
  emitSourceFileHeader("The reference's warp function of each collective", os,
                       rk);
  return emitDispatch(os, rk, "WarpFn", "tile::ref::warps", "void",
                      "const WarpContext &ctx, const WarpSources &in, "
                      "uint64_t *out",
                      "kWarpFns", "WarpFn");
}

bool tile::tblgen::emitInputDispatch(raw_ostream &os, const RecordKeeper &rk) {
  emitSourceFileHeader("tile-diff's input generator of each semantics key", os,
                       rk);
  return emitDispatch(os, rk, "InputGen", "tile::diff::gen", "void",
                      "const GenContext &ctx, uint64_t *in", "kInputGens",
                      "InputGen");
}

bool tile::tblgen::emitMufuData(raw_ostream &os, const RecordKeeper &rk) {
  emitSourceFileHeader("The measured multifunction-unit tables, embedded", os,
                       rk);
  os << "// The includer defines TILE_MUFU_DIR, the directory of the files.\n";
  std::vector<const Record *> tables = defsOf(rk, "MufuTable");
  for (size_t i = 0; i < tables.size(); ++i) {
    std::string sym = "tile_mufu_table_" + std::to_string(i);
    os << "asm(\".pushsection .rodata\\n.balign 16\\n.hidden " << sym
       << "_begin\\n.hidden " << sym << "_end\\n"
       << sym << "_begin:\\n.incbin \\\"\" TILE_MUFU_DIR \"/"
       << tables[i]->getValueAsString("File") << "\\\"\\n"
       << sym << "_end:\\n.popsection\");\n";
    os << "extern \"C\" const unsigned char " << sym << "_begin[], " << sym
       << "_end[];\n";
  }
  os << "static const MufuBlob kMufuBlobs[] = {\n";
  for (size_t i = 0; i < tables.size(); ++i) {
    std::string sym = "tile_mufu_table_" + std::to_string(i);
    os << "    {" << quote(tables[i]->getValueAsString("File")) << ", " << sym
       << "_begin, " << sym << "_end},\n";
  }
  os << "};\n";
  return false;
}

bool tile::tblgen::emitTensorMapTypeBits(raw_ostream &os,
                                         const RecordKeeper &rk) {
  emitSourceFileHeader("The bits of each CUtensorMapDataType, by code", os, rk);
  std::vector<int64_t> bits;
  for (const Record *t : defsOf(rk, "TensorMapDataType")) {
    size_t code = static_cast<size_t>(t->getValueAsInt("Code"));
    if (bits.size() <= code)
      bits.resize(code + 1, 0);
    bits[code] = t->getValueAsInt("Bits");
  }
  os << "// 0: no such code in the table.\n"
        "static const unsigned kTensorMapTypeBits[] = {";
  for (size_t i = 0; i < bits.size(); ++i)
    os << (i ? ", " : "") << bits[i];
  os << "};\n";
  return false;
}

bool tile::tblgen::emitGridSync(raw_ostream &os, const RecordKeeper &rk) {
  emitSourceFileHeader("The code of a grid synchronization", os, rk);
  std::vector<const Record *> grid = defsOf(rk, "GridBarrier");
  if (grid.size() != 1)
    PrintFatalError("exactly one GridBarrier record is needed");
  os << "static const char *const kGridSyncAsm[] = {\n";
  for (StringRef line : grid.front()->getValueAsListOfStrings("Asm"))
    os << "    " << quote(line) << ",\n";
  os << "};\nstatic const unsigned kGridSyncFloors[] = {"
     << grid.front()->getValueAsInt("Ptx") << ", "
     << grid.front()->getValueAsInt("Sm") << "};\n";
  return false;
}
