#!/usr/bin/env python3
"""Re-scan only the spellings whose kernels changed since raw.json (new
entries of spellings.py), keeping the rest; rewrites raw.json."""
import concurrent.futures as cf, json, os, sys
import scan, spellings
raw = json.load(open(os.path.join(scan.HERE, "raw.json")))
scan.TARGETS.update({int(k): v for k, v in raw["targets_by_ptx"].items()})
key = lambda sp, ops: json.dumps([sp, [list(o) for o in ops]])
old = {key(e["spelling"], e["ops"]): e for e in raw["results"]}
new = [("doc", e) for e in spellings.documented()] + \
      [("undoc", e) for e in spellings.undocumented()]
todo = [(k, e) for k, e in new if key(e["spelling"], e["ops"]) not in old]
print(len(todo), "to scan", file=sys.stderr)
with cf.ThreadPoolExecutor(2) as ex:
    res = list(ex.map(lambda j: scan.floors(j[1]["spelling"], j[1]["ops"]), todo))
done = {key(e["spelling"], e["ops"]): {"kind": k, **{x: e[x] for x in e if x != "ops"},
        "ops": e["ops"], "r": r} for (k, e), r in zip(todo, res)}
out = []
for k, e in new:
    kk = key(e["spelling"], e["ops"])
    out.append(done.get(kk) or old[kk])
raw["results"] = out
raw["ptxas_runs"] += scan.RUNS[0]
json.dump(raw, open(os.path.join(scan.HERE, "raw.json"), "w"), indent=1)
print("rescanned", len(todo), "runs", scan.RUNS[0], file=sys.stderr)
