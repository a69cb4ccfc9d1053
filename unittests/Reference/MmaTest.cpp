//===- MmaTest.cpp - the reference's mma.sync -----------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// ref::evaluateMma on matrices worked out by hand: the fragments are filled
// through the table's maps, one element of D is read back. The float cases
// tell the H200's rules (docs/Rationale.md) from the exact result and from
// the published model: truncation below the anchor, the nominal exponent
// anchor, and the sign of a zero result; the integer cases are the ISA's.
//
//===----------------------------------------------------------------------===//

#include "Decode.h"
#include "tile/Reference/Reference.h"

#include "llvm/ADT/bit.h"

#include "gtest/gtest.h"

#include <cmath>
#include <functional>
#include <string>

using namespace tile;

namespace {

/// An element's bits by its (row, column) in matrix 0.
using Fill = std::function<uint64_t(unsigned row, unsigned col)>;

/// Lays `fill` out over the lanes' registers of `frag`, appending to each
/// lane's sources.
void place(const ptx::FragmentDesc &frag, const Fill &fill,
           ref::WarpSources &in) {
  unsigned width = ptx::getInfo(frag.element).valueBits;
  for (unsigned lane = 0; lane < 32; ++lane) {
    llvm::SmallVector<uint64_t, 8> regs(frag.regs, 0);
    for (unsigned i = 0; i < frag.getNumElements(); ++i) {
      ptx::FragmentCoord c = frag.at(lane, i);
      regs[i / frag.perReg] |= fill(c.row, c.col)
                               << ((i % frag.perReg) * width);
    }
    in.lanes[lane].append(regs.begin(), regs.end());
  }
}

/// D[0][0] of `spelling` over A, B and C given by element.
uint64_t mmaD00(const std::string &spelling, const Fill &a, const Fill &b,
                const Fill &c) {
  ptx::Instr instr = test::decodeOrFail(spelling, {std::nullopt, 4u, {}});
  llvm::ArrayRef<ptx::OperandDesc> ops = instr.form->getOperands();
  ref::WarpSources in;
  in.met = in.executing = ~0u;
  place(*ops[1].fragment, a, in);
  place(*ops[2].fragment, b, in);
  place(*ops[3].fragment, c, in);
  ref::WarpResults out;
  ref::evaluateMma(instr, in, out);
  const ptx::FragmentDesc &d = *ops[0].fragment;
  unsigned width = ptx::getInfo(d.element).valueBits;
  uint64_t mask = width >= 64 ? ~0ULL : (1ULL << width) - 1;
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned i = 0; i < d.getNumElements(); ++i)
      if (d.at(lane, i) == ptx::FragmentCoord{0, 0, 0})
        return (out[lane][i / d.perReg] >> ((i % d.perReg) * width)) & mask;
  ADD_FAILURE() << "no lane holds D[0][0]";
  return 0;
}

uint64_t f32(float v) { return llvm::bit_cast<uint32_t>(v); }

/// Only element (0, 0) nonzero.
Fill at00(uint64_t bits) {
  return [bits](unsigned r, unsigned c) { return r == 0 && c == 0 ? bits : 0; };
}

constexpr const char *kBf16 =
    "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32";

TEST(MmaTest, ProductsBelowTheAnchorAreTruncated) {
  // c = 1, a0 b0 = -2^-30 (bf16 -2^-15 twice): 25 bits below the anchor
  // (2^0) the product is 0, so D = 1, where the exact sum rounded toward
  // zero is 1 - 2^-24.
  uint64_t d = mmaD00(kBf16, at00(0xB800), at00(0x3800), at00(f32(1.0f)));
  EXPECT_EQ(d, f32(1.0f));
}

TEST(MmaTest, TheAnchorIsTheNominalExponent) {
  // a0 b0 = 1.5 * 1.5 = 2.25 (nominal exponent 0, actual 1), c = -2^-25:
  // anchored at 2^0, c is kept, and 2.25 - 2^-25 rounds toward zero to
  // 2.25 - 2^-22; anchored at 2^1, c would be truncated away (2.25).
  uint64_t d = mmaD00(kBf16, at00(0x3FC0), at00(0x3FC0), at00(f32(-0x1p-25f)));
  EXPECT_EQ(d, f32(2.25f - 0x1p-22f));
}

