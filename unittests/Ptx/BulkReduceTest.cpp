//===- BulkReduceTest.cpp - the bulk reductions' element operations -------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The table's BulkRedElement records, which say what cp.reduce.async.bulk
// does to each element: every reduction form and every tensor map type's
// operator has one, each names an instruction of the table of its type
// that the reference evaluates, and the integer ones compute the ISA's
// operations, written here independently: wrap-around add, min/max of
// the signed or unsigned value, the bitwise operators, and the counters
// inc (old >= b ? 0 : old + 1) and dec (old == 0 || old > b ? b : old - 1).
//
//===----------------------------------------------------------------------===//

#include "tile/Ptx/InstrTable.h"
#include "tile/Reference/Reference.h"

#include "CpuRuntime/Reduce.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace tile;

namespace {

TEST(BulkReduceTest, EveryFormHasItsElementOperation) {
  unsigned forms = 0;
  for (const ptx::FormDesc &form : ptx::getForms()) {
    if (form.semantics != ptx::Semantics::BulkReduce ||
        llvm::any_of(form.getOperands(),
                     [](const ptx::OperandDesc &o) { return o.tensorMap; }))
      continue;
    for (ptx::QualSet quals : ptx::Instr::enumerate(form)) {
      ptx::Instr instr{&form, quals};
      ++forms;
      EXPECT_NE(tile::cpu::findReduction(instr, form.getTypes()), nullptr)
          << instr.str();
    }
  }
  EXPECT_GT(forms, 60u);
}

TEST(BulkReduceTest, EveryElementIsAnInstructionOfItsType) {
  for (const ptx::BulkRedElementDesc &e : ptx::getBulkRedElements()) {
    llvm::StringRef spelling = e.instr;
    if (spelling == "inc" || spelling == "dec") {
      EXPECT_EQ(e.type, ptx::DataType::U32);
      continue;
    }
    std::string error;
    std::optional<ptx::Instr> instr = ptx::decode(spelling, error);
    ASSERT_TRUE(instr) << spelling.str() << ": " << error;
    EXPECT_TRUE(ref::isSupported(*instr)) << spelling.str();
    EXPECT_TRUE(
        spelling.ends_with(std::string(".") + ptx::getInfo(e.type).name))
        << spelling.str();
  }
}

TEST(BulkReduceTest, EveryTensorOperatorHasAnElement) {
  for (const ptx::TensorMapTypeDesc &t : ptx::getTensorMapTypes())
    for (ptx::Qual op : t.redOps) {
      bool found = false;
      for (ptx::DataType type : t.redTypes)
        found |= ptx::findBulkRedElement(op, type) != nullptr;
      EXPECT_TRUE(found) << t.name << " " << ptx::getQualName(op).str();
      for (ptx::DataType type : t.redTypes)
        EXPECT_EQ(ptx::getInfo(type).valueBits, t.bits) << t.name;
    }
}

/// The ISA's operation `op` on `bits`-bit integers.
uint64_t isaInteger(llvm::StringRef op, bool isSigned, unsigned bits,
                    uint64_t a, uint64_t b) {
  uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  auto sext = [&](uint64_t v) {
    return bits == 64 ? int64_t(v) : int64_t(v << (64 - bits)) >> (64 - bits);
  };
  bool less = isSigned ? sext(a) < sext(b) : a < b;
  if (op == "add")
    return (a + b) & mask;
  if (op == "min")
    return less ? a : b;
  if (op == "max")
    return less ? b : a;
  if (op == "and")
    return a & b;
  if (op == "or")
    return a | b;
  if (op == "xor")
    return a ^ b;
  if (op == "inc")
    return a >= b ? 0 : a + 1;
  return a == 0 || a > b ? b : a - 1;
}

TEST(BulkReduceTest, IntegerElementsAreTheIsas) {
  const uint64_t values[] = {0,           1,          2,
                             5,           0x7fffffff, 0x80000000,
                             0xfffffffe,  0xffffffff, 0x8000000000000000,
                             ~uint64_t(0)};
  unsigned checked = 0;
  for (const ptx::BulkRedElementDesc &e : ptx::getBulkRedElements()) {
    const ptx::DataTypeInfo &info = ptx::getInfo(e.type);
    if (info.name[0] == 'f' || (info.name[0] == 'b' && info.name[1] == 'f'))
      continue;
    unsigned bits = info.valueBits;
    uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    std::string op = ptx::getQualName(e.op).str();
    for (uint64_t a : values)
      for (uint64_t b : values) {
        uint64_t old = a & mask, src = b & mask;
        uint8_t dst[8], in[8];
        std::memcpy(dst, &old, 8);
        std::memcpy(in, &src, 8);
        ptx::Instr none;
        tile::cpu::reduceElements(none, e, dst, in, bits / 8);
        uint64_t got = 0;
        std::memcpy(&got, dst, bits / 8);
        EXPECT_EQ(got, isaInteger(op, info.name[0] == 's', bits, old, src))
            << e.instr << " " << old << " " << src;
        ++checked;
      }
  }
  EXPECT_GT(checked, 1000u);
}

} // namespace
