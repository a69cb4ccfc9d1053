"""Thread block clusters from Python, as TIRx users write them:
T.cuda.LaunchConfig(cluster=...), the cluster ids, T.cuda.cluster_sync,
mapa of a cvta_generic_to_shared address and the instructions on
.shared::cluster that take its result. The programs of tirx_programs/
(cluster_ids_*, dsmem_*, remote_mbarrier_arrive, bulk_multicast) check the
values; here the checks and what reaches the backends."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

np = pytest.importorskip("numpy")

from tile_mlir import TileError  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

from test_frontend_checks import stub_runtime  # noqa: E402,F401


def ranks(grid=4, cluster=2):
    """Each CTA writes its rank in its cluster and T.cuda.cta_pair_id()."""
    @T.function
    def cluster_ranks(R: T.Tensor((4, 2), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=grid, block=32,
                                                  cluster=cluster))
        b = T.cuda.block_idx("x")
        if T.cuda.thread_idx("x") == 0:
            R[b, 0] = T.cuda.cluster_cta_id("x")
            R[b, 1] = T.cuda.cta_pair_id()
    return cluster_ranks


def test_a_cluster_must_divide_the_grid_and_have_at_most_8_ctas():
    with pytest.raises(ValueError, match="grid x = 3 is not a whole number "
                                         "of clusters of 2"):
        T.cuda.LaunchConfig(grid=3, block=32, cluster=2)
    with pytest.raises(ValueError, match="cluster 4x4x1 has 16 CTAs; a "
                                         "cluster has at most 8"):
        T.cuda.LaunchConfig(grid=(4, 4), block=32, cluster=(4, 4))
    with pytest.raises(ValueError, match="cluster x = 0 is outside"):
        T.cuda.LaunchConfig(grid=4, block=32, cluster=0)
    with pytest.raises(TypeError, match="cluster x must be an integer"):
        T.cuda.LaunchConfig(grid=4, block=32, cluster="2")
    c = T.cuda.LaunchConfig(grid=(4, 2), block=32, cluster=(2, 2))
    assert c.cluster == (2, 2, 1)
    assert "cluster=(2, 2, 1)" in repr(c)
    assert T.cuda.LaunchConfig(grid=4).cluster is None


def test_the_cluster_ids_need_a_cluster_launch():
    for name in ("cluster_cta_id", "cluster_id", "cluster_dim",
                 "cta_pair_id"):
        with pytest.raises(ValueError, match=f"T.cuda.{name} requires an "
                                             "explicit launch cluster"):
            @T.function
            def k(R: T.Tensor((4,), "int32")):
                T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=1))
                R[T.cuda.block_idx("x")] = getattr(T.cuda, name)()


def test_cluster_ranks_on_the_cpu_backend():
    R = np.zeros((4, 2), np.int32)
    ranks()(R, backend="cpu")
    assert R.tolist() == [[0, 0], [1, 1], [0, 0], [1, 1]]
    # The cluster's shape reaches the CPU backend as a constant.
    assert "clusters in (%c0, %c1, %c2)" in ranks()._cpu_module([])


def test_a_call_keeps_the_traced_cluster():
    k = ranks()
    R = np.zeros((4, 2), np.int32)
    with pytest.raises(ValueError, match="grid x = 3 is not a whole number"):
        k[3](R, backend="cpu")
    with pytest.raises(ValueError, match=r"traced for clusters of \(2, 1, 1\)"
                                         r".* cannot run with \(4, 1, 1\)"):
        k(R, backend="cpu", launch=T.cuda.LaunchConfig(grid=4, block=32,
                                                       cluster=4))
    assert not R.any()


def test_the_gpu_path_launches_in_clusters(stub_runtime):  # noqa: F811
    stub_runtime._lib.compute = False
    ranks()(np.zeros((4, 2), np.int32), backend="cuda")
    launches = [(n, a) for n, a in stub_runtime._lib.calls
                if n.startswith("tileRtLaunch")]
    assert [n for n, _ in launches] == ["tileRtLaunchCluster"]
    # Cluster, grid, block, shared bytes.
    assert launches[0][1][1:11] == (2, 1, 1, 4, 1, 1, 32, 1, 1, 0)
    # Nothing reaches the driver for a grid the cluster does not divide.
    with pytest.raises(ValueError, match="not a whole number of clusters"):
        stub_runtime.launch(None, (3,), (32,), [], cluster=2)


def mapa_kernel(op, d_dtype="uint32", rank_expr=lambda r: T.uint32(1),
                address=lambda S: T.cuda.cvta_generic_to_shared(
                    S.ptr_to([0]))):
    @T.function
    def k(Out: T.Tensor((2, 32), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=32,
                                                  cluster=2))
        S = T.alloc_shared((32,), "uint32")
        d = T.local_scalar(d_dtype)
        T.ptx[op](d, address(S), rank_expr(d))
    return k


def test_mapa_takes_a_shared_window_address_and_a_uint32_rank():
    with pytest.raises(TypeError, match="generic.* takes a pointer .* a "
                                        "T.cuda.cvta_generic_to_shared "
                                        "address is mapa.shared::cluster's"):
        mapa_kernel("mapa.u64", "uint64")
    # Generic mapa takes the pointer itself: the table's mapa.u64 of the
    # workgroup memref.
    text = mapa_kernel("mapa.u64", "uint64",
                       address=lambda S: S.ptr_to([0])).mlir
    assert 'tile.apply "mapa.u64"' in text
    with pytest.raises(TypeError, match="must be a "
                                        "T.cuda.cvta_generic_to_shared"):
        mapa_kernel("mapa.shared::cluster.u32",
                    address=lambda S: S.ptr_to([0]))
    with pytest.raises(TypeError, match="destination must be a uint32 "
                                        "T.local_scalar"):
        mapa_kernel("mapa.shared::cluster.u32", d_dtype="int32")
    with pytest.raises(TypeError, match="the CTA rank must be a uint32"):
        mapa_kernel("mapa.shared::cluster.u32",
                    rank_expr=lambda d: T.cuda.cluster_cta_id("x"))
    # The .u32 form becomes tile-mlir's .u64 one, whose register the
    # scalar carries.
    text = mapa_kernel("mapa.shared::cluster.u32").mlir
    assert 'tile.apply "mapa.shared::cluster.u64"' in text


def assert_peers_swapped(k):
    """Runs `k` on the CPU backend: CTA r's row must be 100 (1 - r) + t,
    what its peer wrote."""
    Out = np.zeros((2, 32), np.uint32)
    k(Out, backend="cpu")
    t = np.arange(32, dtype=np.uint32)
    assert Out.tolist() == [(t + 100).tolist(), t.tolist()]


def test_a_mapped_scalar_addresses_the_peer_on_the_cpu_backend():
    """Each CTA stores 100 + t into its peer's S[t] through the mapped
    address, meets the cluster, and reads its own S back."""
    @T.function
    def k(Out: T.Tensor((2, 32), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=32,
                                                  cluster=2))
        t = T.cuda.thread_idx("x")
        b = T.cuda.block_idx("x")
        S = T.alloc_shared((32,), "uint32")
        peer = T.cast(T.cuda.cluster_cta_id("x") ^ 1, "uint32")
        remote = T.local_scalar("uint32")
        T.ptx.mapa.shared__cluster.u32(
            remote, T.cuda.cvta_generic_to_shared(S.ptr_to([t])), peer)
        T.ptx.st.shared__cluster.u32(remote, T.cast(t + 100 * b, "uint32"))
        T.cuda.cluster_sync()
        Out[b, t] = S[t]
        T.cuda.cluster_sync()
    assert_peers_swapped(k)
    ptx = k.ptx("sm_90")
    assert "mapa.shared::cluster.u64" in ptx
    assert "st.shared::cluster.u32" in ptx
    assert "barrier.cluster.arrive.aligned" in ptx


def test_the_other_cluster_launch_options_are_refused_by_name():
    for name, message in [("preferred_cluster", "preferred cluster shape"),
                          ("cluster_scheduling_policy", "scheduling policy"),
                          ("portable_cluster_size_mode", "more than 8 CTAs")]:
        with pytest.raises(TileError, match=message):
            T.cuda.LaunchConfig(grid=4, block=32, cluster=2,
                                **{name: (2, 1, 1)})


def test_st_async_into_the_peer_completes_on_its_barrier():
    """TIRx's st_async of a mapped address, completing on the peer's
    mapped barrier: CTA r receives 100 (1 - r) + t in S[t]."""
    @T.function
    def k(Out: T.Tensor((2, 32), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=32,
                                                  cluster=2))
        t = T.cuda.thread_idx("x")
        S = T.alloc_shared((32,), "uint32")
        bar = T.alloc_shared((1,), "uint64")
        rank = T.cuda.cluster_cta_id("x")
        if t == 0:
            T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
            T.ptx.fence.mbarrier_init.release.cluster()
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]),
                                                       T.uint32(128))
        T.cuda.cluster_sync()
        peer = T.cast(rank ^ 1, "uint32")
        dst = T.local_scalar("uint32")
        T.ptx.mapa.shared__cluster.u32(
            dst, T.cuda.cvta_generic_to_shared(S.ptr_to([t])), peer)
        rbar = T.local_scalar("uint32")
        T.ptx.mapa.shared__cluster.u32(
            rbar, T.cuda.cvta_generic_to_shared(bar.ptr_to([0])), peer)
        T.ptx.st_async.shared__cluster.mbarrier__complete_tx__bytes.u32(
            dst, T.cast(100 * rank + t, "uint32"), rbar)
        T.cuda.mbarrier_wait_acquire_cluster(bar.ptr_to([0]), 0)
        Out[rank, t] = S[t]
        T.cuda.cluster_sync()
    assert_peers_swapped(k)
    assert "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32" in \
        k.ptx("sm_90")


CB, WARP, LANE = T.cuda.Axis.cbx, T.cuda.Axis.warpid, T.cuda.Axis.laneid


def cluster_scope(cluster=2, grid=4, cta_axis=2, bind=CB, launch_cluster=True):
    """A register tile over (CTA of the cluster, warp, lane) loaded at
    scope="cluster" (tirx_programs/tile_cluster_scope checks the values)."""
    def k(A: T.Tensor((4, 2, 32, 1), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(
            grid=grid, block=64, cluster=cluster if launch_cluster else None))
        lay = T.TileLayout(T.S[(cta_axis, 2, 32, 1):(1 @ bind, 1 @ WARP,
                                                       1 @ LANE, 1)])
        r = T.alloc_local((cta_axis, 2, 32, 1), "float32", layout=lay)
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A[0:cta_axis],
                          scope="cluster")
    return k


def test_scope_cluster_slices_each_operand_at_the_ctas_rank():
    text = T.function(cluster_scope()).mlir
    # Each CTA applies the load at cta scope to its own row of A (the row
    # at %cluster_ctaid.x); the register tile keeps (warp, lane, 1).
    assert "gpu.cluster_block_id x" in text
    assert text.count("sizes: [2, 32, 1]") == 2  # Both operands, sliced.
    assert "offset: [%" in text  # A's row: a run-time offset.
    assert "scope(cta)" in text and "scope(cluster)" not in text


@pytest.mark.parametrize("kw, why", [
    (dict(launch_cluster=False), "the kernel's launch has no clusters"),
    (dict(cluster=(2, 2), grid=(4, 2)), r"the cluster \(2, 2, 1\) is not "
     "1-D"),
    (dict(cta_axis=1), "a CTA axis of 1 over a cluster of 2 CTAs"),
    (dict(bind=WARP), "is not bound to the cluster's CTAs from rank 0"),
])
def test_scope_cluster_refusals(kw, why):
    with pytest.raises((TileError, ValueError), match=why):
        T.function(cluster_scope(**kw))


def test_a_cta_axis_at_cta_scope_is_refused():
    def k(A: T.Tensor((2, 2, 32, 1), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=64,
                                                  cluster=2))
        lay = T.TileLayout(T.S[(2, 2, 32, 1):(1 @ CB, 1 @ WARP, 1 @ LANE,
                                               1)])
        r = T.alloc_local((2, 2, 32, 1), "float32", layout=lay)
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A, scope="cta")
    with pytest.raises(TileError, match="bound to the cta, not the warp"):
        T.function(k)
