//===- BitOps.cpp - Lane functions of the bit operations ------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The reference lane functions of the bit operations (include/tile/Ptx/
/// BitOps.td): the PTX ISA's pseudo-code, with the H200's results where the
/// ISA leaves a case open or where the hardware differs from the pseudo-code
/// (measured: docs/IntegerFacts.md). Each source arrives
/// masked to its operand's width.
///
//===----------------------------------------------------------------------===//

#include "Lanes.h"

#include "llvm/ADT/bit.h"

namespace tile::ref::lanes {

/// popc: the number of set bits (0 for 0; 32 / 64 for all ones).
uint64_t popcLane(const LaneContext &, llvm::ArrayRef<uint64_t> in) {
  return llvm::popcount(in[0]);
}

} // namespace tile::ref::lanes

namespace {

using tile::ref::LaneContext;

/// Bit `i` of `x` (0 beyond 63).
uint64_t bitOf(uint64_t x, uint64_t i) { return i < 64 ? (x >> i) & 1 : 0; }

} // namespace

namespace tile::ref::lanes {

/// clz: leading zeros over the source's width (32 / 64 for 0).
uint64_t clzLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.instr.form->getSourceBits(0);
  return w - llvm::bit_width(in[0]);
}

/// bfind: the position of the most significant non-sign bit (for .s, of
/// the one's complement of a negative value), 0xFFFFFFFF if there is none;
/// .shiftamt gives w-1 minus that position (docs/IntegerFacts.md §4).
uint64_t bfindLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.instr.form->getSourceBits(0);
  uint64_t a = in[0];
  if (isSignedForm(ctx) && bitOf(a, w - 1))
    a = ~a & maskOf(w);
  if (!a)
    return 0xFFFFFFFF;
  uint64_t pos = llvm::bit_width(a) - 1;
  return ctx.instr.has(ptx::Qual::ShiftAmt) ? w - 1 - pos : pos;
}

/// brev: the source's bits in reverse order.
uint64_t brevLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.instr.form->getSourceBits(0);
  return llvm::reverseBits(in[0]) >> (64 - w);
}

/// fns: the ISA's pseudo-code; a base above 31 gives 0xFFFFFFFF, and on an
/// H200 an offset of INT_MIN gives 0 (docs/IntegerFacts.md §4; the pseudo-code
/// would give 0xFFFFFFFF).
uint64_t fnsLane(const LaneContext &, llvm::ArrayRef<uint64_t> in) {
  uint64_t mask = in[0], base = in[1];
  int64_t offset = signExtend(in[2], 32);
  if (offset == INT32_MIN)
    return 0;
  if (base > 31)
    return 0xFFFFFFFF;
  if (offset == 0)
    return bitOf(mask, base) ? base : 0xFFFFFFFF;
  int64_t count = (offset > 0 ? offset : -offset) - 1;
  int64_t step = offset > 0 ? 1 : -1;
  for (int64_t pos = base; pos >= 0 && pos < 32; pos += step) {
    if (!bitOf(mask, pos))
      continue;
    if (count-- == 0)
      return pos;
  }
  return 0xFFFFFFFF;
}

/// The position and length operands of bfe / bfi: the ISA masks them to 8
/// bits; an H200 does so for the 32-bit forms only, the 64-bit forms use
/// the whole u32 (docs/IntegerFacts.md §3).
static std::pair<uint64_t, uint64_t> field(unsigned w, uint64_t pos,
                                           uint64_t len) {
  if (w == 32)
    return {pos & 0xFF, len & 0xFF};
  return {pos, len};
}

/// bfe: `len` bits of a from `pos`, zero- or sign-extended (the ISA's
/// pseudo-code in exact arithmetic).
uint64_t bfeLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.instr.form->getSourceBits(0);
  uint64_t msb = w - 1;
  auto [pos, len] = field(w, in[1], in[2]);
  uint64_t sbit = 0;
  if (isSignedForm(ctx) && len != 0)
    sbit = bitOf(in[0], std::min(pos + len - 1, msb));
  uint64_t d = 0;
  for (uint64_t i = 0; i <= msb; ++i) {
    bool inField = i < len && pos + i <= msb;
    d |= (inField ? bitOf(in[0], pos + i) : sbit) << i;
  }
  return d;
}

/// bfi: b with `len` low bits of a inserted at `pos`.
uint64_t bfiLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.instr.form->getSourceBits(0);
  auto [pos, len] = field(w, in[2], in[3]);
  uint64_t f = in[1];
  for (uint64_t i = 0; i < len && pos + i <= w - 1; ++i)
    f = (f & ~(1ULL << (pos + i))) | (bitOf(in[0], i) << (pos + i));
  return f;
}

/// szext: a's low N bits sign- or zero-extended; N = b & 31 with .wrap,
/// min(b, 32) with .clamp; N = 0 gives 0.
uint64_t szextLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  uint64_t n = ctx.instr.has(ptx::Qual::Wrap) ? in[1] & 31
                                              : std::min<uint64_t>(in[1], 32);
  if (n == 0)
    return 0;
  uint64_t low = in[0] & maskOf(n);
  if (!isSignedForm(ctx))
    return low;
  return static_cast<uint64_t>(signExtend(low, n)) & 0xFFFFFFFF;
}

/// bmsk: `b` ones from bit `a`, within 32 bits; .wrap takes both & 31,
/// .clamp takes min(x, 32).
uint64_t bmskLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  bool wrap = ctx.instr.has(ptx::Qual::Wrap);
  uint64_t pos = wrap ? in[0] & 31 : std::min<uint64_t>(in[0], 32);
  uint64_t len = wrap ? in[1] & 31 : std::min<uint64_t>(in[1], 32);
  return (maskOf(len) << pos) & 0xFFFFFFFF;
}

