//===- CpuRuntime.cpp - one instruction on the host ----------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"
#include "Block.h"
#include "Operands.h"
#include "Reduce.h"
#include "tile/Ptx/InstrTable.h"
#include "tile/Reference/Reference.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace tile;
using tile::cpu::fatal;
using tile::cpu::kSlotBytes;

/// Bytes of one element of `desc` (a predicate's i1 takes one).
static unsigned elementBytes(const ptx::OperandDesc &desc) {
  return (ptx::getInfo(desc.type).bits + 7) / 8;
}

[[noreturn]] void tile::cpu::fatal(const ptx::Instr &instr, const char *what) {
  std::fprintf(stderr, "tile-cpu: '%s': %s\n", instr.str().c_str(), what);
  std::abort();
}

ptx::Instr tile::cpu::decodeForm(int64_t form,
                                 const int64_t (&quals)[ptx::QualSet::kWords],
                                 const char *caller) {
  llvm::ArrayRef<ptx::FormDesc> forms = ptx::getForms();
  if (form < 0 || size_t(form) >= forms.size()) {
    std::fprintf(stderr, "%s: no form %lld\n", caller, (long long)form);
    std::abort();
  }
  uint64_t words[ptx::QualSet::kWords];
  for (unsigned i = 0; i < ptx::QualSet::kWords; ++i)
    words[i] = static_cast<uint64_t>(quals[i]);
  return ptx::Instr{&forms[form], ptx::QualSet::fromWords(words)};
}

llvm::SmallVector<uint64_t, 6> tile::cpu::readSources(const ptx::Instr &instr,
                                                      const uint8_t *in) {
  llvm::SmallVector<uint64_t, 6> sources;
  unsigned slot = 0;
  for (const ptx::OperandDesc &o : instr.form->getOperands()) {
    if (o.role == ptx::OperandRole::Def && !o.readsDst)
      continue;
    for (unsigned k = 0; k < o.atom; ++k, ++slot) {
      uint64_t v = 0;
      unsigned n = elementBytes(o);
      if (n > 8)
        fatal(instr, "reads a register wider than 64 bits");
      std::memcpy(&v, in + slot * kSlotBytes, n);
      sources.push_back(v);
    }
  }
  return sources;
}

void tile::cpu::writeResults(const ptx::Instr &instr, uint64_t value,
                             uint8_t *out) {
  llvm::SmallVector<const ptx::OperandDesc *, 2> results;
  for (const ptx::OperandDesc &o : instr.form->getOperands()) {
    if (o.role != ptx::OperandRole::Def)
      continue;
    if (o.atom != 1)
      fatal(instr, "computes a register group");
    results.push_back(&o);
  }
  if (results.size() == 1) {
    std::memcpy(out, &value, elementBytes(*results.front()));
    return;
  }
  unsigned shift = 0;
  for (auto [k, o] : llvm::enumerate(results)) {
    unsigned bits = ptx::getInfo(o->type).bits;
    if (shift + bits > 64)
      fatal(instr, "computes more than 64 bits of results");
    uint64_t v = (value >> shift) & (bits >= 64 ? ~0ULL : (1ULL << bits) - 1);
    std::memcpy(out + k * kSlotBytes, &v, elementBytes(*o));
    shift += bits;
  }
}

void tile::cpu::writeResultGroup(const ptx::Instr &instr,
                                 llvm::ArrayRef<uint64_t> regs, uint8_t *out) {
  const ptx::OperandDesc &d = instr.form->getOperands().front();
  if (d.role != ptx::OperandRole::Def || regs.size() != d.atom)
    fatal(instr, "writes no register group of that size");
  for (auto [k, v] : llvm::enumerate(regs))
    std::memcpy(out + k * kSlotBytes, &v, elementBytes(d));
}

