//===- Json.cpp - The JSON export of the table ----------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "TableImpl.h"

#include "llvm/ADT/APInt.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <cmath>

using namespace tile::ptx;
using llvm::StringRef;
using tile::ptx::detail::allQuals;

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
  case SlotKind::Operator:
    return "operator";
  }
  return "";
}

/// A fragment: its matrix, registers, and every element's place, lane by
/// lane ("map"[lane][i] = [matrix, row, col]), as the table computes it.
/// A fragment's facts; its map (lane, element) -> (matrix, row, column),
/// with `withMap`, for every lane of the warp (or thread of the
/// warpgroup). Operands name the fragment without its map, which the
/// export's "fragments" object holds once per record.
static llvm::json::Object fragmentJson(const FragmentDesc &f,
                                       bool withMap = false) {
  llvm::json::Object o{
      {"record", f.record},     {"element", getName(f.element)},
      {"rows", f.rows},         {"cols", f.cols},
      {"regs", f.regs},         {"per_reg", f.perReg},
      {"matrices", f.matrices}, {"lanes", f.lanes}};
  if (f.unknown)
    o["unknown"] = f.unknown;
  if (!withMap || f.unknown)
    return o;
  llvm::json::Array map;
  for (unsigned lane = 0; lane < std::max(f.lanes, 32u); ++lane) {
    llvm::json::Array elems;
    for (unsigned i = 0; i < f.getNumElements(); ++i) {
      FragmentCoord c = f.at(lane, i);
      elems.push_back(llvm::json::Array{c.matrix, c.row, c.col});
    }
    map.push_back(std::move(elems));
  }
  o["map"] = std::move(map);
  return o;
}

/// The wgmma descriptor's fields, the swizzle modes and the canonical
/// shared-memory layouts.
static void addSmemLayouts(llvm::json::Object &root) {
  using llvm::json::Array;
  using llvm::json::Object;
  Object fields;
  for (unsigned i = 0; i < unsigned(DescField::NumDescFields); ++i) {
    const DescFieldDesc &d = getDescField(static_cast<DescField>(i));
    fields[d.name] =
        Object{{"lo", d.lo}, {"width", d.width}, {"shift", d.shift}};
  }
  root["wgmma_desc_fields"] = std::move(fields);
  Array modes, layouts;
  for (const SwizzleModeDesc &m : getSwizzleModes())
    modes.push_back(Object{{"name", m.name},
                           {"code", m.code},
                           {"bytes", m.bytes},
                           {"xor_bits", m.xorBits},
                           {"tensor_map", m.tensorMap}});
  root["swizzle_modes"] = std::move(modes);
  Array tmaTypes, tmaFills;
  for (const TensorMapTypeDesc &t : getTensorMapTypes()) {
    Array floats;
    for (FloatFormat f : t.floats)
      floats.push_back(getInfo(f).name);
    Array redOps, redTypes;
    for (Qual q : t.redOps)
      redOps.push_back(getQualName(q));
    for (DataType d : t.redTypes)
      redTypes.push_back(getInfo(d).name);
    tmaTypes.push_back(Object{{"name", t.name},
                              {"code", t.code},
                              {"bits", t.bits},
                              {"integer", t.integer},
                              {"float", t.isFloat},
                              {"floats", std::move(floats)},
                              {"red_ops", std::move(redOps)},
                              {"red_types", std::move(redTypes)}});
  }
  Array reductions;
  for (const BulkRedElementDesc &e : getBulkRedElements())
    reductions.push_back(Object{{"op", getQualName(e.op)},
                                {"type", getInfo(e.type).name},
                                {"instr", e.instr}});
  root["bulk_reduction_elements"] = std::move(reductions);
  Array sregs;
  for (const SpecialRegDesc &r : getSpecialRegs())
    sregs.push_back(Object{{"name", r.name},
                           {"bits", r.bits},
                           {"nvvm", r.nvvmOp},
                           {"ptx", r.ptxVersion},
                           {"sm", r.minSm}});
  root["special_registers"] = std::move(sregs);
  for (const TensorMapFillDesc &f : getTensorMapFills())
    tmaFills.push_back(
        Object{{"name", f.name}, {"code", f.code}, {"pattern", f.pattern}});
  root["tensor_map_types"] = std::move(tmaTypes);
  root["tensor_map_fills"] = std::move(tmaFills);
  const TensorMapLimitsDesc &lim = getTensorMapLimits();
  root["tensor_map_limits"] =
      Object{{"max_rank", lim.maxRank},
             {"max_dim_log2", lim.maxDimLog2},
             {"stride_align", lim.strideAlign},
             {"max_stride_log2", lim.maxStrideLog2},
             {"max_box", lim.maxBox},
             {"max_element_stride", lim.maxElementStride},
             {"max_channels_per_pixel", lim.maxChannelsPerPixel},
             {"max_pixels_per_column", lim.maxPixelsPerColumn}};
  Array im2colRanks;
  for (const Im2colRankDesc &r : getIm2colRanks())
    im2colRanks.push_back(
        Object{{"rank", r.rank}, {"corner_bits", r.cornerBits}});
  root["im2col_ranks"] = std::move(im2colRanks);
  root["swizzled_rows_fill_span"] = getSwizzledRowsFillSpan();
  root["max_cluster_ctas"] = getMaxClusterCtas();
  root["shared_window"] =
      llvm::json::Object{{"bits", getSharedWindow().bits},
                         {"reserved", getSharedWindow().reserved}};
  static const char *kStride[] = {"bytes", "element", "lbo", "sbo"};
  for (const SmemLayoutDesc &l : getSmemLayouts()) {
    Array digits;
    for (const LayoutDigitDesc &d : l.digits)
      digits.push_back(Object{{"axis", d.fromK ? "k" : "mn"},
                              {"div", d.div},
                              {"div_t", d.divT},
                              {"mod", d.mod},
                              {"mod_t", d.modT},
                              {"stride", kStride[unsigned(d.kind)]},
                              {"bytes", d.bytes}});
    layouts.push_back(Object{{"record", l.record},
                             {"mn_major", l.mnMajor},
                             {"swizzle", l.swizzle->name},
                             {"digits", std::move(digits)}});
  }
  root["smem_layouts"] = std::move(layouts);
}

