//===- Decoder.cpp - Decoding PTX opcode spellings ------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The decoder: a spelling such as "fma.rn.ftz.f32" to the table's form and
/// qualifier set, or a message that names the first real problem.
///
//===----------------------------------------------------------------------===//

#include "TableImpl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Error.h"

using namespace tile::ptx;
using llvm::StringRef;
using tile::ptx::detail::allQuals;
using tile::ptx::detail::isOtherPtxTypeName;
using tile::ptx::detail::quoted;

static std::string typesStr(llvm::ArrayRef<DataType> types) {
  std::string s;
  for (DataType t : types)
    s += "." + getName(t).str();
  return s;
}

/// Prints a user-supplied spelling quoted, with unprintable characters
/// escaped.
std::string tile::ptx::detail::quoted(StringRef text) {
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

/// Whether rejected spelling `r` matches: the mnemonic, the type suffixes
/// (any, where the record lists none), any of `anyOf`, all of `allOf`, none
/// of `noneOf`, and no rounding modifier where the record says so. Records of
/// misplaced qualifiers match only when `misplaced` is asked for.
static bool rejectedMatches(const RejectedSpelling &r, StringRef mnemonic,
                            llvm::ArrayRef<DataType> types, QualSet quals,
                            bool misplaced = false) {
  if (r.misplaced != misplaced || mnemonic != r.mnemonic ||
      (*r.types && typesStr(types) != r.types))
    return false;
  if ((r.anyOf && !(quals & r.anyOf)) || (quals & r.allOf) != r.allOf ||
      (quals & r.noneOf))
    return false;
  return !(r.noRounding && (quals & getRoundingQuals()));
}

/// The first rejected spelling that matches, or null.
static const RejectedSpelling *findRejected(StringRef mnemonic,
                                            llvm::ArrayRef<DataType> types,
                                            QualSet quals) {
  for (const RejectedSpelling &r : getRejectedSpellings())
    if (rejectedMatches(r, mnemonic, types, quals))
      return &r;
  return nullptr;
}

/// Whether a rejected spelling of `mnemonic` names `q`, so that the
/// decoder explains the spelling with its reason.
static bool isRejectedQual(StringRef mnemonic, Qual q) {
  return llvm::any_of(getRejectedSpellings(), [&](const RejectedSpelling &r) {
    return mnemonic == r.mnemonic && ((r.anyOf | r.allOf) & bit(q));
  });
}

/// Whether a misplaced-qualifier rejection of `mnemonic` names `q` (mma's
/// `.satfinite` after the type suffixes), so that the placement check gives
/// its reason.
static bool isMisplacedRejectedQual(StringRef mnemonic, Qual q) {
  return llvm::any_of(getRejectedSpellings(), [&](const RejectedSpelling &r) {
    return r.misplaced && mnemonic == r.mnemonic &&
           ((r.anyOf | r.allOf) & bit(q));
  });
}

/// The diagnostic of a rejected spelling: undocumented, or documented but
/// unsupported.
static std::string rejectionMessage(const RejectedSpelling &r,
                                    const std::string &spelling) {
  if (r.documented)
    return spelling + " is not supported: " + r.reason;
  return spelling + " is not a documented PTX form: " + r.reason;
}

/// For a mnemonic without forms: the reason of a rejected spelling of it
/// (its type suffixes and qualifiers read loosely), or nullopt.
static std::optional<std::string>
rejectedMnemonic(StringRef mnemonic, llvm::ArrayRef<StringRef> tokens,
                 const std::string &spelling) {
  llvm::SmallVector<DataType, 2> types;
  QualSet quals = 0;
  for (size_t i = 1; i < tokens.size(); ++i) {
    unsigned width;
    if (std::optional<DataType> t = lookupType(tokens[i]))
      types.push_back(*t);
    else if (std::optional<Qual> q = matchQual(tokens, i, width))
      quals |= bit(*q);
  }
  if (const RejectedSpelling *r = findRejected(mnemonic, types, quals))
    return rejectionMessage(*r, spelling);
  return std::nullopt;
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

  /// Whether some candidate accepts `rest`, or `rest` with one choice of
  /// one of its slots put in (the documented rounding modifier or compare
  /// operator in place of the undocumented one).
  bool documentedWith(QualSet rest) const {
    for (const FormDesc *f : candidates) {
      if (f->accepts(rest))
        return true;
      for (const QualSlot &s : f->slots)
        for (QualSet c = s.choices; c; c = c.dropFirst())
          if (f->accepts((rest & ~s.choices) | bit(c.first())))
            return true;
    }
    return false;
  }

  /// The undocumented spelling ptxas was measured to accept that this one
  /// is: it has the rule's fault and, without it, is a documented spelling
  /// (so a spelling with a second fault is not claimed to be accepted).
  const RejectedSpelling *matchRejected() const {
    for (const RejectedSpelling &r : getRejectedSpellings())
      if (rejectedMatches(r, mnemonic, types, quals) &&
          (r.documented || documentedWith(quals & ~(r.anyOf | r.allOf))))
        return &r;
    return nullptr;
  }

  /// The qualifiers the matched rejected spelling accounts for.
  QualSet rejectedQuals() const {
    const RejectedSpelling *r = matchRejected();
    return r ? (r->anyOf | r->allOf) : 0;
  }

  std::optional<std::string> rejectedSpelling() const {
    if (const RejectedSpelling *r = matchRejected())
      return rejectionMessage(*r, spelling);
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
    QualSet rounding = quals & getRoundingQuals();
    // 1. A required rounding modifier is missing (ptxas accepts some such
    //    spellings: say so).
    const RejectedSpelling *rejected = matchRejected();
    if (rejected && rejected->noRounding)
      return *rejectedSpelling();
    QualSet badRounding = rounding & ~roundingChoices;
    QualSet badOther = quals & ~allowed & ~getRoundingQuals();
    QualSet flags = allowed & ~getRoundingQuals();
    auto notAllowed = [&](QualSet bad) {
      return "qualifier " + formatQuals(bad) + " is not allowed for " +
             family() +
             (flags ? " (allowed: " + formatQuals(flags) + ")"
                    : " (it takes none)");
    };
    if (!rounding && anyRounding && roundingRequired)
      return family() + " requires a rounding modifier (one of " +
             formatQuals(roundingChoices) + "), got none in " + spelling +
             (badOther ? "; also, " + notAllowed(badOther) : "");
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
             " in " + spelling +
             (badOther ? "; also, " + notAllowed(badOther) : "");
    // 4. Another qualifier the type does not take.
    if (badOther)
      return notAllowed(badOther) + " in " + spelling;
    // 5. Two rounding modifiers, of one form's slot or of two forms' (cvt's
    //    .rn and .rs), or two qualifiers of another slot.
    if (rounding.count() > 1)
      return "multiple rounding modifiers (" + formatQuals(rounding) + ") in " +
             spelling;
    for (const FormDesc *f : candidates)
      for (const QualSlot &s : f->slots)
        if ((quals & s.choices).count() > 1)
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
    // 7. A required qualifier is missing (e.g. ld without .global): the
    //    candidates that miss the fewest name their alternatives (mul's
    //    .hi, .lo, .wide).
    QualSet missing = 0;
    unsigned fewest = ~0u;
    for (const FormDesc *f : candidates) {
      QualSet m = 0;
      for (const QualSlot &s : f->slots)
        if (s.required && !(quals & s.choices))
          m |= s.choices;
      unsigned n = m.count();
      if (!m || n > fewest)
        continue;
      missing = n < fewest ? m : missing | m;
      fewest = n;
    }
    if (missing.count() > fewest)
      return family() + " requires one of " + formatQuals(missing) + " in " +
             spelling;
    if (missing)
      return family() + " requires " + formatQuals(missing) + " in " + spelling;
    return "no documented form of " + family() + " takes " +
           formatQuals(quals) + " together in " + spelling;
  }
};
} // namespace

