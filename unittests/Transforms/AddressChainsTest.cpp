//===- AddressChainsTest.cpp - tests of the address-chain rewrite ---------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// mergeVariableAddressChains on hand-written LLVM IR: which chains merge,
// which stay, and the exact offset arithmetic of a merged chain.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace {

struct Rewritten {
  unsigned removed = 0;
  std::string body; ///< The function, printed, after the rewrite.
};

/// Parses `function` (one `define` named @f, with NVPTX's data layout),
/// rewrites it and prints it; fails the test on a parse or verifier error.
Rewritten rewrite(const std::string &function) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::string text = "target datalayout = "
                     "\"e-p3:32:32-p4:32:32-p5:32:32-i64:64-i128:128-v16:16-"
                     "v32:32-n16:32:64\"\n" +
                     function;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(text, error, context);
  Rewritten result;
  if (!module) {
    std::string message;
    llvm::raw_string_ostream os(message);
    error.print("test", os);
    ADD_FAILURE() << message;
    return result;
  }
  result.removed =
      mlir::tile::mergeVariableAddressChains(*module->getFunction("f"));
  EXPECT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
  llvm::raw_string_ostream os(result.body);
  module->getFunction("f")->print(os);
  return result;
}

bool contains(const std::string &text, const std::string &piece) {
  return text.find(piece) != std::string::npos;
}

TEST(AddressChains, TwoVariableOffsetsBecomeOne) {
  // InstCombine's shape for (bid * 256 + tid) * 8 elements of i32.
  Rewritten r = rewrite(R"(
define ptr @f(ptr %base, i64 %blockBytes, i64 %tidElems) {
  %p = getelementptr i8, ptr %base, i64 %blockBytes
  %q = getelementptr i32, ptr %p, i64 %tidElems
  ret ptr %q
})");
  EXPECT_EQ(r.removed, 1u);
  // The i32 step scaled by 4, the i8 step as it is, one GEP from %base.
  EXPECT_TRUE(contains(r.body, "mul i64 %tidElems, 4")) << r.body;
  EXPECT_TRUE(contains(r.body, "add i64 %blockBytes, ")) << r.body;
  EXPECT_TRUE(contains(r.body, "getelementptr i8, ptr %base, i64 ")) << r.body;
  EXPECT_FALSE(contains(r.body, "%p =")) << r.body;
  EXPECT_FALSE(contains(r.body, "getelementptr i32")) << r.body;
  EXPECT_FALSE(contains(r.body, "inbounds")) << r.body;
}

TEST(AddressChains, NarrowIndicesAreSignExtended) {
  // GEP sign-extends an i32 index; the merged offset must too.
  Rewritten r = rewrite(R"(
define ptr @f(ptr %base, i32 %i, i32 %j) {
  %p = getelementptr inbounds double, ptr %base, i32 %i
  %q = getelementptr inbounds i16, ptr %p, i32 %j
  ret ptr %q
})");
  EXPECT_EQ(r.removed, 1u);
  EXPECT_TRUE(contains(r.body, "sext i32 %i to i64")) << r.body;
  EXPECT_TRUE(contains(r.body, "sext i32 %j to i64")) << r.body;
  EXPECT_TRUE(contains(r.body, ", 8")) << r.body;
  EXPECT_TRUE(contains(r.body, ", 2")) << r.body;
  EXPECT_FALSE(contains(r.body, "zext")) << r.body;
}

TEST(AddressChains, LongerChainsFoldIntoOneGep) {
  Rewritten r = rewrite(R"(
define ptr @f(ptr %base, i64 %a, i64 %b, i64 %c) {
  %p = getelementptr i8, ptr %base, i64 %a
  %q = getelementptr i8, ptr %p, i64 %b
  %s = getelementptr i8, ptr %q, i64 %c
  ret ptr %s
})");
  EXPECT_EQ(r.removed, 2u);
  EXPECT_TRUE(contains(r.body, "add i64 %a, %b")) << r.body;
  EXPECT_TRUE(contains(r.body, "getelementptr i8, ptr %base, i64 ")) << r.body;
  // Only one GEP is left.
  size_t first = r.body.find("getelementptr");
  EXPECT_EQ(r.body.find("getelementptr", first + 1), std::string::npos)
      << r.body;
}

TEST(AddressChains, SharedInnerAddressStays) {
  // %p has another user: merging would compute its offset twice.
  Rewritten r = rewrite(R"(
define ptr @f(ptr %base, i64 %a, i64 %b, ptr %out) {
  %p = getelementptr i8, ptr %base, i64 %a
  store ptr %p, ptr %out
  %q = getelementptr i32, ptr %p, i64 %b
  ret ptr %q
})");
  EXPECT_EQ(r.removed, 0u);
  EXPECT_TRUE(contains(r.body, "getelementptr i32, ptr %p, i64 %b")) << r.body;
}

TEST(AddressChains, ConstantOffsetsStay) {
  // Constant steps are the backend's to fold into the address (x+4).
  Rewritten r = rewrite(R"(
define ptr @f(ptr %base, i64 %a) {
  %p = getelementptr i32, ptr %base, i64 %a
  %q = getelementptr i8, ptr %p, i64 4
  %s = getelementptr i8, ptr %base, i64 16
  %t = getelementptr i32, ptr %s, i64 %a
  %u = getelementptr i8, ptr %t, i64 %a
  ret ptr %q
})");
  // %q and %t sit on a constant step (outer or inner) and stay; %u and %t
  // are both variable steps and merge into one GEP from %s.
  EXPECT_EQ(r.removed, 1u);
  EXPECT_TRUE(contains(r.body, "getelementptr i8, ptr %p, i64 4")) << r.body;
  EXPECT_TRUE(contains(r.body, "getelementptr i8, ptr %base, i64 16"))
      << r.body;
  EXPECT_TRUE(contains(r.body, "getelementptr i8, ptr %s, i64 ")) << r.body;
}

TEST(AddressChains, ChainsAcrossBlocksStay) {
  // The inner address is computed once before the loop: merging would move
  // its arithmetic into the loop.
  Rewritten r = rewrite(R"(
define void @f(ptr %base, i64 %a, i64 %n, ptr %out) {
entry:
  %p = getelementptr i8, ptr %base, i64 %a
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %q = getelementptr i32, ptr %p, i64 %i
  store i32 0, ptr %q
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
})");
  EXPECT_EQ(r.removed, 0u);
  EXPECT_TRUE(contains(r.body, "getelementptr i32, ptr %p, i64 %i")) << r.body;
}

TEST(AddressChains, MultiIndexAndVectorGepsStay) {
  Rewritten r = rewrite(R"(
define <2 x ptr> @f(ptr %base, i64 %a, i64 %b, <2 x i64> %v) {
  %p = getelementptr i8, ptr %base, i64 %a
  %q = getelementptr [4 x i32], ptr %p, i64 %b, i64 %a
  %s = getelementptr i8, ptr %base, i64 %b
  %t = getelementptr i32, ptr %s, <2 x i64> %v
  ret <2 x ptr> %t
})");
  EXPECT_EQ(r.removed, 0u);
}

} // namespace