static StringRef mmaKindName(MmaKind k) {
  switch (k) {
  case MmaKind::Integer:
    return "integer";
  case MmaKind::Bits:
    return "bits";
  case MmaKind::FmaChain:
    return "fma_chain";
  case MmaKind::Fused:
    return "fused";
  case MmaKind::SplitFused:
    return "split_fused";
  case MmaKind::ChainThenC:
    return "chain_then_c";
  case MmaKind::PairsThenC:
    return "pairs_then_c";
  case MmaKind::Unmodeled:
    return "unmodeled";
  }
  llvm_unreachable("unknown mma kind");
}

static llvm::json::Array qualArray(QualSet set) {
  llvm::json::Array a;
  for (Qual q : allQuals())
    if (set & bit(q))
      a.push_back(getQualName(q));
  return a;
}

static StringRef metricName(ErrorMetric m) {
  switch (m) {
  case ErrorMetric::Ulp:
    return "ulp";
  case ErrorMetric::Relative:
    return "relative";
  case ErrorMetric::Absolute:
    return "absolute";
  }
  return "";
}

/// A number of a bound, JSON having no infinities: null for +-inf.
static llvm::json::Value boundNumber(double v) {
  return std::isinf(v) ? llvm::json::Value(nullptr) : llvm::json::Value(v);
}

/// The form's error bounds: metric, the ISA's text and value, and the
/// input range (the operand's index, -1 for every input).
static llvm::json::Array boundsOf(const FormDesc &f) {
  llvm::json::Array out;
  for (const ErrorBoundDesc &b : f.bounds)
    out.push_back(llvm::json::Object{{"metric", metricName(b.metric)},
                                     {"text", b.text},
                                     {"bound", b.bound},
                                     {"measured_text", b.measuredText},
                                     {"measured", b.measured},
                                     {"operand", b.operand},
                                     {"lo", boundNumber(b.lo)},
                                     {"hi", boundNumber(b.hi)}});
  return out;
}

