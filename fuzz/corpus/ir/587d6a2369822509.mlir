gpu.module @m [#nvvm.target<triple = "nvptx64-nvidia-amdhsa", chip = "sm_90">] {
}