static std::string mnemonicList() { return llvm::join(getMnemonics(), ", "); }

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
/// A spelling split into its parts, before any form is chosen.
struct Parsed {
  StringRef mnemonic;
  QualSet quals = 0;
  /// The qualifiers written after the type suffixes.
  QualSet trailing = 0;
  llvm::SmallVector<DataType, 2> types;
  /// The qualifiers in the order they are written.
  llvm::SmallVector<Qual, 8> order;
};
} // namespace

/// The message for an unknown token: a part of a dotted qualifier written
/// alone or out of order ('.abs.xorsign') is named with its spelling.
static std::string unknownQualifier(StringRef tok, const std::string &quote) {
  for (Qual q : allQuals()) {
    StringRef name = getQualName(q);
    llvm::SmallVector<StringRef, 2> parts;
    name.split(parts, '.');
    if (parts.size() > 1 && llvm::is_contained(parts, tok))
      return "unknown qualifier " + quoted("." + tok.str()) + " in " + quote +
             " (it is part of the qualifier '." + name.str() +
             "', written in that order)";
  }
  return "unknown qualifier " + quoted("." + tok.str()) + " in " + quote;
}

/// The qualifiers `form` writes after its type suffixes.
static QualSet trailingQuals(const FormDesc &form) {
  QualSet q = 0;
  for (const QualSlot &s : form.slots)
    if (s.afterTypes)
      q |= s.choices;
  return q;
}

