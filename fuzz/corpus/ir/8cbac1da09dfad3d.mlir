gpu.module @m [#nvvm.target<chip = "gfx90a">] {
}
