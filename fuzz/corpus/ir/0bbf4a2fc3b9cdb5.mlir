gpu.module @a [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
}
gpu.module @b [#nvvm.target<chip = "sm_100f", features = "+ptx88">] {
}
gpu.module @c [#nvvm.target<chip = "sm_52">] {
}
gpu.module @d [#nvvm.target<chip = "sm_121a", features = "+ptx90">] {
}
gpu.module @e {
}
