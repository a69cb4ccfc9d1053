gpu.module @m [#nvvm.target<chip = "sm_101">] {
}