/// Data movement: the bits read, in order, become the bits written.
static void moveBits(const ptx::Instr &instr, const uint8_t *in, uint8_t *out) {
  const ptx::FormDesc &desc = *instr.form;
  uint8_t bits[64];
  unsigned size = 0, slot = 0;
  for (const ptx::OperandDesc &o : desc.getOperands()) {
    if (o.role != ptx::OperandRole::Use)
      continue;
    // A cache policy is a hint: none of its bits move.
    if (o.cachePolicy) {
      slot += o.atom;
      continue;
    }
    for (unsigned k = 0; k < o.atom; ++k, ++slot) {
      unsigned n = elementBytes(o);
      if (size + n > sizeof(bits))
        fatal(instr, "moves more than 64 bytes");
      std::memcpy(bits + size, in + slot * kSlotBytes, n);
      size += n;
    }
  }
  unsigned used = 0;
  slot = 0;
  for (const ptx::OperandDesc &o : desc.getOperands()) {
    if (o.role != ptx::OperandRole::Def)
      continue;
    for (unsigned k = 0; k < o.atom; ++k, ++slot) {
      unsigned n = elementBytes(o);
      if (used + n > size)
        fatal(instr, "writes more bits than it reads");
      std::memcpy(out + slot * kSlotBytes, bits + used, n);
      used += n;
    }
  }
  if (used != size)
    fatal(instr, "reads more bits than it writes");
}

/// cp.async, completed when it is issued: the destination's bytes are the
/// source's first `src-size` (every byte without one, none with
/// `ignore-src` true), then zeros. The host code read only the source
/// elements that hold those bytes.
static void asyncCopy(const ptx::Instr &instr, const uint8_t *in,
                      uint8_t *out) {
  llvm::ArrayRef<ptx::OperandDesc> ops = instr.form->getOperands();
  unsigned n = ops[0].atom, bytes = n * elementBytes(ops[0]);
  uint64_t cpSize = 0, tail = 0;
  std::memcpy(&cpSize, in + n * kSlotBytes, 4);
  uint64_t keep = cpSize;
  // The limit follows cp-size (slot n + 1); a cache policy after it is a
  // hint only.
  if (ops.size() > 3 && ops[3].sourceLimit) {
    std::memcpy(&tail, in + (n + 1) * kSlotBytes, elementBytes(ops[3]));
    keep = ops[3].type == ptx::DataType::Pred ? ((tail & 1) ? 0 : cpSize)
                                              : std::min(tail, cpSize);
  }
  if (cpSize != bytes)
    fatal(instr, "copies a different size than its operands hold");
  for (unsigned k = 0; k < n; ++k) {
    unsigned eb = elementBytes(ops[0]);
    uint8_t element[kSlotBytes] = {};
    for (unsigned b = 0; b < eb; ++b)
      if (k * eb + b < keep)
        element[b] = in[k * kSlotBytes + b];
    std::memcpy(out + k * kSlotBytes, element, eb);
  }
}

/// The QualTable records of the qualifiers written in `instr`'s slots of
/// kind `kind`, in slot order (slots whose qualifier has none add none).
static llvm::SmallVector<llvm::ArrayRef<int>, 2>
getSlotTables(const ptx::Instr &instr, ptx::SlotKind kind) {
  llvm::SmallVector<llvm::ArrayRef<int>, 2> tables;
  for (const ptx::QualSlot &slot : instr.form->slots)
    if (ptx::QualSet chosen = slot.choices & instr.quals;
        chosen && slot.kind == kind)
      if (llvm::ArrayRef<int> t = ptx::getQualTable(chosen.first()); !t.empty())
        tables.push_back(t);
  return tables;
}

/// The first QualTable code of each qualifier getSlotTables finds.
static llvm::SmallVector<int, 2> getSlotCodes(const ptx::Instr &instr,
                                              ptx::SlotKind kind) {
  llvm::SmallVector<int, 2> codes;
  for (llvm::ArrayRef<int> t : getSlotTables(instr, kind))
    codes.push_back(t.front());
  return codes;
}