/// Keeps the forms that write each qualifier where the spelling does
/// (before or after the type suffixes); if none does, the message names
/// the first misplaced qualifier, with the reason of a rejected spelling
/// that ptxas was measured to accept.
static llvm::Error
checkPlacement(const Parsed &p, llvm::SmallVectorImpl<const FormDesc *> &forms,
               const std::string &quote) {
  QualSet misplaced = 0;
  llvm::erase_if(forms, [&](const FormDesc *f) {
    QualSet wrong = (p.quals & trailingQuals(*f)) ^ p.trailing;
    misplaced |= wrong;
    return wrong != 0;
  });
  if (!forms.empty())
    return llvm::Error::success();
  for (const RejectedSpelling &r : getRejectedSpellings())
    if (rejectedMatches(r, p.mnemonic, p.types, p.quals, /*misplaced=*/true))
      return fail(rejectionMessage(r, quote));
  Qual q = misplaced.first();
  std::string name = "'." + getQualName(q).str() + "'";
  return fail("qualifier " + name + " must " +
              (p.trailing & bit(q) ? "precede" : "follow") +
              " the type suffix in " + quote);
}

/// Whether `mnemonic` has a form without type suffixes (elect.sync).
static bool hasUntypedForm(StringRef mnemonic) {
  return llvm::any_of(getFormsOf(mnemonic),
                      [](const FormDesc *f) { return f->getTypes().empty(); });
}

