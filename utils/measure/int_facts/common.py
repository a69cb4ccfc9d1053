import json, os, numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
TJ = json.load(open(os.path.join(HERE, 'tests.json')))
TESTS = {t['name']: t for t in TJ['tests']}
_sets = {}
def inp(setname):
    if setname not in _sets:
        a = np.fromfile(os.path.join(HERE, 'in', setname + '.bin'), dtype=np.uint64).reshape(-1, 4)
        _sets[setname] = a
    return _sets[setname]
def out(name):
    return np.fromfile(os.path.join(HERE, 'raw', 'out', name + '.bin'), dtype=np.uint64)
def get(name):
    t = TESTS[name]
    return t, inp(t['set']), out(name)
