//===- Printf.cpp - gpu.printf on the CPU backend -------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// A kernel's gpu.printf (CUDA's printf, PTX's vprintf) on the host: the
// format is C's, each argument an 8-byte slot with a kind (a 32- or 64-bit
// integer, or a double: the GPU promotes floats to double as C does). Each
// conversion must read the argument the GPU would (%d and %x a 32-bit
// integer, %lld and %lx a 64-bit one, %f a double); any other pairing, a
// missing or extra argument, `*` widths and %s are reported (vprintf would
// read other bytes or an address on the device).
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>

namespace {

[[noreturn]] void badFormat(const char *format, const std::string &why) {
  std::string shown;
  for (const char *p = format; *p; ++p)
    shown += *p == '\n' ? std::string("\\n") : std::string(1, *p);
  std::fprintf(stderr, "tile-cpu: printf(\"%s\"): %s\n", shown.c_str(),
               why.c_str());
  std::fflush(stderr);
  tile_cpu_exit_on_fault();
}

/// The kind of argument conversion `spec` (flags to conversion character)
/// reads: 'i' a 32-bit integer, 'l' a 64-bit integer, 'd' a double; 0 for
/// a conversion the CPU backend does not give.
char kindOf(const std::string &spec) {
  char conv = spec.back();
  bool wide = spec.find('l') != std::string::npos ||
              spec.find('j') != std::string::npos ||
              spec.find('z') != std::string::npos;
  if (std::strchr("diouxXc", conv))
    return wide ? 'l' : 'i';
  if (std::strchr("fFeEgGaA", conv))
    return 'd';
  if (conv == 'p')
    return 'l';
  return 0;
}

/// What an argument of `kind` is, in words.
const char *kindName(char kind) {
  return kind == 'd'   ? "a double"
         : kind == 'l' ? "a 64-bit integer"
                       : "a 32-bit integer";
}

/// One conversion `spec` of argument `value` (of `kind`) appended to `out`.
void convert(std::string &out, const std::string &spec, char kind,
             uint64_t value) {
  char buf[512];
  int n;
  if (kind == 'd') {
    double d;
    std::memcpy(&d, &value, sizeof d);
    n = std::snprintf(buf, sizeof buf, spec.c_str(), d);
  } else if (spec.back() == 'p') {
    n = std::snprintf(buf, sizeof buf, "0x%" PRIx64, value);
  } else if (kind == 'l') {
    // The length modifiers as written, with a 64-bit value.
    n = std::snprintf(buf, sizeof buf, spec.c_str(),
                      static_cast<unsigned long long>(value));
  } else {
    n = std::snprintf(buf, sizeof buf, spec.c_str(),
                      static_cast<unsigned>(value));
  }
  if (n > 0)
    out.append(buf, std::min<size_t>(size_t(n), sizeof buf - 1));
}

} // namespace

void tile_cpu_printf(const char *format, const char *kinds,
                     const uint64_t *slots) {
  std::string out;
  size_t count = std::strlen(kinds), next = 0;
  for (const char *p = format; *p; ++p) {
    if (*p != '%') {
      out += *p;
      continue;
    }
    if (p[1] == '%') {
      out += '%';
      ++p;
      continue;
    }
    const char *end = p + 1;
    while (*end && std::strchr("-+ #0123456789.hljztL*", *end))
      ++end;
    if (!*end)
      badFormat(format, "the format ends inside a conversion");
    std::string spec(p, end + 1);
    if (spec.find('*') != std::string::npos)
      badFormat(format, "'" + spec +
                            "': a '*' width or precision reads an "
                            "argument the CPU backend does not give");
    char kind = kindOf(spec);
    if (!kind)
      badFormat(format, "'" + spec + "' is not a conversion of a number");
    if (next >= count)
      badFormat(format, "'" + spec + "' has no argument");
    if (kinds[next] != kind)
      badFormat(format, "'" + spec + "' reads " + kindName(kind) +
                            ", but argument " + std::to_string(next) + " is " +
                            kindName(kinds[next]));
    convert(out, spec, kind, slots[next++]);
    p = end;
  }
  if (next != count)
    badFormat(format, std::to_string(count - next) +
                          " argument(s) no conversion reads");
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
}