/// A MufuModel: its reduction and the measured tables it reads.
static llvm::json::Object mufuOf(const MufuModelDesc &m) {
  llvm::json::Array tables;
  for (const MufuTableDesc &t : m.tables)
    tables.push_back(llvm::json::Object{
        {"file", t.file}, {"domain", t.domain}, {"entries", t.entries}});
  return llvm::json::Object{{"reduction", m.reductionName},
                            {"tables", std::move(tables)}};
}

void tile::ptx::writeJson(llvm::raw_ostream &os) {
  using llvm::json::Array;
  using llvm::json::Object;
  Object root;
  Array formats;
  for (const FloatFormatInfo &f : detail::getFormats())
    if (f.format != FloatFormat::None)
      formats.push_back(Object{{"name", f.name},
                               {"bits", f.bits},
                               {"exp_bits", f.expBits},
                               {"precision", f.precision},
                               {"finite_only", f.finiteOnly},
                               {"no_specials", f.noSpecials}});
  root["formats"] = std::move(formats);
  Array typeArray;
  for (const DataTypeInfo &t : getDataTypes()) {
    Array floats;
    for (FloatFormat f : t.floatContainers)
      floats.push_back(getInfo(f).name);
    Object o{{"name", t.name},
             {"bits", t.bits},
             {"lanes", t.lanes},
             {"value_bits", t.valueBits},
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
  Array semantics;
  for (const SemanticsInfo &s : getSemantics())
    semantics.push_back(Object{{"name", s.name},
                               {"data_movement", s.dataMovement},
                               {"collective", s.collective},
                               {"cta_barrier", s.ctaBarrier}});
  root["semantics"] = std::move(semantics);

  Array formArray;
  for (const FormDesc &f : getForms()) {
    Array slots, tys, ops, floors, instances, older;
    for (auto [sm, ptx] : f.olderChips)
      older.push_back(Object{{"sm", sm}, {"ptx", ptx}});
    for (const QualSlot &s : f.slots) {
      Object o{{"kind", kindName(s.kind)},
               {"choices", qualArray(s.choices)},
               {"required", s.required}};
      if (s.defaultQual)
        o["default"] = getQualName(*s.defaultQual);
      if (s.afterTypes)
        o["after_types"] = true;
      slots.push_back(std::move(o));
    }
    for (DataType t : f.types)
      tys.push_back(getName(t));
    for (const OperandDesc &o : f.operands) {
      ops.push_back(Object{
          {"name", o.name},
          {"role", o.role == OperandRole::Def ? "def" : "use"},
          {"kind", o.kind == OperandKind::Memory ? "memory" : "register"},
          {"type", getName(o.type)},
          {"atom", o.atom},
          {"space", o.space == StateSpace::Global    ? "global"
                    : o.space == StateSpace::Shared  ? "shared"
                    : o.space == StateSpace::Generic ? "generic"
                                                     : ""},
          {"distribution", o.distribution == Distribution::Thread ? "thread"
                           : o.distribution == Distribution::Warp
                               ? "warp"
                               : "warpgroup"}});
      if (o.immediate)
        ops.back().getAsObject()->insert(
            {"immediate", Object{{"min", o.immMin},
                                 {"max", o.immMax},
                                 {"multiple", o.immMultiple}}});
      if (o.constChecked)
        ops.back().getAsObject()->insert(
            {"constant", Object{{"min", o.immMin},
                                {"max", o.immMax},
                                {"multiple", o.immMultiple}}});
      if (o.pipeToNext)
        ops.back().getAsObject()->insert({"pipe_to_next", true});
      if (o.braceWithNext)
        ops.back().getAsObject()->insert({"brace_with_next", true});
      if (o.registerOnly)
        ops.back().getAsObject()->insert({"register_only", true});
      if (o.memberMask)
        ops.back().getAsObject()->insert({"member_mask", true});
      if (const FragmentDesc *fr = o.fragment)
        ops.back().getAsObject()->insert({"fragment", fragmentJson(*fr)});
      if (o.vector)
        ops.back().getAsObject()->insert({"vector", true});
      if (!o.immValues.empty()) {
        Array values;
        for (int64_t v : o.immValues)
          values.push_back(v);
        ops.back().getAsObject()->insert({"imm_values", std::move(values)});
      }
      if (o.readsDst)
        ops.back().getAsObject()->insert({"reads_dst", true});
      if (o.mmaRole != MmaRole::None)
        ops.back().getAsObject()->insert({"mma_role", getName(o.mmaRole)});
      if (o.descriptor)
        ops.back().getAsObject()->insert(
            {"descriptor", Object{{"rows", o.descRows},
                                  {"cols", o.descCols},
                                  {"element", getName(o.descElem)}}});
      if (o.accumulator)
        ops.back().getAsObject()->insert({"accumulator", true});
      if (o.sourceLimit)
        ops.back().getAsObject()->insert({"source_limit", true});
      if (o.bulk)
        ops.back().getAsObject()->insert({"bulk", true});
      if (o.bulkSize)
        ops.back().getAsObject()->insert({"bulk_size", true});
      if (o.bulk || o.tensorMap)
        ops.back().getAsObject()->insert(
            {"bulk_align", static_cast<int64_t>(o.bulkAlign)});
      if (o.tensorMap)
        ops.back().getAsObject()->insert({"tensor_map", true});
      if (o.coordAlign)
        ops.back().getAsObject()->insert(
            {"coord_align", static_cast<int64_t>(o.coordAlign)});
      if (o.txBarrier)
        ops.back().getAsObject()->insert({"tx_barrier", true});
      if (o.txSign)
        ops.back().getAsObject()->insert({"tx_sign", o.txSign});
      if (o.txWait)
        ops.back().getAsObject()->insert({"tx_wait", true});
      if (o.phaseParity)
        ops.back().getAsObject()->insert({"phase_parity", true});
      if (o.ctaMask)
        ops.back().getAsObject()->insert({"cta_mask", true});
      if (o.addressValue)
        ops.back().getAsObject()->insert({"address_value", true});
      if (o.cachePolicy)
        ops.back().getAsObject()->insert({"cache_policy", true});
      if (o.anyElement)
        ops.back().getAsObject()->insert({"any_element", true});
      if (o.genericAddress)
        ops.back().getAsObject()->insert({"generic_address", true});
      if (o.bracketed)
        ops.back().getAsObject()->insert({"bracketed", true});
      if (o.negation != Negation::None)
        ops.back().getAsObject()->insert(
            {"negation", o.negation == Negation::Documented ? "documented"
                                                            : "undocumented"});
    }
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
    formArray.push_back(Object{
        {"index", f.getIndex()},
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
        {"nan_rule", f.nanRule},
        {"nan_rule_bare", getInfo(f.nanRules.bare).name},
        {"nan_rule_predicated_bare", getInfo(f.nanRules.predicatedBare).name},
        {"accuracy", f.accuracy},
        {"doc", f.docRef},
        {"variant", f.variant},
        {"sass",
         f.sass ? llvm::json::Value(f.sass) : llvm::json::Value(nullptr)},
        {"sass_copies", f.sassCopies},
        {"element",
         f.element ? llvm::json::Value(f.element) : llvm::json::Value(nullptr)},
        {"instances", std::move(instances)}});
    if (f.noPreserveDst)
      formArray.back().getAsObject()->insert(
          {"no_preserve_dst", f.noPreserveDst});
    if (!f.archChips.empty()) {
      Array chips;
      for (const char *c : f.archChips)
        chips.push_back(c);
      formArray.back().getAsObject()->insert({"arch_chips", std::move(chips)});
    }
    if (!f.bounds.empty())
      formArray.back().getAsObject()->insert({"error_bounds", boundsOf(f)});
    if (f.upperHalf)
      formArray.back().getAsObject()->insert({"upper_half", true});
    if (f.sinkFirst)
      formArray.back().getAsObject()->insert({"sink_first", true});
    if (f.mbarrierOp != MbarrierOp::None)
      formArray.back().getAsObject()->insert(
          {"mbarrier_op", getName(f.mbarrierOp)});
    if (f.mbNoComplete)
      formArray.back().getAsObject()->insert({"mb_no_complete", true});
    if (f.needsClusterLaunch)
      formArray.back().getAsObject()->insert({"needs_cluster_launch", true});
    if (f.ptxasWorkaround)
      formArray.back().getAsObject()->insert(
          {"ptxas_workaround",
           Object{{"ptx", f.ptxasWorkaround}, {"why", f.ptxasWorkaroundWhy}}});
    if (f.flushesSubnormals)
      formArray.back().getAsObject()->insert({"flushes_subnormals", true});
    if (f.mufu)
      formArray.back().getAsObject()->insert({"mufu", mufuOf(*f.mufu)});
    if (f.measuredUlps >= 0)
      formArray.back().getAsObject()->insert({"measured_ulps", f.measuredUlps});
    if (const MmaArithDesc *a = f.arith)
      formArray.back().getAsObject()->insert(
          {"mma_arith", Object{{"record", a->record},
                               {"kind", mmaKindName(a->kind)},
                               {"align_bits", a->alignBits},
                               {"out_round", getQualName(a->outRound)},
                               {"measured", a->measured},
                               {"out_precision", a->outPrecision},
                               {"doc", a->doc},
                               {"steps", Object{{"fma", a->fmaStep},
                                                {"mul", a->mulStep},
                                                {"add", a->addStep},
                                                {"cvt", a->cvtStep}}}}});
    if (f.randomBits) {
      Array offsets;
      for (unsigned o : f.randomBits.offsets)
        offsets.push_back(o);
      formArray.back().getAsObject()->insert(
          {"random_bits", Object{{"width", f.randomBits.width},
                                 {"offsets", std::move(offsets)}}});
    }
  }
  root["forms"] = std::move(formArray);
  Object fragments;
  for (const FragmentDesc &f : getFragments())
    fragments[f.record] = fragmentJson(f, /*withMap=*/true);
  root["fragments"] = std::move(fragments);
  addSmemLayouts(root);
  Array rejected;
  for (const RejectedSpelling &r : getRejectedSpellings())
    rejected.push_back(Object{{"mnemonic", r.mnemonic},
                              {"types", r.types},
                              {"any_of", qualArray(r.anyOf)},
                              {"all_of", qualArray(r.allOf)},
                              {"none_of", qualArray(r.noneOf)},
                              {"reason", r.reason},
                              {"documented", r.documented},
                              {"misplaced", r.misplaced}});
  root["rejected"] = std::move(rejected);
  Object qualTables;
  for (Qual q : detail::allQuals())
    if (llvm::ArrayRef<int> t = getQualTable(q); !t.empty()) {
      Array values;
      for (int v : t)
        values.push_back(v);
      qualTables[getQualName(q)] = std::move(values);
    }
  root["qual_tables"] = std::move(qualTables);
  Array bridges;
  for (const PredicateBridge &b : getPredicateBridges())
    bridges.push_back(Object{{"bits", b.bits},
                             {"to_int", b.toInt().str()},
                             {"from_int", b.fromInt().str()}});
  root["predicate_bridges"] = std::move(bridges);
  Array chips;
  for (const ChipInfo &c : getChips())
    chips.push_back(Object{{"name", c.name},
                           {"sm", c.sm},
                           {"suffix", c.suffix ? std::string(1, c.suffix) : ""},
                           {"ptxas_min_ptx", c.ptxasMinPtx},
                           {"llvm_min_ptx", c.llvmMinPtx},
                           {"checked", c.isChecked()},
                           {"min_ptx", c.getMinPtx()}});
  root["chips"] = std::move(chips);
  Array rates;
  for (const PeakRate &r : getPeakRates())
    rates.push_back(Object{{"sm", r.sm},
                           {"semantics", getName(r.semantics)},
                           {"type", getName(r.type)},
                           {"lanes_per_clock", r.lanesPerClock},
                           {"source", r.source}});
  root["peak_rates"] = std::move(rates);
  Array emittable;
  for (unsigned v : detail::getEmittablePtxVersions())
    emittable.push_back(v);
  root["llvm_ptx_versions"] = std::move(emittable);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
}