/// The QualTable codes of the cache priorities written in `instr`: the
/// primary's and the secondary's (0, evict_unchanged, where none is). Each
/// is a required flag slot of the form, the primary first.
static std::pair<uint64_t, uint64_t> getPriorityCodes(const ptx::Instr &instr) {
  llvm::SmallVector<int, 2> codes = getSlotCodes(instr, ptx::SlotKind::Flag);
  if (codes.empty() || codes.size() > 2)
    fatal(instr, "has no primary priority with a code in the table");
  return {codes[0], codes.size() > 1 ? codes[1] : 0};
}

/// createpolicy.range's bits (ptx::getCachePolicyLayout) over the
/// primary range [a, a + primary) of `total` bytes. Only the measured
/// domain is modeled: 0 < primary <= total, the range within 2^unitsLog2
/// units.
static uint64_t rangePolicy(const ptx::Instr &instr, uint64_t a,
                            uint64_t primary, uint64_t total) {
  const ptx::CachePolicyLayout &layout = ptx::getCachePolicyLayout();
  if (primary == 0 || primary > total)
    cpu::reportThread(instr, "has a primary size of " +
                                 std::to_string(primary) +
                                 " bytes, outside 1.." + std::to_string(total) +
                                 " (the total size): its policy's bits "
                                 "are not measured");
  unsigned e = std::max<unsigned>(layout.minLog2, llvm::Log2_64_Ceil(total));
  uint64_t unit = uint64_t(1) << (e - layout.unitsLog2);
  uint64_t units = uint64_t(1) << layout.unitsLog2;
  uint64_t count = (a % unit + primary + unit - 1) / unit;
  if (count >= units)
    cpu::reportThread(instr, "has a primary range reaching into " +
                                 std::to_string(count) + " units of " +
                                 std::to_string(unit) +
                                 " bytes: its policy's bits are not "
                                 "measured");
  return uint64_t(e - layout.minLog2) << layout.fractionShift |
         (a / unit % units) << layout.startShift | count << layout.countShift;
}

/// createpolicy: the policy's bits as the GPU makes them
/// (ptx::getCachePolicyLayout). A fraction outside (0, 1] is refused: the
/// ISA leaves it undefined and the GPU's answer is not measured. A range
/// policy holds its start address: on the CPU backend the host address of
/// the element.
static void createPolicy(const ptx::Instr &instr, const uint8_t *in,
                         uint8_t *out) {
  llvm::ArrayRef<ptx::OperandDesc> ops = instr.form->getOperands();
  const ptx::CachePolicyLayout &layout = ptx::getCachePolicyLayout();
  uint64_t policy = 0;
  if (instr.has(ptx::Qual::CvtQ)) {
    std::memcpy(&policy, in, 8);
    std::memcpy(out, &policy, 8);
    return;
  }
  auto [primary, secondary] = getPriorityCodes(instr);
  uint64_t tag = layout.tag | primary << layout.primaryShift | secondary;
  if (instr.has(ptx::Qual::RangeQ)) {
    uint64_t a = 0, primarySize = 0, totalSize = 0;
    std::memcpy(&a, in, 8);
    std::memcpy(&primarySize, in + kSlotBytes, 4);
    std::memcpy(&totalSize, in + 2 * kSlotBytes, 4);
    policy = (tag | uint64_t(1) << layout.rangeBit) << 56 |
             rangePolicy(instr, a, primarySize, totalSize);
  } else {
    float fraction = 1.0f;
    if (ops.size() > 1)
      std::memcpy(&fraction, in, 4);
    if (!(fraction > 0.0f && fraction <= 1.0f))
      cpu::reportThread(instr, "has a fraction outside (0, 1]: " +
                                   std::to_string(fraction));
    uint64_t steps = uint64_t(1) << layout.fractionBits;
    uint64_t q = uint64_t(std::ceil(double(fraction) * double(steps))) - 1;
    policy = tag << 56 | q << layout.fractionShift;
  }
  std::memcpy(out, &policy, 8);
}

