// nvcc's flags after '--' without the nvcc executable before them: a flag
// only nvcc knows (-arch=sm_80, -gencode, -Xcompiler, -rdc=true) makes the
// list an nvcc command line, translated as '-- nvcc ...' is (cli.test), so
// -arch names the architecture of the device-side parse (and, as there,
// flags clang does not know are left out). Among clang flags, one clang
// does not know is an error, and then the file is not checked: no findings
// before the error.
//
// REQUIRES: clang
// RUN: %headroom check %s -- -arch=sm_80 %checkcuda -fno-caret-diagnostics 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,SM80 --implicit-check-not=error
// RUN: %headroom check %s -- -gencode arch=compute_90,code=sm_90 --std c++17 -Xcompiler -Wall,-O2 -rdc=true %checkcuda -fno-caret-diagnostics 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,SM90 --implicit-check-not=error
// RUN: %headroom check %s -- --gpu-architecture sm_80 %checkcuda -fno-caret-diagnostics 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,SM80 --implicit-check-not=error
// RUN: %expect-exit 2 %headroom check %s -- --no-such-flag %checkcuda > %t.out 2> %t.err
// RUN: not grep . %t.out
// RUN: FileCheck %s --check-prefix=UNKNOWN < %t.err
// UNKNOWN: error: unknown argument: '--no-such-flag'
// UNKNOWN: headroom check: error: the command to parse '{{.*}}nvcc-flags.cu' has errors (clang's errors are above)
// UNKNOWN: headroom check: 0 findings in 0 files checked; 1 could not be parsed (errors above)

__global__ void k(float *x) {
#if __CUDA_ARCH__ == 800
  // SM80: nvcc-flags.cu:[[@LINE+1]]:21: warning: double-precision literal '0.8'
  x[threadIdx.x] *= 0.8;
#elif __CUDA_ARCH__ == 900
  // SM90: nvcc-flags.cu:[[@LINE+1]]:21: warning: double-precision literal '0.9'
  x[threadIdx.x] *= 0.9;
#endif
}

// CHECK: headroom check: 1 finding in 1 file checked