uint64_t andLane(const LaneContext &, llvm::ArrayRef<uint64_t> in) {
  return in[0] & in[1];
}
uint64_t orLane(const LaneContext &, llvm::ArrayRef<uint64_t> in) {
  return in[0] | in[1];
}
uint64_t xorLane(const LaneContext &, llvm::ArrayRef<uint64_t> in) {
  return in[0] ^ in[1];
}
uint64_t notLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return ~in[0] & maskOf(ctx.instr.form->getSourceBits(0));
}
/// cnot: 1 for 0, else 0.
uint64_t cnotLane(const LaneContext &, llvm::ArrayRef<uint64_t> in) {
  return in[0] == 0;
}

/// shl: the whole u32 amount; amounts of the width or more give 0.
uint64_t shlLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.instr.form->getSourceBits(0);
  return in[1] >= w ? 0 : (in[0] << in[1]) & maskOf(w);
}

/// shr: .s fills with the sign bit, .b and .u with zeros; amounts of the
/// width or more clamp (docs/IntegerFacts.md §2).
uint64_t shrLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.instr.form->getSourceBits(0);
  if (isSignedForm(ctx)) {
    uint64_t n = std::min<uint64_t>(in[1], w - 1);
    return static_cast<uint64_t>(signExtend(in[0], w) >> n) & maskOf(w);
  }
  return in[1] >= w ? 0 : in[0] >> in[1];
}

/// shf: the 64-bit {b, a} shifted by n = c & 31 (.wrap) or min(c, 32)
/// (.clamp); .l takes the high word of the left shift, .r the low word of
/// the right shift.
uint64_t shfLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  uint64_t n = ctx.instr.has(ptx::Qual::Wrap) ? in[2] & 31
                                              : std::min<uint64_t>(in[2], 32);
  uint64_t pair = (in[1] << 32) | in[0];
  if (ctx.instr.has(ptx::Qual::ShfL))
    return n == 0 ? in[1] : ((pair << n) >> 32) & 0xFFFFFFFF;
  return (pair >> n) & 0xFFFFFFFF;
}

/// The sum c + a_i * b_i over `n` parts of `aBits` and `bBits` bits each
/// (b from part `bFirst`), each sign- or zero-extended per its type.
static uint64_t dot(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in,
                    unsigned n, unsigned aBits, unsigned bFirst) {
  auto signedType = [&](unsigned k) {
    return ptx::getInfo(ctx.instr.form->types[k]).intKind ==
           ptx::IntKind::Signed;
  };
  uint64_t sum = in[2];
  for (unsigned i = 0; i < n; ++i) {
    uint64_t a = (in[0] >> (i * aBits)) & maskOf(aBits);
    uint64_t b = (in[1] >> ((bFirst + i) * 8)) & 0xFF;
    int64_t x = signedType(0) ? signExtend(a, aBits) : int64_t(a);
    int64_t y = signedType(1) ? signExtend(b, 8) : int64_t(b);
    sum += static_cast<uint64_t>(x * y);
  }
  return sum & 0xFFFFFFFF;
}

/// dp4a: c plus the four byte products, mod 2^32.
uint64_t dp4aLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return dot(ctx, in, 4, 8, 0);
}

/// dp2a: c plus the products of a's two halves with b's bytes 0-1 (.lo) or
/// 2-3 (.hi), mod 2^32.
uint64_t dp2aLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return dot(ctx, in, 2, 16, ctx.instr.has(ptx::Qual::Hi) ? 2 : 0);
}

/// lop3: bit i of d is bit (a_i b_i c_i) of the look-up table (so that the
/// table is the function's value at a = 0xF0, b = 0xCC, c = 0xAA).
uint64_t lop3Lane(const LaneContext &, llvm::ArrayRef<uint64_t> in) {
  uint64_t d = 0;
  for (unsigned i = 0; i < 32; ++i) {
    unsigned index =
        ((in[0] >> i) & 1) << 2 | ((in[1] >> i) & 1) << 1 | ((in[2] >> i) & 1);
    d |= ((in[3] >> index) & 1) << i;
  }
  return d;
}

/// lop3.BoolOp d|p: d as lop3 computes it from a, b, c and the table, and
/// p = (d != 0) BoolOp q (.and or .or), packed as d in bits 0..31 and p in
/// bit 32 (the destinations in order, each at its register's width).
uint64_t lop3PairLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  uint64_t d = lop3Lane(ctx, in.take_front(4));
  bool q = in[4] & 1;
  bool p = ctx.instr.has(ptx::Qual::AND) ? d != 0 && q : d != 0 || q;
  return d | uint64_t(p) << 32;
}

/// prmt: byte i of d is a byte of {b, a} (a holds bytes 0..3). Without a
/// mode, c's nibble i picks it (its bit 3 replicates the byte's sign); a
/// mode's table picks it by c[1:0].
uint64_t prmtLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  uint64_t bytes = in[1] << 32 | in[0];
  // The mode's table: the one of the qualifiers written that has a table.
  llvm::ArrayRef<int> table;
  for (ptx::QualSet s = ctx.instr.quals; s && table.empty(); s = s.dropFirst())
    table = ptx::getQualTable(s.first());
  uint64_t d = 0;
  for (unsigned i = 0; i < 4; ++i) {
    uint64_t sel =
        table.empty() ? (in[2] >> (4 * i)) & 0xF : table[4 * (in[2] & 3) + i];
    uint64_t byte = (bytes >> (8 * (sel & 7))) & 0xFF;
    if (table.empty() && (sel & 8))
      byte = (byte & 0x80) ? 0xFF : 0;
    d |= byte << (8 * i);
  }
  return d;
}

} // namespace tile::ref::lanes
