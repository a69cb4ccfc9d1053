gpu.module @m [#nvvm.target<chip = "sm_90\07">] {
}
