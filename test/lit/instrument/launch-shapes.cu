// Launches with two, three and four configuration arguments, in namespaces,
// member functions, and as un-braced if/else/for/while bodies: each becomes
// one expression between the hooks, in place, and gets one table entry.
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: FileCheck %s --check-prefix=TABLE --input-file=%t.cu
// RUN: %headroom instrument %s --list-sites -- %fakecuda \
// RUN:   | FileCheck %s --check-prefix=SITES

#include "cuda_runtime.h"

// CHECK: #include "headroom/runtime.h"
// CHECK: const struct headroom_site_info [[T:__headroom_sites_[0-9a-f]+]][8] = {
// TABLE: const struct headroom_site_info {{.*}}[8] = {
// CHECK: headroom_register_sites_in([[T]], 8u, "{{/.*}}", HEADROOM_RUNTIME_ABI_VERSION);
// CHECK: #line 1 "{{.*}}launch-shapes.cu"

namespace app {
__global__ void scale(float *x, float a) {}
namespace detail {
__global__ void zero(int *p);
} // namespace detail

struct Runner {
  cudaStream_t Stream;
  void run(float *x, int *p);
};

void Runner::run(float *x, int *p) {
  // SITES: launch-shapes.cu:[[@LINE+3]]:3: app::scale -> {{.*}}launch-shapes.cu:21:17 (definition), instrumented
  // TABLE-NEXT: {"{{.*}}launch-shapes.cu", [[@LINE+2]]u, 3u, "app::scale", "{{.*}}launch-shapes.cu", 21u, 17u},
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][0]), scale<<<1, 2, 0, Stream>>>(x, 1.0f), headroom_launch_end(&[[T]][0]));{{$}}
  scale<<<1, 2, 0, Stream>>>(x, 1.0f);
  // SITES: launch-shapes.cu:[[@LINE+3]]:3: app::detail::zero -> {{.*}}launch-shapes.cu:23:17 (declaration), instrumented
  // TABLE-NEXT: {"{{.*}}launch-shapes.cu", [[@LINE+2]]u, 3u, "app::detail::zero", "{{.*}}launch-shapes.cu", 23u, 17u},
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][1]), detail::zero<<<dim3(4, 4), dim3(8, 8), 256>>>(p), headroom_launch_end(&[[T]][1]));{{$}}
  detail::zero<<<dim3(4, 4), dim3(8, 8), 256>>>(p);
}
} // namespace app

void host(float *x, int *p, cudaStream_t s, int n) {
  // TABLE-NEXT: {"{{.*}}launch-shapes.cu", [[@LINE+2]]u, 3u, "app::scale",
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][2]), app::scale<<<1, 256>>>(x, 2.0f), headroom_launch_end(&[[T]][2]));{{$}}
  app::scale<<<1, 256>>>(x, 2.0f);
  // TABLE-NEXT: [[@LINE+7]]u, 5u, "app::scale",
  // TABLE-NEXT: [[@LINE+8]]u, 5u, "app::detail::zero",
  // CHECK: {{^}}  if (n > 0)
  // CHECK-NEXT: {{^}}    (headroom_launch_begin(&[[T]][3]), app::scale<<<n, 32, 0, s>>>(x, 3.0f), headroom_launch_end(&[[T]][3]));{{$}}
  // CHECK-NEXT: {{^}}  else
  // CHECK-NEXT: {{^}}    (headroom_launch_begin(&[[T]][4]), app::detail::zero<<<1, 1>>>(p), headroom_launch_end(&[[T]][4]));{{$}}
  if (n > 0)
    app::scale<<<n, 32, 0, s>>>(x, 3.0f);
  else
    app::detail::zero<<<1, 1>>>(p);
  // TABLE-NEXT: [[@LINE+3]]u, 31u, "app::scale",
  // TABLE-NEXT: [[@LINE+3]]u, 15u, "app::detail::zero",
  // CHECK: {{^}}  for (int i = 0; i < n; ++i) (headroom_launch_begin(&[[T]][5]), app::scale<<<i, 32>>>(x, float(i)), headroom_launch_end(&[[T]][5]));{{$}}
  for (int i = 0; i < n; ++i) app::scale<<<i, 32>>>(x, float(i));
  while (n--) ::app::detail::zero<<<1, 1>>>(p);
  // CHECK: {{^}}  while (n--) (headroom_launch_begin(&[[T]][6]), ::app::detail::zero<<<1, 1>>>(p), headroom_launch_end(&[[T]][6]));{{$}}
  // CHECK: {{^}}  app::Runner{s}.run(x, p);{{$}}
  app::Runner{s}.run(x, p);
  // A launch split over lines is wrapped where it begins and ends.
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][7]), app::scale<<<1,{{$}}
  // CHECK-NEXT: {{^}}                1>>>(x,{{$}}
  // CHECK-NEXT: {{^}}                     0.0f), headroom_launch_end(&[[T]][7]));{{$}}
  app::scale<<<1,
               1>>>(x,
                    0.0f);
}
