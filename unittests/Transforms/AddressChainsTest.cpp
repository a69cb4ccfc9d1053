//===- AddressChainsTest.cpp - tests of the LLVM IR rewrites --------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The LLVM IR rewrites of tile-gpu-module-to-binary on hand-written LLVM
// IR. mergeVariableAddressChains: which chains merge, which stay, and the
// exact offset arithmetic of a merged chain. splitSharedAsmInputs: where
// copies go, what they copy, and which reads are left alone.
// markConvergentAsm: which inline asm calls become convergent.
// copyFloatBitsBeforeTrunc: which truncations get a copy of their operand.
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

enum class Rewrite { Chains, SharedInputs, Convergent, FloatBits };

/// Parses `function` (one `define` named @f, with NVPTX's data layout),
/// rewrites it (address chains, shared asm inputs with `chunk`, or
/// convergent collectives) and prints it; fails the test on a parse or
/// verifier error.
Rewritten rewrite(const std::string &function, unsigned chunk = 0,
                  Rewrite which = Rewrite::Chains) {
  if (chunk)
    which = Rewrite::SharedInputs;
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
  llvm::Function &f = *module->getFunction("f");
  switch (which) {
  case Rewrite::Chains:
    result.removed = mlir::tile::mergeVariableAddressChains(f);
    break;
  case Rewrite::SharedInputs:
    result.removed = mlir::tile::splitSharedAsmInputs(f, chunk);
    break;
  case Rewrite::Convergent:
    result.removed = mlir::tile::markConvergentAsm(f);
    break;
  case Rewrite::FloatBits:
    result.removed = mlir::tile::copyFloatBitsBeforeTrunc(f);
    break;
  }
  EXPECT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
  llvm::raw_string_ostream os(result.body);
  f.print(os);
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

size_t count(const std::string &text, const std::string &piece) {
  size_t n = 0;
  for (size_t at = text.find(piece); at != std::string::npos;
       at = text.find(piece, at + 1))
    ++n;
  return n;
}

/// Five reads of %s (and one of %t) by fma inline asms, for chunks of 2.
const char *kSharedScalar = R"(
define void @f(float %s, float %t, i16 %h, ptr %out) {
  %a = call float asm "fma.rn.f32 $0, $1, $2, $3;", "=f,f,f,f"(float %s, float %s, float 1.0)
  %b = call float asm "fma.rn.f32 $0, $1, $2, $3;", "=f,f,f,f"(float %a, float %s, float %t)
  %c = call float asm "fma.rn.f32 $0, $1, $2, $3;", "=f,f,f,f"(float %b, float %s, float %b)
  %d = call float asm "fma.rn.f32 $0, $1, $2, $3;", "=f,f,f,f"(float %c, float %s, float %c)
  %e = call i16 asm "add.f16 $0, $1, $2;", "=h,h,h"(i16 %h, i16 %h)
  store float %d, ptr %out
  ret void
})";

TEST(SharedAsmInputs, CopyEveryChunkOfReads) {
  Rewritten r = rewrite(kSharedScalar, /*chunk=*/2);
  // %s is read 5 times: reads 1-2 take %s, 3-4 a copy of %s, 5 a copy of
  // that copy. %t (1 read), %a..%c (2 each) and %h (2) need none.
  EXPECT_EQ(r.removed, 2u) << r.body;
  EXPECT_EQ(count(r.body, "asm sideeffect \"mov.b32 $0, $1;\", \"=f,f\""), 2u)
      << r.body;
  EXPECT_EQ(count(r.body, "mov.b16"), 0u) << r.body;
  // The first copy copies %s, the second copies the first.
  size_t first = r.body.find("mov.b32");
  size_t second = r.body.find("mov.b32", first + 1);
  ASSERT_NE(second, std::string::npos) << r.body;
  EXPECT_NE(
      r.body.substr(first, r.body.find('\n', first) - first).find("(float %s)"),
      std::string::npos)
      << r.body;
  // %s itself is read by the first fma (twice) and the first copy only
  // (and named once in the signature).
  EXPECT_EQ(count(r.body, "float %s,") + count(r.body, "float %s)"), 4u)
      << r.body;
  // Immediates are never copied.
  EXPECT_TRUE(contains(r.body, "float 1.0")) << r.body;
}

