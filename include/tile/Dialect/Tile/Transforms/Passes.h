//===- Passes.h - tile dialect transformation passes ------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES_H
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "tile/Dialect/Tile/Transforms/UnrollTarget.h"
#include "tile/Ptx/InstrTable.h"

namespace llvm {
class Function;
} // namespace llvm

namespace mlir {
namespace tile {
class ApplyOp;

#define GEN_PASS_DECL
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"

/// Expands one tile.apply into one instruction per repeat (see
/// TileExpandRepeats). A no-op on an already expanded op. With `baseViews`,
/// a view of static offset is a reinterpret_cast of the operand's base
/// buffer; without, every view is a subview of the operand.
LogicalResult expandRepeats(ApplyOp op, OpBuilder &builder,
                            bool baseViews = true);

/// Resolves the targets of `module` under the target model (see
/// TileCheckTargets): one entry per #nvvm.target, empty when it has none.
/// Emits a located error and fails on any target the model rejects.
FailureOr<SmallVector<::tile::ptx::Target>>
resolveModuleTargets(gpu::GPUModuleOp module, bool unchecked);

/// The LLVM IR rewrite of TileGpuModuleToBinary: every `gep (gep %base, %i),
/// %j` in `function` with single-index GEPs, variable `%i` and `%j`, and an
/// inner GEP used only by the outer one in the same block, becomes
/// `gep i8 %base, (%i * size_i + %j * size_j)` (indices sign-extended or
/// truncated to the index width, as GEP does; wrapping arithmetic, no
/// `inbounds`). Chains of any length fold into one GEP. Returns the number
/// of GEPs removed.
unsigned mergeVariableAddressChains(llvm::Function &function);

/// The second LLVM IR rewrite of TileGpuModuleToBinary: in every block of
/// `function`, each register value read by inline asm gets a fresh copy
/// (the table's `mov.bN` in an inline asm with side effects) every `chunk`
/// reads, and the next reads take the copy; the copies form a chain, so no
/// value is read more than `chunk` + 1 times in a block. LLVM copies every
/// inline asm input, and its PeepholeOptimizer folds the copies of one
/// value in time quadratic in their number. `chunk` 0 does nothing.
/// Returns the number of copies made.
unsigned splitSharedAsmInputs(llvm::Function &function, unsigned chunk);

/// The third LLVM IR rewrite of TileGpuModuleToBinary: every integer
/// `trunc` of `function` whose operand may hold the bits of a
/// floating-point value (a bitcast of one, or a phi or select over one)
/// truncates a copy of it instead (the table's `mov.bN` in inline asm). The
/// NVPTX backend folds a truncation into a narrower store of the wide
/// register (`st.b32 [a], %rd` of an f64), and ptxas compiles such a store
/// of a register that a floating-point instruction wrote as a conversion to
/// an integer (F2I) rather than its low bits. After the copy the register
/// is written by a `mov.bN`, and ptxas stores its bits. Returns the number
/// of copies made.
unsigned copyFloatBitsBeforeTrunc(llvm::Function &function);

/// The LLVM IR rewrite of TileGpuModuleToBinary before LLVM's optimization
/// pipeline: every inline asm call of `function` whose instruction is a
/// warp collective, a CTA barrier or an `.aligned` form of the table (after
/// an optional `@p` guard) becomes `convergent`, so that no pass moves it
/// into or out of control flow that changes which lanes execute it
/// together, or copies it into the arms of a branch. Returns the number of
/// calls marked.
unsigned markConvergentAsm(llvm::Function &function);

/// Whether instructions of `form` lower to asm that markConvergentAsm makes
/// convergent (their mnemonic is that of a collective, CTA-barrier or
/// `.aligned` form).
bool isConvergentForm(const ::tile::ptx::FormDesc &form);

/// The host code rewrite of the CPU backend's JIT: no bf16 value (or
/// vector of bf16) of `function` crosses a block. Each bf16 phi becomes a
/// phi of its bits (i16) between bitcasts, and each value used in another
/// block is cast to its bits after its definition and back before that use.
/// LLVM's x86 code generator would carry it in an f32 and convert back,
/// quieting signaling NaNs and flushing subnormals (vcvtneps2bf16) or
/// calling __truncsfbf2. Returns the number of phis and values rewritten.
unsigned keepBFloatBits(llvm::Function &function);

/// Prepares a function of the CPU backend's host code for the JIT, after
/// LLVM's optimizations: keepBFloatBits, and stack probes (each page of a
/// frame larger than a page is touched in order), so that a thread that
/// overflows its stack faults in the stack's guard, which the CPU runtime
/// reports, instead of writing past it.
void prepareHostFunction(llvm::Function &function);

#define GEN_PASS_REGISTRATION
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"

} // namespace tile
} // namespace mlir

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES_H