TEST(MmaTest, AZeroResultIsPositive) {
  // tf32 a0 b0 = -2^-126 * 2^-126 underflows, c = -0: the H200 gives +0.
  uint64_t d =
      mmaD00("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32",
             at00(f32(-0x1p-126f)), at00(f32(0x1p-126f)), at00(f32(-0.0f)));
  EXPECT_EQ(d, 0u);
}

TEST(MmaTest, FloatSpecials) {
  // Infinity times zero, and infinities of both signs, give the canonical
  // NaN; an infinity alone gives itself.
  Fill inf = at00(0x7F80), zero = at00(0);
  EXPECT_EQ(mmaD00(kBf16, inf, zero, zero), 0x7FFFFFFFu);
  EXPECT_EQ(mmaD00(kBf16, inf, at00(0x3F80), at00(f32(-INFINITY))),
            0x7FFFFFFFu);
  EXPECT_EQ(mmaD00(kBf16, inf, at00(0x3F80), zero), f32(INFINITY));
}

TEST(MmaTest, IntegerSaturationAndSignedness) {
  // s8 x u8: a row of -128, a column of 255 over k = 32: -128 * 255 * 32 +
  // c; .satfinite clamps below INT32_MIN, without it the sum wraps.
  Fill a = [](unsigned, unsigned) { return uint64_t(0x80); };
  Fill b = [](unsigned, unsigned) { return uint64_t(0xFF); };
  Fill c = at00(0x80000000u);
  int64_t exact = int64_t(INT32_MIN) - 128 * 255 * 32;
  EXPECT_EQ(mmaD00("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32",
                   a, b, c),
            0x80000000u);
  EXPECT_EQ(mmaD00("mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32", a, b, c),
            uint64_t(uint32_t(exact)));
}

TEST(MmaTest, BitOperatorsCountOnes) {
  // b1 m8n8k128: row 0 of A all ones, column 0 of B ones in 100 of 128 k;
  // .and.popc counts 100, .xor.popc 28; c = 5.
  Fill a = [](unsigned, unsigned) { return uint64_t(1); };
  Fill b = [](unsigned k, unsigned) { return uint64_t(k < 100); };
  EXPECT_EQ(mmaD00("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc",
                   a, b, at00(5)),
            105u);
  EXPECT_EQ(mmaD00("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc",
                   a, b, at00(5)),
            33u);
}

} // namespace

/// Every emulated mma's steps are forms of the table, of the types its kind
/// needs: the reference evaluates them through the table (a step that does
/// not decode would stop it).
TEST(MmaTest, EmulationStepsAreTableForms) {
  auto decodes = [](const char *spelling, const char *what,
                    const ptx::MmaArithDesc &a) {
    std::string error;
    EXPECT_TRUE(ptx::decode(spelling, error).has_value())
        << a.record << "'s " << what << " '" << spelling << "': " << error;
  };
  unsigned emulated = 0;
  for (const ptx::FormDesc &f : ptx::getForms()) {
    const ptx::MmaArithDesc *a = f.arith;
    if (!a)
      continue;
    switch (a->kind) {
    case ptx::MmaKind::FmaChain:
      decodes(a->fmaStep, "fma step", *a);
      break;
    case ptx::MmaKind::SplitFused:
      decodes(a->addStep, "add step", *a);
      break;
    case ptx::MmaKind::ChainThenC:
      decodes(a->fmaStep, "fma step", *a);
      decodes(a->addStep, "add step", *a);
      break;
    case ptx::MmaKind::PairsThenC:
      decodes(a->fmaStep, "fma step", *a);
      decodes(a->mulStep, "mul step", *a);
      decodes(a->addStep, "add step", *a);
      decodes(a->cvtStep, "cvt step", *a);
      break;
    default:
      continue;
    }
    ++emulated;
  }
  EXPECT_GT(emulated, 0u);
}
