//===- PtxKernelsTest.cpp - the kernels that synchronize their grid -------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/PtxKernels.h"

#include "gtest/gtest.h"

namespace {

/// A statement of the grid synchronization's code: the read of the grid
/// workspace that the runtime looks for.
const char *kWorkspaceRead = "mov.u32 %gs_r0, %envreg1;";

std::string syncingBody() {
  return std::string("{\n\t// begin inline asm\n\t{\n\t") + kWorkspaceRead +
         "\n\tbarrier.sync 0;\n\t}\n\t// end inline asm\n\tret;\n}\n";
}

TEST(PtxKernels, AKernelWithTheCodeSynchronizesItsGrid) {
  std::string ptx = ".visible .entry plain(\n\t.param .u64 p\n)\n{\n\tret;\n}\n"
                    ".visible .entry k(\n\t.param .u64 p\n)\n" +
                    syncingBody();
  EXPECT_EQ(tile::rt::findGridSyncKernels(ptx), std::set<std::string>{"k"});
}

// A device function with the code, between two kernels, only one of which
// calls it (through another function, with a result list): the caller
// synchronizes its grid, the kernel before it does not.
TEST(PtxKernels, TheCallersOfADeviceFunctionWithTheCode) {
  std::string ptx =
      ".extern .func (.param .b32 r) vprintf(.param .b64 a, .param .b64 b);\n"
      ".visible .entry big(\n\t.param .u64 p\n)\n{\n\tret;\n}\n"
      ".func helper()\n" +
      syncingBody() +
      ".func (.param .b32 r0) middle(\n\t.param .b32 a\n)\n{\n"
      "\tcall.uni helper, ();\n\tst.param.b32 [r0], 0;\n\tret;\n}\n"
      ".visible .entry k(\n\t.param .u64 p\n)\n{\n"
      "\t{ .param .b32 retval0;\n\tcall.uni (retval0), middle, (param0);\n"
      "\t}\n\tret;\n}\n";
  std::vector<tile::rt::PtxFunction> fns = tile::rt::splitPtxFunctions(ptx);
  ASSERT_EQ(fns.size(), 4u); // vprintf is a declaration.
  EXPECT_EQ(fns[2].name, "middle");
  EXPECT_FALSE(fns[2].entry);
  EXPECT_EQ(tile::rt::findGridSyncKernels(ptx), std::set<std::string>{"k"});
}

TEST(PtxKernels, NoKernelWithoutTheCode) {
  EXPECT_TRUE(tile::rt::findGridSyncKernels(
                  ".visible .entry k()\n{\n\tbarrier.sync 0;\n\tret;\n}\n")
                  .empty());
}

} // namespace