/// Splits `spelling` into mnemonic, qualifiers and types, checking each
/// token against the vocabulary of the mnemonic's forms.
static llvm::Expected<Parsed> parseSpelling(StringRef spelling,
                                            const std::string &quote) {
  llvm::SmallVector<StringRef> tokens;
  spelling.split(tokens, '.', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  Parsed p;
  p.mnemonic = tokens.front();
  if (p.mnemonic.empty())
    return fail("expected a PTX mnemonic before the first '.' in " + quote);
  QualSet vocabulary = 0, trailingVocabulary = 0;
  llvm::ArrayRef<const FormDesc *> forms = getFormsOf(p.mnemonic);
  for (const FormDesc *f : forms) {
    vocabulary |= f->getVocabulary();
    trailingVocabulary |= trailingQuals(*f);
  }
  if (forms.empty()) {
    if (auto r = rejectedMnemonic(p.mnemonic, tokens, quote))
      return fail(*r);
    return fail("unknown PTX instruction " + quoted(p.mnemonic) +
                " (the instruction table has " + mnemonicList() + ")");
  }
  std::string m = "'" + p.mnemonic.str() + "'";
  for (size_t i = 1; i < tokens.size();) {
    StringRef tok = tokens[i];
    if (tok.empty())
      return fail("empty qualifier in " + quote);
    if (std::optional<DataType> t = lookupType(tok)) {
      p.types.push_back(*t);
      ++i;
      continue;
    }
    if (isOtherPtxTypeName(tok))
      return fail(m + " has no form with type '." + tok + "' in " + quote);
    unsigned width;
    std::optional<Qual> q = matchQual(tokens, i, width);
    if (!q)
      return fail(unknownQualifier(tok, quote));
    std::string name = "'." + getQualName(*q).str() + "'";
    if (!(vocabulary & bit(*q)) && !isRejectedQual(p.mnemonic, *q))
      return fail("qualifier " + name + " is not valid for " + m + " in " +
                  quote);
    if (!p.types.empty() && !(trailingVocabulary & bit(*q)) &&
        !isMisplacedRejectedQual(p.mnemonic, *q))
      return fail("qualifier " + name + " must precede the type suffix in " +
                  quote);
    if (p.quals & bit(*q))
      return fail("duplicate qualifier " + name + " in " + quote);
    p.quals |= bit(*q);
    p.order.push_back(*q);
    if (!p.types.empty())
      p.trailing |= bit(*q);
    i += width;
  }
  if (p.types.empty() && !hasUntypedForm(p.mnemonic))
    return fail("missing type suffix in " + quote);
  return p;
}

/// The forms of the mnemonic with exactly these type suffixes; where it has
/// none, a documented spelling tile-mlir does not support (cvt between
/// .bf16 and .u8) says why.
static llvm::Expected<llvm::SmallVector<const FormDesc *>>
findCandidates(const Parsed &p, const std::string &quote) {
  llvm::SmallVector<const FormDesc *> candidates;
  llvm::ArrayRef<const FormDesc *> forms = getFormsOf(p.mnemonic);
  for (const FormDesc *f : forms)
    if (f->getTypes() == llvm::ArrayRef(p.types))
      candidates.push_back(f);
  if (!candidates.empty())
    return candidates;
  const RejectedSpelling *r = findRejected(p.mnemonic, p.types, p.quals);
  if (r && *r->types)
    return fail(rejectionMessage(*r, quote));
  std::string known;
  for (const FormDesc *f : forms) {
    std::string t = f->getTypes().empty() ? "no type suffix"
                                          : "'" + typesStr(f->getTypes()) + "'";
    if (known.find(t) == std::string::npos)
      known += (known.empty() ? "" : ", ") + t;
  }
  return fail("'" + p.mnemonic + "' has no form with type suffix '" +
              typesStr(p.types) + "' in " + quote + " (documented: " + known +
              ")");
}

/// Whether `f` prints the qualifiers of `order` in that order (each slot
/// holds one of them at most).
static bool printsInOrder(const FormDesc &f, llvm::ArrayRef<Qual> order) {
  unsigned slot = 0;
  for (Qual q : order) {
    while (slot < f.slots.size() && !(f.slots[slot].choices & bit(q)))
      ++slot;
    if (slot == f.slots.size())
      return false;
    ++slot;
  }
  return true;
}

/// Where forms accept the same qualifiers in different slots (createpolicy's
/// primary and secondary priorities: `.L2::evict_first.L2::evict_unchanged`
/// and `.L2::evict_unchanged.L2::evict_first`), keeps those that print them
/// in the order written, if any does.
static void keepWrittenOrder(llvm::ArrayRef<Qual> order,
                             llvm::SmallVectorImpl<const FormDesc *> &forms) {
  if (forms.size() < 2 || llvm::none_of(forms, [&](const FormDesc *f) {
        return printsInOrder(*f, order);
      }))
    return;
  llvm::erase_if(forms,
                 [&](const FormDesc *f) { return !printsInOrder(*f, order); });
}

/// Chooses among the forms that accept the spelling: by variant name, then
/// by operand atoms and kinds (memory or register), by atoms alone, by
/// operand count, else the first (the verifier reports the operands against
/// it).
static llvm::Expected<Instr> pickForm(llvm::ArrayRef<const FormDesc *> matching,
                                      QualSet quals, const FormHint &hint,
                                      const std::string &quote) {
  if (hint.variant) {
    std::string known;
    for (const FormDesc *f : matching) {
      if (*hint.variant == f->variant)
        return Instr{f, quals};
      known += (known.empty() ? "'" : ", '") + std::string(f->variant) + "'";
    }
    return fail(quote + " has no variant '" + *hint.variant + "' (it has " +
                known + ")");
  }
  auto atomsMatch = [&](const FormDesc *f) {
    if (hint.atoms.size() != f->getNumOperands())
      return false;
    for (auto [atom, op] : llvm::zip(hint.atoms, f->operands))
      if (atom != op.atom)
        return false;
    if (hint.predicates.size() == f->getNumOperands())
      for (auto [isPred, op] : llvm::zip(hint.predicates, f->operands))
        if (isPred != (op.type == DataType::Pred))
          return false;
    return true;
  };
  auto kindsMatch = [&](const FormDesc *f) {
    if (hint.memories.size() != f->getNumOperands())
      return false;
    for (auto [isMemory, op] : llvm::zip(hint.memories, f->operands))
      if (isMemory != (op.kind == OperandKind::Memory))
        return false;
    return true;
  };
  for (const FormDesc *f : matching)
    if (atomsMatch(f) && kindsMatch(f))
      return Instr{f, quals};
  for (const FormDesc *f : matching)
    if (atomsMatch(f))
      return Instr{f, quals};
  if (hint.numOperands)
    for (const FormDesc *f : matching)
      if (f->getNumOperands() == *hint.numOperands)
        return Instr{f, quals};
  return Instr{matching.front(), quals};
}

llvm::Expected<Instr> tile::ptx::decode(StringRef spelling,
                                        const FormHint &hint) {
  std::string quote = quoted(spelling);
  llvm::Expected<Parsed> parsed = parseSpelling(spelling, quote);
  if (!parsed)
    return parsed.takeError();
  auto candidates = findCandidates(*parsed, quote);
  if (!candidates)
    return candidates.takeError();
  llvm::SmallVector<const FormDesc *> matching;
  for (const FormDesc *f : *candidates)
    if (f->accepts(parsed->quals))
      matching.push_back(f);
  if (matching.empty())
    return fail(Explainer{parsed->mnemonic, parsed->types, *candidates,
                          parsed->quals, quote}
                    .explain());
  if (llvm::Error e = checkPlacement(*parsed, matching, quote))
    return std::move(e);
  keepWrittenOrder(parsed->order, matching);
  return pickForm(matching, parsed->quals, hint, quote);
}

std::optional<Instr> tile::ptx::decode(StringRef spelling, std::string &error,
                                       const FormHint &hint) {
  error.clear();
  llvm::Expected<Instr> instr = decode(spelling, hint);
  if (instr)
    return *instr;
  error = llvm::toString(instr.takeError());
  return std::nullopt;
}

bool tile::ptx::needsVariant(const Instr &instr) {
  llvm::Expected<Instr> plain = decode(instr.str());
  if (!plain) {
    llvm::consumeError(plain.takeError());
    return false;
  }
  return plain->form != instr.form;
}
