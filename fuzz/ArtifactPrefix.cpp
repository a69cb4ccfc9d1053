//===- ArtifactPrefix.cpp - where the harnesses write reproducers ---------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// libFuzzer writes a crash, leak or timeout reproducer to its
// -artifact_prefix, by default the current directory: run from the source
// tree, a reproducer lands beside the sources and is easily committed. Unless
// the command line names a prefix, every harness writes to
// TILE_FUZZ_ARTIFACT_DIR (the build tree's fuzz-artifacts/) instead.
//
//===----------------------------------------------------------------------===//

#include <cstring>
#include <string>
#include <sys/stat.h>
#include <vector>

#ifndef TILE_FUZZ_ARTIFACT_DIR
#error "TILE_FUZZ_ARTIFACT_DIR must name the harnesses' artifact directory"
#endif

/// Whether the command line already names an artifact prefix (or a single
/// artifact path).
static bool hasArtifactFlag(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (!std::strncmp(argv[i], "-artifact_prefix=", 17) ||
        !std::strncmp(argv[i], "-exact_artifact_path=", 21))
      return true;
  return false;
}

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  if (hasArtifactFlag(*argc, *argv))
    return 0;
  static std::string flag =
      std::string("-artifact_prefix=") + TILE_FUZZ_ARTIFACT_DIR + "/";
  mkdir(TILE_FUZZ_ARTIFACT_DIR, 0700); // An existing one is fine.
  // libFuzzer parses the flags after this call; argv[0] stays first.
  static std::vector<char *> args(*argv, *argv + *argc);
  args.insert(args.begin() + 1, flag.data());
  args.push_back(nullptr);
  *argc += 1;
  *argv = args.data();
  return 0;
}