/// isspacep: whether the host address in `in` is in the window of the
/// space written, whose QualTable codes name the host memory it holds
/// (cpu::HostSpace; -1 none).
static void querySpace(const ptx::Instr &instr, const uint8_t *in,
                       uint8_t *out) {
  uint64_t address = 0;
  std::memcpy(&address, in, 8);
  llvm::SmallVector<llvm::ArrayRef<int>, 2> spaces =
      getSlotTables(instr, ptx::SlotKind::StateSpace);
  int space = static_cast<int>(cpu::classifyAddress(address));
  cpu::writeResults(
      instr, !spaces.empty() && llvm::is_contained(spaces.front(), space), out);
}

/// cvta: between a generic (host) address and a .global (the same) or a
/// .shared one (the window offset in the CTA's arena); `.to` forms take
/// the memref's generic address, the others a 64-bit value.
static void convertSpace(const ptx::Instr &instr, const uint8_t *in,
                         uint8_t *out) {
  uint64_t address = 0;
  std::memcpy(&address, in, 8);
  llvm::SmallVector<llvm::ArrayRef<int>, 2> spaces =
      getSlotTables(instr, ptx::SlotKind::StateSpace);
  bool shared = !spaces.empty() &&
                llvm::is_contained(spaces.front(),
                                   static_cast<int>(cpu::HostSpace::Shared));
  bool to = instr.form->getOperands()[1].kind == ptx::OperandKind::Memory;
  uint64_t result = address;
  if (shared)
    result = to ? cpu::toSharedWindow(instr, address)
                : cpu::fromSharedWindow(instr, address);
  else if (to && cpu::classifyAddress(address) != cpu::HostSpace::Global)
    cpu::reportThread(instr, "its address " + cpu::describeAddress(address) +
                                 " is not a global one (undefined in PTX)");
  cpu::writeResults(instr, result, out);
}

/// mapa: d is the address of a's byte in the shared memory of CTA b of the
/// cluster.
static void mapAddress(const ptx::Instr &instr, const uint8_t *in,
                       uint8_t *out) {
  uint64_t address = 0, rank = 0;
  std::memcpy(&address, in, 8);
  std::memcpy(&rank, in + kSlotBytes, 4);
  cpu::writeResults(instr, cpu::mapShared(instr, address, rank), out);
}

/// Checks a generic address in a register for an access of `bytes` bytes:
/// in the shared memory of a CTA of the running cluster (as .shared::cluster
/// is), in the thread's stack, or in a buffer the memory checks know; and
/// aligned to the access's size (the GPU faults with a misaligned address).
static void checkGenericAccess(const ptx::Instr &instr, uint64_t address,
                               unsigned bytes) {
  cpu::HostSpace space = cpu::classifyAddress(address);
  if (space == cpu::HostSpace::Shared || space == cpu::HostSpace::PeerShared)
    return cpu::checkClusterAccess(instr, address, bytes);
  // A global buffer starts at a 256-byte boundary on the GPU: its offset
  // there is what must be aligned (the host's array may start anywhere).
  uint64_t offset = space == cpu::HostSpace::Global
                        ? cpu::bufferOffset(address).value_or(address)
                        : address;
  if (offset % bytes)
    cpu::reportThread(instr, "its address " + cpu::describeAddress(address) +
                                 " is not aligned to its " +
                                 std::to_string(bytes) +
                                 " bytes (the GPU faults with a misaligned "
                                 "address)");
  if (space == cpu::HostSpace::Global)
    if (std::string why = cpu::checkBufferRange(address, bytes); !why.empty())
      cpu::reportThread(instr,
                        "its " + std::to_string(bytes) + " bytes " + why);
}

