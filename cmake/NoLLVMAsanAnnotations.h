//===- NoLLVMAsanAnnotations.h - keep LLVM's allocators unannotated -------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Force-included into every C++ file of a sanitizer build (TILE_SANITIZE,
// TILE_FUZZ). Debian's libLLVM and libMLIR are built without AddressSanitizer,
// so their inline copies of llvm::BumpPtrAllocator never poison or unpoison
// memory. Our instrumented copies of the same inline functions would, and
// the dynamic linker binds some of libMLIR's calls to ours: slabs poisoned by
// one copy are then handed out by the other, and ASan reports a
// use-after-poison inside MLIR's uniquer. Turning the annotations off keeps
// every copy alike; ASan still checks every access of our code.
//
//===----------------------------------------------------------------------===//

#include <sanitizer/asan_interface.h>
#define __asan_poison_memory_region(p, size) ((void)(p), (void)(size))
#define __asan_unpoison_memory_region(p, size) ((void)(p), (void)(size))
