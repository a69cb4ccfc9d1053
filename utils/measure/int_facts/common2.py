import json, os, numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
TJ = json.load(open(os.path.join(HERE, 'run2src', 'tests2.json')))
TESTS = {t['name']: t for t in TJ['tests']}
_sets = {}
def inp(setname):
    if setname not in _sets:
        _sets[setname] = np.fromfile(os.path.join(HERE, 'in2', setname + '.bin'), dtype=np.uint64).reshape(-1, 4)
    return _sets[setname]
def out(name):
    return np.fromfile(os.path.join(HERE, 'raw2', 'out', name + '.bin'), dtype=np.uint64)
def get(name):
    t = TESTS[name]
    return t, inp(t['set']), out(name)