/// ld and st through an address in a register (the first source): of
/// .shared::cluster, the host address of another CTA's (or the thread's own
/// CTA's) shared memory, checked against the running cluster's; generic,
/// any address checkGenericAccess takes. The elements move between it and
/// the register slots.
static void accessThroughRegister(const ptx::Instr &instr, const uint8_t *in,
                                  uint8_t *out) {
  uint64_t address = 0;
  std::memcpy(&address, in, 8);
  const ptx::OperandDesc *data = nullptr;
  for (const ptx::OperandDesc &o : instr.form->getOperands())
    if (!o.bracketed)
      data = &o;
  unsigned n = elementBytes(*data);
  ptx::Semantics sem = instr.form->semantics;
  if (sem == ptx::Semantics::AddressLoad || sem == ptx::Semantics::AddressStore)
    checkGenericAccess(instr, address, n * data->atom);
  else
    cpu::checkClusterAccess(instr, address, n * data->atom);
  auto *memory = reinterpret_cast<uint8_t *>(address);
  bool load =
      sem == ptx::Semantics::ClusterLoad || sem == ptx::Semantics::AddressLoad;
  for (unsigned k = 0; k < data->atom; ++k) {
    if (load)
      std::memcpy(out + k * kSlotBytes, memory + k * n, n);
    else
      std::memcpy(memory + k * n, in + (k + 1) * kSlotBytes, n);
  }
  if (instr.form->polls)
    cpu::pollMemory(instr);
}

/// atom and red: the memory element (read into its slot of `in`) becomes
/// the form's Element of it and the sources; atom's d gets the old value.
/// The block's threads run one at a time and none yields here, so the
/// step is indivisible.
static void atomicUpdate(const ptx::Instr &instr, const uint8_t *in,
                         uint8_t *out) {
  llvm::SmallVector<uint64_t, 6> sources = cpu::readSources(instr, in);
  // The memory elements (a vector form's n), then b's, then cas's c: each
  // element is updated on its own, as the ISA's vector forms do.
  auto memory = llvm::find_if(instr.form->getOperands(), [](auto &o) {
    return o.kind == ptx::OperandKind::Memory;
  });
  unsigned n = memory == instr.form->getOperands().end() ? 1 : memory->atom;
  if (sources.size() < 2 * n || !instr.form->element)
    fatal(instr, "is no read-modify-write of the table");
  uint64_t c = sources.size() > 2 * n ? sources[2 * n] : 0;
  llvm::SmallVector<uint64_t, 8> result;
  for (unsigned k = 0; k < n; ++k)
    result.push_back(cpu::applyElement(instr, instr.form->element, sources[k],
                                       sources[n + k], c));
  unsigned slot = 0;
  for (const ptx::OperandDesc &o : instr.form->getOperands()) {
    if (o.role != ptx::OperandRole::Def)
      continue;
    for (unsigned k = 0; k < o.atom; ++k) {
      uint64_t v = o.kind == ptx::OperandKind::Memory ? result[k] : sources[k];
      std::memcpy(out + slot++ * kSlotBytes, &v, elementBytes(o));
    }
  }
}

/// The CTA of `mbar` must be that of `address` (st.async, red.async).
static void checkSameCta(const ptx::Instr &instr, uint64_t address,
                         uint64_t mbar) {
  if (cpu::getSharedRank(instr, mbar) != cpu::getSharedRank(instr, address))
    cpu::reportThread(instr, "its mbarrier is in another CTA's shared memory "
                             "than its destination (the ISA wants the "
                             "same CTA)");
}