TEST(SharedAsmInputs, ChunkCoversAllReadsNoCopy) {
  Rewritten r = rewrite(kSharedScalar, /*chunk=*/5);
  EXPECT_EQ(r.removed, 0u) << r.body;
  EXPECT_FALSE(contains(r.body, "mov.b")) << r.body;
}

TEST(SharedAsmInputs, SixteenBitRegistersCopyWithMovB16) {
  Rewritten r = rewrite(kSharedScalar, /*chunk=*/1);
  // %h is read twice by one asm: its second read takes a mov.b16 copy.
  EXPECT_TRUE(contains(r.body, "asm sideeffect \"mov.b16 $0, $1;\", \"=h,h\""))
      << r.body;
}

TEST(SharedAsmInputs, CountsRestartInEachBlock) {
  Rewritten r = rewrite(R"(
define void @f(i32 %s, ptr %out) {
entry:
  %a = call i32 asm "add.s32 $0, $1, $2;", "=r,r,r"(i32 %s, i32 %s)
  br label %next
next:
  %b = call i32 asm "add.s32 $0, $1, $2;", "=r,r,r"(i32 %s, i32 %s)
  store i32 %b, ptr %out
  ret void
})",
                        /*chunk=*/2);
  EXPECT_EQ(r.removed, 0u) << r.body;
}

TEST(SharedAsmInputs, MemoryAndTiedOperandsAreLeftAlone) {
  Rewritten r = rewrite(R"(
define void @f(ptr addrspace(1) %p, i32 %v) {
  call void asm sideeffect "st.global.b32 [$0], $1;", "l,r,~{memory}"(ptr addrspace(1) %p, i32 %v)
  call void asm sideeffect "st.global.b32 [$0], $1;", "*m,r"(ptr addrspace(1) elementtype(i32) %p, i32 %v)
  %x = call i32 asm "add.s32 $0, $1, 1;", "=r,0"(i32 %v)
  %y = call i32 asm "add.s32 $0, $1, 1;", "=r,0"(i32 %v)
  ret void
})",
                        /*chunk=*/1);
  // Reads through "l" (1 of %p) and "r" (2 of %v) count; "*m" and the tied
  // "0" do not. With chunks of 1, %v's second "r" read takes one copy.
  EXPECT_EQ(r.removed, 1u) << r.body;
  EXPECT_TRUE(contains(r.body, "mov.b32")) << r.body;
  EXPECT_FALSE(contains(r.body, "mov.b64")) << r.body;
}

TEST(ConvergentAsm, CollectivesAlone) {
  // Four collectives (one under a guard, one without a result) and three
  // other asm calls, one of which names shfl in an operand only.
  Rewritten r = rewrite(R"(
define i32 @f(i32 %a, i32 %m, ptr addrspace(1) %p) {
  %s = call i32 asm sideeffect "shfl.sync.idx.b32 $0, $1, 1, 31, $2;", "=r,r,r"(i32 %a, i32 %m)
  %g = call i32 asm sideeffect "{\0A\09.reg .pred %tile_p;\0A\09setp.ne.b32 %tile_p, $1, 0;\0A\09@%tile_p activemask.b32 $0;\0A\09}", "=r,r"(i32 %a)
  call void asm sideeffect "bar.warp.sync $0;", "r"(i32 %m)
  %e = call { i32, i1 } asm sideeffect "elect.sync $0|$1, $2;", "=r,=b,r"(i32 %m)
  %x = call i32 asm "add.s32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %s)
  %y = call i32 asm "mov.b32 $0, $1; // shfl.sync", "=r,r"(i32 %x)
  call void asm sideeffect "st.global.b32 [$0], $1;", "l,r,~{memory}"(ptr addrspace(1) %p, i32 %y)
  ret i32 %g
})",
                        0, Rewrite::Convergent);
  EXPECT_EQ(r.removed, 4u) << r.body;
  for (const char *collective :
       {"shfl.sync.idx", "activemask", "bar.warp.sync", "elect.sync"}) {
    size_t at = r.body.find(collective);
    ASSERT_NE(at, std::string::npos) << collective;
    size_t line = r.body.find('\n', at);
    EXPECT_NE(r.body.substr(at, line - at).find(" #"), std::string::npos)
        << collective << " has no attribute group: " << r.body;
  }
  size_t add = r.body.find("add.s32");
  EXPECT_EQ(r.body.substr(add, r.body.find('\n', add) - add).find(" #"),
            std::string::npos)
      << r.body;
}

