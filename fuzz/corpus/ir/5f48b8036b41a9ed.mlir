gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx78">] {
}
