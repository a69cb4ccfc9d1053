gpu.module @m [#nvvm.target<chip = "sm_100f", features = "+ptx86">] {
}