TEST(ConvergentAsm, BarriersAndAlignedForms) {
  // A cluster barrier, a CTA barrier, a wgmma fence and setmaxnreg (.aligned
  // forms, which LLVM would otherwise copy into the arms of a branch) become
  // convergent; mbarrier and a bulk copy do not.
  Rewritten r = rewrite(R"(
define void @f(i32 %a, ptr addrspace(3) %b) {
  call void asm sideeffect "barrier.cluster.arrive.release.aligned;", ""()
  call void asm sideeffect "barrier.sync 0;", ""()
  call void asm sideeffect "wgmma.fence.sync.aligned;", ""()
  call void asm sideeffect "setmaxnreg.inc.sync.aligned.u32 232;", ""()
  call void asm sideeffect "mbarrier.init.shared.b64 [$0], 1;", "r"(ptr addrspace(3) %b)
  call void asm sideeffect "cp.async.bulk.commit_group;", ""()
  ret void
})",
                        0, Rewrite::Convergent);
  EXPECT_EQ(r.removed, 4u) << r.body;
  for (const char *text : {"barrier.cluster.arrive", "barrier.sync 0",
                           "wgmma.fence", "setmaxnreg"}) {
    size_t at = r.body.find(text);
    ASSERT_NE(at, std::string::npos) << text;
    size_t line = r.body.find('\n', at);
    EXPECT_NE(r.body.substr(at, line - at).find(" #"), std::string::npos)
        << text << " has no attribute group: " << r.body;
  }
  for (const char *text : {"mbarrier.init", "cp.async.bulk.commit_group"}) {
    size_t at = r.body.find(text);
    EXPECT_EQ(r.body.substr(at, r.body.find('\n', at) - at).find(" #"),
              std::string::npos)
        << text << ": " << r.body;
  }
}

TEST(FloatBits, TruncationsOfFloatBitsTakeACopy) {
  // An f64's and an f32's bits truncated (directly, and through a phi and
  // a select), and an integer truncated: three copies, none for %n.
  Rewritten r = rewrite(R"(
define void @f(double %d, float %s, i64 %n, i1 %c, ptr %p) {
entry:
  %db = bitcast double %d to i64
  %dl = trunc i64 %db to i32
  store i32 %dl, ptr %p
  %sb = bitcast float %s to i32
  %sel = select i1 %c, i32 %sb, i32 7
  %sl = trunc i32 %sel to i16
  store i16 %sl, ptr %p
  br label %next
next:
  %ph = phi i64 [ %db, %entry ]
  %pl = trunc i64 %ph to i8
  store i8 %pl, ptr %p
  %nl = trunc i64 %n to i32
  store i32 %nl, ptr %p
  ret void
})",
                        0, Rewrite::FloatBits);
  EXPECT_EQ(r.removed, 3u) << r.body;
  EXPECT_TRUE(contains(r.body, "asm \"mov.b64 $0, $1;\", \"=l,l\"(i64 %db)"))
      << r.body;
  EXPECT_TRUE(contains(r.body, "asm \"mov.b32 $0, $1;\", \"=r,r\"(i32 %sel)"))
      << r.body;
  EXPECT_TRUE(contains(r.body, "asm \"mov.b64 $0, $1;\", \"=l,l\"(i64 %ph)"))
      << r.body;
  EXPECT_TRUE(contains(r.body, "%nl = trunc i64 %n to i32")) << r.body;
  EXPECT_FALSE(contains(r.body, "trunc i64 %db")) << r.body;
}

} // namespace
