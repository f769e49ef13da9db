// A command that compiles for several GPU architectures is checked for one
// (a device parse is one compilation): the architecture-specific one when
// it names one (sm_90a), whose code (wgmma) the other targets often refuse
// with an #error, as here; otherwise the first.
//
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: printf '[{"directory": "%t", "file": "%t/k.cu", "command": "nvcc -gencode arch=compute_90,code=sm_90 -gencode=arch=compute_90a,code=sm_90a -c k.cu -o k.o"}]' > %t/compile_commands.json
// RUN: %headroom check -p %t %t/k.cu -- %checkcuda 2>&1 | FileCheck %s
// RUN: %headroom check %t/k.cu -- nvcc -arch=sm_90 -gencode \
// RUN:   arch=compute_90a,code=sm_90a %checkcuda 2>&1 | FileCheck %s
// CHECK: k.cu:[[@LINE+15]]:37: warning: {{.*}}[headroom-fp64-promotion]
// CHECK: headroom check: 1 finding in 1 file checked
//
// Without the sm_90a target the first architecture is parsed: the #error.
// RUN: not %headroom check %t/k.cu -- nvcc -arch=sm_80 -arch=sm_90 \
// RUN:   %checkcuda 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST: error: "needs -gencode=arch=compute_90a,code=sm_90a"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "needs -gencode=arch=compute_90a,code=sm_90a"
#endif

__global__ void scale(float *x, float s) {
#if __CUDA_ARCH__ >= 900
  // Only for this target: the check sees its code.
  x[threadIdx.x] = x[threadIdx.x] * 2.5;
#endif
}
