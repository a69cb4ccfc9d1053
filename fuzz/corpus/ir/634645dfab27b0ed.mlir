gpu.module @m [#nvvm.target<triple = "nvptx-nvidia-cuda", chip = "sm_90">] {
}
