"""A @T.meta_class helper like TIRx's PipelineState: fields bound with
T.bind_(T.local_scalar(...)), an @T.inline advance() with T.constexpr on a
Python field, driven by a kernel loop; stage/phase recorded per step."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.meta_class
class Ring:
    def __init__(self, depth: int):
        self.stage = T.bind_(T.local_scalar("int32"))
        self.phase = T.bind_(T.local_scalar("int32"))
        self.depth = depth

    @T.inline
    def init(self, phase):
        self.stage = 0
        self.phase = phase

    @T.inline
    def advance(self):
        if T.constexpr(self.depth > 1):
            self.stage = self.stage + 1
            if self.stage == self.depth:
                self.stage = 0
                self.phase = self.phase ^ 1
        else:
            self.phase = self.phase ^ 1


@T.function
def ring(O: T.Tensor((32, 10), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    r = Ring(3)
    r.init(t % 2)
    for k in T.serial(10):
        O[t, k] = r.stage * 10 + r.phase
        r.advance()


def main():
    O = np.zeros((32, 10), np.int32)
    for t in range(32):
        s, p = 0, t % 2
        for k in range(10):
            O[t, k] = s * 10 + p
            s += 1
            if s == 3:
                s, p = 0, p ^ 1
    return {"O": np.zeros_like(O)}, {"O": O}