/// st.async: the value b goes to the address in the register a, and its
/// bytes complete on the mbarrier at the register mbar, which must be in
/// the same CTA's shared memory.
static void storeAsync(const ptx::Instr &instr, const uint8_t *in) {
  const ptx::OperandDesc &value = instr.form->getOperands()[1];
  unsigned n = elementBytes(value), bytes = n * value.atom;
  uint64_t address = 0, mbar = 0;
  std::memcpy(&address, in, 8);
  std::memcpy(&mbar, in + (1 + value.atom) * kSlotBytes, 8);
  cpu::checkClusterAccess(instr, address, bytes);
  checkSameCta(instr, address, mbar);
  auto *memory = reinterpret_cast<uint8_t *>(address);
  for (unsigned k = 0; k < value.atom; ++k)
    std::memcpy(memory + k * n, in + (k + 1) * kSlotBytes, n);
  cpu::completeCopyTx(instr, mbar, bytes);
}

/// The bytes of an element of the form's type.
static unsigned getTypeBytes(const ptx::Instr &instr) {
  return (ptx::getInfo(instr.form->types[0]).bits + 7) / 8;
}

/// The element at the .shared::cluster `address` (checked against the
/// cluster's shared memory) becomes the form's Element of it, `b` and `c`;
/// returns its old value. The block's threads run one at a time and none
/// yields here, so the step is indivisible.
static uint64_t updateClusterElement(const ptx::Instr &instr, uint64_t address,
                                     uint64_t b, uint64_t c) {
  unsigned bytes = getTypeBytes(instr);
  cpu::checkClusterAccess(instr, address, bytes);
  auto *memory = reinterpret_cast<uint8_t *>(address);
  uint64_t old = 0;
  std::memcpy(&old, memory, bytes);
  uint64_t result = cpu::applyElement(instr, instr.form->element, old, b, c);
  std::memcpy(memory, &result, bytes);
  return old;
}

/// atom and red of .shared::cluster: as atomicUpdate, on the element at
/// the address in the register a; atom's d gets the old value.
static void clusterAtomic(const ptx::Instr &instr, const uint8_t *in,
                          uint8_t *out) {
  llvm::SmallVector<uint64_t, 6> sources = cpu::readSources(instr, in);
  if (sources.size() < 2 || !instr.form->element)
    fatal(instr, "is no read-modify-write of the table");
  uint64_t c = sources.size() > 2 ? sources[2] : 0;
  uint64_t old = updateClusterElement(instr, sources[0], sources[1], c);
  if (instr.form->getNumDefs())
    std::memcpy(out, &old, getTypeBytes(instr));
}

/// red.async: as clusterAtomic, and the element's bytes complete on the
/// mbarrier at the register mbar, in the CTA of the element.
static void reduceAsync(const ptx::Instr &instr, const uint8_t *in) {
  llvm::SmallVector<uint64_t, 6> sources = cpu::readSources(instr, in);
  if (sources.size() != 3 || !instr.form->element)
    fatal(instr, "is no asynchronous reduction of the table");
  updateClusterElement(instr, sources[0], sources[1], 0);
  checkSameCta(instr, sources[0], sources[2]);
  cpu::completeCopyTx(instr, sources[2], getTypeBytes(instr));
}

/// discard's line: its bytes are indeterminate, and keeping them is one
/// such value. What is checked: the line lies in one buffer and starts at a
/// multiple of its size in it (the GPU's buffers start at 256-byte
/// boundaries; where no buffer is known, the address itself).
static void discardLine(const ptx::Instr &instr, const uint8_t *in) {
  uint64_t address = 0, size = 0;
  std::memcpy(&address, in, 8);
  std::memcpy(&size, in + kSlotBytes, 4);
  std::optional<uint64_t> offset = cpu::bufferOffset(address);
  if (offset.value_or(address) % size)
    cpu::reportThread(instr, "its line at " + cpu::describeAddress(address) +
                                 " is not " + std::to_string(size) +
                                 "-byte aligned");
  if (std::string why = cpu::checkBufferRange(address, size); !why.empty())
    cpu::reportThread(instr, "its line " + why);
}

