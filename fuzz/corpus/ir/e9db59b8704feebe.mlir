gpu.module @m [#nvvm.target<chip = "sm_88", features = "+ptx88">] {
}
