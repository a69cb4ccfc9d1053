// Builds a kernel with tile.apply through the C++ API, verifies it without a
// target (another compiler picks the target later), attaches #nvvm.target,
// and runs the tile-to-ptx pipeline.

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Pipelines/Pipelines.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static ::tile::ptx::Instr decode(const char *spelling) {
  std::string error;
  std::optional<::tile::ptx::Instr> instr = ::tile::ptx::decode(spelling, error);
  if (!instr) {
    llvm::errs() << error << "\n";
    std::exit(1);
  }
  return *instr;
}

int main() {
  DialectRegistry registry;
  mlir::tile::registerTileCompilerDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();

  OpBuilder b(&ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  (*module)->setAttr("gpu.container_module", b.getUnitAttr());
  b.setInsertionPointToEnd(module->getBody());
  auto gpuModule = gpu::GPUModuleOp::create(b, loc, "kernels");

  b.setInsertionPointToStart(gpuModule.getBody());
  Type f32 = b.getF32Type();
  auto global = MemRefType::get({4, 1}, f32);
  auto func = gpu::GPUFuncOp::create(
      b, loc, "affine", b.getFunctionType({global, global}, {}));
  func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  Block &entry = func.getBody().front();
  b.setInsertionPointToStart(&entry);
  auto regTy = MemRefType::get({4, 1}, f32, MemRefLayoutAttrInterface{},
                               mlir::tile::RegisterSpaceAttr::get(&ctx));
  Value r = mlir::tile::AllocLocalOp::create(b, loc, regTy);
  Value two = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(2.0f));
  Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
  mlir::tile::ApplyOp::create(b, loc, decode("ld.global.f32"),
                              ValueRange{r, entry.getArgument(0)});
  mlir::tile::ApplyOp::create(b, loc, decode("fma.sat.rn.f32"),
                              ValueRange{r, r, two, one});
  mlir::tile::ApplyOp::create(b, loc, decode("st.global.f32"),
                              ValueRange{entry.getArgument(1), r});
  gpu::ReturnOp::create(b, loc);

  // No target yet: the IR verifies structurally.
  if (failed(verify(*module)))
    return 1;
  llvm::outs() << "verified without a target\n";

  gpuModule.setTargetsAttr(b.getArrayAttr(
      {parseAttribute("#nvvm.target<chip = \"sm_90\">", &ctx)}));
  if (failed(verify(*module)))
    return 1;
  mlir::tile::TileToPtxOptions opts;
  if (failed(mlir::tile::emitPtx(*module, opts, llvm::outs())))
    return 1;
  return 0;
}
