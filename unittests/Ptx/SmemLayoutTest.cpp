//===- SmemLayoutTest.cpp - wgmma's shared-memory layouts against the ISA -===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The table's canonical layouts (SmemLayout records), descriptor fields and
// swizzle modes against the PTX ISA's canonical layouts (9.7.15.5.1.1),
// transcribed here independently as CuTe-style formulas with T = 128 /
// element bits: K-major none ((8, m), (T, 2k)) : ((1T, SBO), (1, LBO));
// K-major swizzled by W bytes ((8, m), (T, 2k)) : ((W/16 T, SBO), (1, T));
// MN-major none ((T, 1, m), (8, k)) : ((1, T, SBO), (1T, LBO)); MN-major
// swizzled ((T, W/16, m), (8, k)) : ((1, T, LBO), (W/16 T, SBO)), all in
// elements, LBO and SBO converted from bytes.
//
//===----------------------------------------------------------------------===//

#include "tile/Ptx/InstrTable.h"

#include "gtest/gtest.h"

using namespace tile;

namespace {

/// The ISA's offset in bits of element (mn, k).
uint64_t isaOffset(bool mnMajor, unsigned bytes, unsigned bits, uint64_t mn,
                   uint64_t k, uint64_t lbo, uint64_t sbo) {
  uint64_t t = 128 / bits, w = bytes / 16; // T elements a 16-byte chunk.
  uint64_t lboE = lbo * 8 / bits, sboE = sbo * 8 / bits;
  uint64_t e;
  if (!mnMajor && w == 1)
    e = (mn % 8) * t + (mn / 8) * sboE + (k % t) + (k / t) * lboE;
  else if (!mnMajor)
    e = (mn % 8) * w * t + (mn / 8) * sboE + k;
  else if (w == 1)
    e = (mn % t) + (mn / t) * sboE + (k % 8) * t + (k / 8) * lboE;
  else
    e = (mn % t) + ((mn / t) % w) * t + (mn / (t * w)) * lboE +
        (k % 8) * w * t + (k / 8) * sboE;
  return e * bits;
}

TEST(SmemLayoutTest, EveryLayoutIsTheIsas) {
  unsigned checked = 0;
  for (const ptx::SmemLayoutDesc &l : ptx::getSmemLayouts()) {
    SCOPED_TRACE(l.record);
    for (unsigned bits : {8u, 16u, 32u}) {
      if (l.mnMajor && bits != 16)
        continue; // Only the 16-bit types transpose.
      unsigned t = 128 / bits;
      // K within an instruction (2T), MN up to 256.
      for (uint64_t lbo : {16u, 128u, 272u})
        for (uint64_t sbo : {16u, 1024u, 48u})
          for (uint64_t mn = 0; mn < 256; ++mn)
            for (uint64_t k = 0; k < 2 * t; ++k)
              ASSERT_EQ(
                  l.bitOffset(mn, k, bits, lbo, sbo),
                  isaOffset(l.mnMajor, l.swizzle->bytes, bits, mn, k, lbo, sbo))
                  << bits << "-bit (" << mn << ", " << k << ") lbo " << lbo
                  << " sbo " << sbo;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 8u);
}

/// The descriptor's fields (9.7.15.5.1.2) and the swizzle codes.
TEST(SmemLayoutTest, DescriptorFieldsAreTheIsas) {
  using ptx::DescField;
  uint64_t desc = (uint64_t(0x1234) << 0) | (uint64_t(0x0567) << 16) |
                  (uint64_t(0x0abc) << 32) | (uint64_t(5) << 49) |
                  (uint64_t(2) << 62);
  EXPECT_EQ(ptx::getDescField(DescField::StartAddress).get(desc), 0x1234u << 4);
  EXPECT_EQ(ptx::getDescField(DescField::LeadingOffset).get(desc),
            0x0567u << 4);
  EXPECT_EQ(ptx::getDescField(DescField::StrideOffset).get(desc), 0x0abcu << 4);
  EXPECT_EQ(ptx::getDescField(DescField::BaseOffset).get(desc), 5u);
  EXPECT_EQ(ptx::getDescField(DescField::Swizzle).get(desc), 2u);
  // 1: 128-byte, 2: 64-byte, 3: 32-byte swizzle; 0: none.
  EXPECT_EQ(ptx::findSwizzleByCode(1)->bytes, 128u);
  EXPECT_EQ(ptx::findSwizzleByCode(2)->bytes, 64u);
  EXPECT_EQ(ptx::findSwizzleByCode(3)->bytes, 32u);
  EXPECT_EQ(ptx::findSwizzleByCode(0)->bytes, 16u);
  // The 128-byte swizzle exclusive-ors the 16-byte chunk with the row.
  EXPECT_EQ(ptx::findSwizzleByCode(1)->apply(0x380 + 0x10), 0x380u + 0x60);
  EXPECT_EQ(ptx::findSwizzleByCode(3)->apply(0x80), 0x90u);
}

} // namespace