void tile_cpu_apply(int64_t form, int64_t quals0, int64_t quals1,
                    int64_t quals2, int64_t quals3, int64_t quals4,
                    int64_t quals5, int64_t quals6, int64_t quals7,
                    int64_t predicated, const uint8_t *in, uint8_t *out) {
  ptx::Instr instr = cpu::decodeForm(
      form, {quals0, quals1, quals2, quals3, quals4, quals5, quals6, quals7},
      "tile_cpu_apply");
  if (ref::isCollective(instr))
    fatal(instr, "is a warp collective (tile_cpu_collective runs it)");
  if (instr.form->semantics == ptx::Semantics::AsyncCopy)
    return asyncCopy(instr, in, out);
  if (instr.form->semantics == ptx::Semantics::Atomic)
    return atomicUpdate(instr, in, out);
  // The cp.async groups: each copy completed when it was issued. A fence:
  // the block's threads run one at a time on one core, and every access
  // is done when the next instruction starts.
  // setmaxnreg: a register budget, nothing to compute; nanosleep neither.
  // The bulk groups too (each bulk copy completed when it was issued). A
  // prefetch changes no data; griddepcontrol orders grids, which run one
  // after the other here.
  if (instr.form->semantics == ptx::Semantics::AsyncGroup ||
      instr.form->semantics == ptx::Semantics::BulkGroup ||
      instr.form->semantics == ptx::Semantics::Fence ||
      instr.form->semantics == ptx::Semantics::RegisterBudget ||
      instr.form->semantics == ptx::Semantics::Sleep ||
      instr.form->semantics == ptx::Semantics::Prefetch ||
      instr.form->semantics == ptx::Semantics::GridDependency)
    return;
  if (instr.form->semantics == ptx::Semantics::Discard)
    return discardLine(instr, in);
  if (instr.form->semantics == ptx::Semantics::CachePolicy)
    return createPolicy(instr, in, out);
  if (instr.form->semantics == ptx::Semantics::SpaceQuery)
    return querySpace(instr, in, out);
  if (instr.form->semantics == ptx::Semantics::SpaceConvert)
    return convertSpace(instr, in, out);
  if (instr.form->semantics == ptx::Semantics::Mapa)
    return mapAddress(instr, in, out);
  if (instr.form->semantics == ptx::Semantics::ClusterLoad ||
      instr.form->semantics == ptx::Semantics::ClusterStore ||
      instr.form->semantics == ptx::Semantics::AddressLoad ||
      instr.form->semantics == ptx::Semantics::AddressStore)
    return accessThroughRegister(instr, in, out);
  if (instr.form->semantics == ptx::Semantics::ClusterAtomic)
    return clusterAtomic(instr, in, out);
  if (instr.form->semantics == ptx::Semantics::AsyncStore)
    return storeAsync(instr, in);
  if (instr.form->semantics == ptx::Semantics::AsyncReduce)
    return reduceAsync(instr, in);
  if (instr.form->semantics == ptx::Semantics::GetCtaRank) {
    uint64_t address = 0;
    std::memcpy(&address, in, 8);
    return cpu::writeResults(instr, cpu::getSharedRank(instr, address), out);
  }
  if (instr.form->semantics == ptx::Semantics::Trap)
    cpu::reportThread(instr, "aborted the kernel (the GPU's launch fails)");
  if (instr.form->polls) {
    moveBits(instr, in, out);
    return cpu::pollMemory(instr);
  }
  if (!ref::isSupported(instr))
    return moveBits(instr, in, out);
  // Computation: result registers from the sources' registers; several
  // results (setp p|q) come packed, the first in the lowest bits.
  bool computes = llvm::any_of(instr.form->getOperands(), [](auto &o) {
    return o.role == ptx::OperandRole::Def;
  });
  if (!computes)
    fatal(instr, "computes no register");
  uint64_t value =
      ref::evaluate(instr, cpu::readSources(instr, in), predicated != 0);
  cpu::writeResults(instr, value, out);
}

int64_t tile_cpu_clock() {
  static std::atomic<int64_t> count{0};
  return ++count;
}
