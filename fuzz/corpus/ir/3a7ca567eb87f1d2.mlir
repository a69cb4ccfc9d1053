gpu.module @m [#nvvm.target<chip = "sm_90f", features = "+ptx88">] {
}
