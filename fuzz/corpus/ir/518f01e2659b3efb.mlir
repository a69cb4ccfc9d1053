gpu.module @m [#rocdl.target<chip = "gfx90a">] {
}
