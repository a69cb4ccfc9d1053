//===- PtxKernels.cpp - what the runtime reads of a PTX module ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/PtxKernels.h"

#include <algorithm>
#include <cstring>

using tile::rt::PtxFunction;

#include "tile/Ptx/PtxGridSync.inc"

/// The `.entry` and `.func` definitions of `ptx` (declarations, which have
/// no body, are left out).
std::vector<PtxFunction> tile::rt::splitPtxFunctions(const std::string &ptx) {
  std::vector<PtxFunction> out;
  const std::string ws = " \t\n";
  for (size_t at = 0;;) {
    size_t e = ptx.find(".entry ", at), f = ptx.find(".func ", at);
    size_t pos = std::min(e, f);
    if (pos == std::string::npos)
      return out;
    bool entry = pos == e;
    size_t name = ptx.find_first_not_of(ws, pos + (entry ? 7 : 6));
    if (name != std::string::npos && ptx[name] == '(') // A .func's results.
      name = ptx.find_first_not_of(ws, ptx.find(')', name) + 1);
    size_t nameEnd = ptx.find_first_of("( \t\n;", name);
    size_t open = ptx.find_first_of("{;", nameEnd);
    if (name == std::string::npos || open == std::string::npos)
      return out;
    if (ptx[open] == ';') {
      at = open + 1;
      continue;
    }
    size_t close = open;
    for (int depth = 0; close < ptx.size(); ++close)
      if (ptx[close] == '{')
        ++depth;
      else if (ptx[close] == '}' && --depth == 0)
        break;
    out.push_back({ptx.substr(name, nameEnd - name), entry,
                   ptx.substr(open, close - open)});
    at = close;
  }
}

namespace {
/// Whether `body` has a `call` of a function in `callees`.
bool callsAny(const std::string &body, const std::set<std::string> &callees) {
  size_t at = 0;
  for (size_t eol; at < body.size(); at = eol + 1) {
    eol = body.find('\n', at);
    if (eol == std::string::npos)
      eol = body.size();
    std::string line = body.substr(at, eol - at);
    size_t call = line.find("call");
    if (call == std::string::npos)
      continue;
    const char *sep = " \t,;()";
    for (size_t t = line.find_first_not_of(sep, call);
         t != std::string::npos;) {
      size_t te = line.find_first_of(sep, t);
      if (callees.count(line.substr(t, te - t)))
        return true;
      t = te == std::string::npos ? te : line.find_first_not_of(sep, te);
    }
  }
  return false;
}
} // namespace

/// The kernels (`.entry` names) of the PTX `ptx` that synchronize their
/// grid: their code, or that of a function they call (directly or not),
/// has the grid synchronization's read of the grid workspace (the
/// GridBarrier record's statement with `%envreg`).
std::set<std::string> tile::rt::findGridSyncKernels(const std::string &ptx) {
  const char *marker = nullptr;
  for (const char *line : kGridSyncAsm)
    if (!marker && std::strstr(line, "%envreg"))
      marker = line;
  std::set<std::string> syncing, kernels;
  std::vector<PtxFunction> functions = splitPtxFunctions(ptx);
  for (bool grew = marker != nullptr; grew;) {
    grew = false;
    for (const PtxFunction &f : functions)
      if (!syncing.count(f.name) && (f.body.find(marker) != std::string::npos ||
                                     callsAny(f.body, syncing)))
        grew = syncing.insert(f.name).second;
  }
  for (const PtxFunction &f : functions)
    if (f.entry && syncing.count(f.name))
      kernels.insert(f.name);
  return kernels;
}
