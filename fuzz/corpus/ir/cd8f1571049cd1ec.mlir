gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx91">] {
}
