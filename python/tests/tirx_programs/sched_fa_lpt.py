"""TIRx's FlashAttentionLPTScheduler (LPT reversed m-blocks, L2 swizzle 2
over batch*head = 3*3 = 9, so a residual swizzle group) in persistent mode
over 7 CTAs, plus FlashAttentionLinearScheduler over the same task space:
each CTA's warp writes every task's (batch, head, m_block) decode and the
visiting CTA into per-task slots."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import FlashAttentionLPTScheduler, FlashAttentionLinearScheduler
import numpy as np

NB, NH, NM = 3, 3, 4
TOT = NB * NH * NM
NC = 7


@T.function
def sched_fa(L: T.Tensor((TOT, 4), "int32"), R: T.Tensor((TOT, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=NC, block=32))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    lpt = FlashAttentionLPTScheduler("lpt", num_batches=NB, num_heads=NH, num_m_blocks=NM,
                                     l2_swizzle=2, num_ctas=NC)
    lpt.init(b)
    while lpt.valid():
        if t == 0:
            L[lpt.linear_idx, 0] = lpt.batch_idx
            L[lpt.linear_idx, 1] = lpt.head_idx
            L[lpt.linear_idx, 2] = lpt.m_block_idx
            L[lpt.linear_idx, 3] = b
        lpt.next_tile()
    lin = FlashAttentionLinearScheduler("lin", num_batches=NB, num_heads=NH, num_m_blocks=NM,
                                        num_ctas=NC)
    lin.init(b)
    while lin.valid():
        if t == 1:
            R[lin.linear_idx, 0] = lin.batch_idx
            R[lin.linear_idx, 1] = lin.head_idx
            R[lin.linear_idx, 2] = lin.m_block_idx
            R[lin.linear_idx, 3] = b
        lin.next_tile()


def main():
    L = np.zeros((TOT, 4), np.int32)
    R = np.zeros((TOT, 4), np.int32)
    sw = 2
    nhb = NB * NH
    l2_major = sw * NM
    q = nhb // sw
    for i in range(TOT):
        bidhb, l2mod = i // l2_major, i % l2_major
        rem = max(nhb % sw, 1)
        mraw = l2mod // sw if bidhb < q else l2mod // rem
        res = l2mod % sw if bidhb < q else l2mod % rem
        hb = bidhb * sw + res
        L[i] = [hb // NH, hb % NH, NM - 1 - mraw, i % NC]
        R[i] = [i // (NH * NM), (i % (NH * NM)) // NM, i % NM, i % NC]
    return {"L": np.zeros_like(L), "R": np.zeros_like(R)}, {"L": L, "R": R}
