"""T.cuda.mov_sreg (register names without "%", as TIRx prepends it) on:
%tid.x, %tid.y, %ntid.x, %ctaid.x, %nctaid.x, %laneid, %lanemask_eq,
%lanemask_le, %lanemask_gt, %lanemask_ge, in a 2-D block on a 3-block grid."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def sregs(O: T.Tensor((3, 2, 32, 10), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=3, block=(32, 2)))
    bx = T.cuda.block_idx("x")
    tx = T.cuda.thread_idx("x")
    ty = T.cuda.thread_idx("y")
    O[bx, ty, tx, 0] = T.cuda.mov_sreg(32, "tid.x")
    O[bx, ty, tx, 1] = T.cuda.mov_sreg(32, "tid.y")
    O[bx, ty, tx, 2] = T.cuda.mov_sreg(32, "ntid.x")
    O[bx, ty, tx, 3] = T.cuda.mov_sreg(32, "ctaid.x")
    O[bx, ty, tx, 4] = T.cuda.mov_sreg(32, "nctaid.x")
    O[bx, ty, tx, 5] = T.cuda.mov_sreg(32, "laneid")
    O[bx, ty, tx, 6] = T.cuda.mov_sreg(32, "lanemask_eq")
    O[bx, ty, tx, 7] = T.cuda.mov_sreg(32, "lanemask_le")
    O[bx, ty, tx, 8] = T.cuda.mov_sreg(32, "lanemask_gt")
    O[bx, ty, tx, 9] = T.cuda.mov_sreg(32, "lanemask_ge")


def main():
    O = np.zeros((3, 2, 32, 10), np.uint32)
    for b in range(3):
        for y in range(2):
            for x in range(32):
                l = x
                O[b, y, x] = [x, y, 32, b, 3, l, 1 << l, (1 << (l + 1)) - 1,
                              (0xFFFFFFFF << (l + 1)) & 0xFFFFFFFF, (0xFFFFFFFF << l) & 0xFFFFFFFF]
    return {"O": np.zeros_like(O)}, {"O": O}
