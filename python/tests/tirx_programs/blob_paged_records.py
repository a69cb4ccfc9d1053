"""Paged int8 records in one global byte blob: record r is {float32 scale;
int8 q[60]} at byte r * 64. A page table (run-time) gives each thread its
record order; the kernel views each record's scale and payload through
T.ptr_byte_offset(Blob.data, page * 64 (+ 4), ...) at run-time byte offsets and
accumulates scale * sum(q[j] * w[j]) with fma.rn."""
from tvm_tirx.script import tirx as T
from tvm_tirx.ir import PtrType
import numpy as np

NR = 16     # records
NT = 32     # threads, each walks 8 pages of the table
NP = 8
REC = 64


@T.function
def blob_paged_records(Blob: T.Tensor((NR * REC,), "uint8"), Pages: T.Tensor((NT, NP), "int32"),
                       Wt: T.Tensor((60,), "float32"), Y: T.Tensor((NT,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=NT))
    t = T.cuda.thread_idx("x")
    acc = T.local_scalar("float32")
    acc = T.float32(0)
    part = T.local_scalar("float32")
    for p in T.serial(NP):
        page = Pages[t, p]
        sc = T.decl_tensor(T.ptr_byte_offset(Blob.data, page * REC, ty=PtrType("float32", "global")),
                           ty_args=[T.Tensor((1,), "float32")])
        q = T.decl_tensor(T.ptr_byte_offset(Blob.data, page * REC + 4, ty=PtrType("int8", "global")),
                          ty_args=[T.Tensor((60,), "int8")])
        part = T.float32(0)
        for j in T.serial(60):
            T.ptx.fma.rn.f32(part, T.cast(q[j], "float32"), Wt[j], part)
        T.ptx.fma.rn.f32(acc, part, sc[0], acc)
    Y[t] = acc


def main():
    rng = np.random.default_rng(1011)
    scales = (rng.integers(1, 16, NR) / 8).astype(np.float32)
    qs = rng.integers(-128, 128, (NR, 60)).astype(np.int8)
    blob = np.zeros((NR, REC), np.uint8)
    for r in range(NR):
        blob[r, :4] = np.frombuffer(scales[r].tobytes(), np.uint8)
        blob[r, 4:] = qs[r].view(np.uint8)
    Pages = rng.integers(0, NR, (NT, NP)).astype(np.int32)
    Wt = rng.integers(-4, 5, 60).astype(np.float32)
    Y = np.zeros(NT, np.float32)
    for t in range(NT):
        acc = 0.0
        for p in range(NP):
            r = Pages[t, p]
            acc += float(scales[r]) * float((qs[r].astype(np.int64) * Wt.astype(np.int64)).sum())
        Y[t] = acc   # exact (eighths of integers below 2^24)
    return {"Blob": blob.reshape(-1), "Pages": Pages, "Wt": Wt, "Y": np.zeros(NT, np.float32)}, {"Y": Y}
