"""TIRx's ClusterPersistentScheduler2D with a runtime number of M tiles (a
scalar kernel parameter: the scheduler's truncdiv path), serpentine swizzle
2 over N=5 tile columns (a right residual strip), cluster_n=1, 4 persistent
CTAs. Each visit records (cta, count) into the tile's slot."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import ClusterPersistentScheduler2D
import numpy as np

NT = 5
NC = 4
G = 2
MMAX = 8


@T.function
def sched_dyn(mt: T.int32, V: T.Tensor((MMAX * NT,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=NC, block=32))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    sched = ClusterPersistentScheduler2D("s", num_m_tiles=mt, num_n_tiles=NT,
                                         num_clusters=NC, l2_group_size=G, serpentine=True)
    sched.init(b)
    while sched.valid():
        if t == 0:
            T.cuda.atomic_add(T.address_of(V[sched.m_idx * NT + sched.n_idx]),
                              (b + 1) * 1000 + sched.tile_count + 1)
        sched.next_tile()


def order(mt, nt, S):
    MB, NB = mt // S, nt // S
    full = MB * NB * S * S
    rn, rm = nt - NB * S, mt - MB * S
    res = []
    for lin in range(mt * nt):
        if MB > 0 and NB > 0 and lin < full:
            bl, wb = lin // (S * S), lin % (S * S)
            bc, brr = bl // MB, bl % MB
            br = brr if bc % 2 == 0 else MB - 1 - brr
            res.append((br * S + wb // S, bc * S + wb % S))
        elif rn > 0:
            rem = lin - full
            res.append((rem // rn, NB * S + rem % rn) if rem < mt * rn else (0, 0))
        elif rm > 0:
            rem = lin - full
            res.append((MB * S + rem % rm, rem // rm) if rem < rm * NB * S else (0, 0))
        else:
            res.append((0, 0))
    return res


def main():
    mt = 6
    V = np.zeros(MMAX * NT, np.int32)
    tiles = order(mt, NT, G)
    for b in range(NC):
        for cnt, lin in enumerate(range(b, mt * NT, NC)):
            m, n = tiles[lin]
            V[m * NT + n] += (b + 1) * 1000 + cnt + 1
    return {"mt": np.int32(mt), "V": np.zeros_like(V)}, {"V": V}
