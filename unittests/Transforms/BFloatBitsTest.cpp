//===- BFloatBitsTest.cpp - bf16 values cross blocks as bits --------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// keepBFloatBits on hand-written host IR: phis of bf16 (and of vectors of
// it) become phis of i16, values used in other blocks cross as i16, and
// what stays in one block is left alone. Then no bf16 value of the function
// is a phi or used outside its block.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace {

struct Result {
  unsigned rewritten = 0;
  bool crossing = true; ///< A bf16 phi, or a bf16 used outside its block.
  std::string body;
};

bool isBFloat(llvm::Type *type) { return type->getScalarType()->isBFloatTy(); }

/// Whether a bf16 value of `f` is a phi or has a use in another block.
bool crosses(llvm::Function &f) {
  auto usedOutside = [](llvm::Value &v, llvm::BasicBlock *block) {
    for (llvm::User *u : v.users())
      if (llvm::cast<llvm::Instruction>(u)->getParent() != block)
        return true;
    return false;
  };
  for (llvm::Argument &a : f.args())
    if (isBFloat(a.getType()) && usedOutside(a, &f.getEntryBlock()))
      return true;
  for (llvm::Instruction &i : llvm::instructions(f))
    if (isBFloat(i.getType()) &&
        (llvm::isa<llvm::PHINode>(i) || usedOutside(i, i.getParent())))
      return true;
  return false;
}

Result rewrite(const std::string &function) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(function, error, context);
  Result result;
  if (!module) {
    std::string message;
    llvm::raw_string_ostream os(message);
    error.print("test", os);
    ADD_FAILURE() << message;
    return result;
  }
  llvm::Function &f = *module->getFunction("f");
  EXPECT_TRUE(crosses(f) || function.find("same block") != std::string::npos);
  result.rewritten = mlir::tile::keepBFloatBits(f);
  EXPECT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
  result.crossing = crosses(f);
  llvm::raw_string_ostream os(result.body);
  f.print(os);
  return result;
}

bool contains(const std::string &text, const std::string &piece) {
  return text.find(piece) != std::string::npos;
}

TEST(BFloatBits, PhisBecomePhisOfBits) {
  Result r = rewrite(R"(
define void @f(ptr %p, ptr %q, i1 %c) {
e:
  %v = load bfloat, ptr %p
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %w = phi bfloat [ %v, %e ], [ 0xR7F81, %a ]
  %x = phi <2 x bfloat> [ zeroinitializer, %e ], [ zeroinitializer, %a ]
  store bfloat %w, ptr %q
  store <2 x bfloat> %x, ptr %p
  ret void
}
)");
  EXPECT_EQ(r.rewritten, 2u);
  EXPECT_FALSE(r.crossing) << r.body;
  EXPECT_TRUE(contains(r.body, "phi i16 [ %")) << r.body;
  // The signaling NaN constant keeps its bits.
  EXPECT_TRUE(contains(r.body, "[ 32641, %a ]")) << r.body;
  EXPECT_TRUE(contains(r.body, "phi <2 x i16>")) << r.body;
}

TEST(BFloatBits, ValuesUsedInOtherBlocksCrossAsBits) {
  Result r = rewrite(R"(
define void @f(ptr %p, ptr %q, bfloat %arg, i1 %c) {
e:
  %v = load bfloat, ptr %p
  br i1 %c, label %a, label %b
a:
  store bfloat %v, ptr %q
  store bfloat %arg, ptr %p
  br label %b
b:
  ret void
}
)");
  EXPECT_EQ(r.rewritten, 2u);
  EXPECT_FALSE(r.crossing) << r.body;
  EXPECT_TRUE(contains(r.body, "bitcast bfloat %v to i16")) << r.body;
  EXPECT_TRUE(contains(r.body, "bitcast bfloat %arg to i16")) << r.body;
}

TEST(BFloatBits, ValuesOfOneBlockStayAsTheyAre) {
  const std::string body = R"(
define void @f(ptr %p, ptr %q) {
  ; same block
  %v = load bfloat, ptr %p
  %w = select i1 true, bfloat %v, bfloat 0xR0001
  store bfloat %w, ptr %q
  %h = load half, ptr %p
  store half %h, ptr %q
  ret void
}
)";
  Result r = rewrite(body);
  EXPECT_EQ(r.rewritten, 0u);
  EXPECT_FALSE(contains(r.body, "bitcast")) << r.body;
}

} // namespace
