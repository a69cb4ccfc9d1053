//===- AotBuiltins.cpp - libgcc's bf16 conversions for --emit-exe ---------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Host code that converts to bf16 (arith.truncf, arith.sitofp to bf16)
// calls __truncsfbf2 or __truncdfbf2 on an x86-64 host without AVX512-BF16,
// and libgcc 12 has neither. The JIT binds them to the CPU runtime's IEEE
// conversions; an executable that tile-runner --emit-exe writes gets them
// from here, the same functions under libgcc's names.
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"

#if defined(__x86_64__)
extern "C" _Float16 __truncsfbf2(float f) { return tile_cpu_truncsfbf2(f); }
extern "C" _Float16 __truncdfbf2(double d) { return tile_cpu_truncdfbf2(d); }
#endif
