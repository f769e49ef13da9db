// Findings silenced in the source as clang-tidy's are: NOLINT on the line,
// NOLINTNEXTLINE on the line before, NOLINTBEGIN/NOLINTEND around lines,
// each for every check or for the checks (names or globs) in parentheses.
// A BEGIN or END without its partner silences nothing and is an error
// (exit 1). (The words are read anywhere, as clang-tidy reads them: the
// expected messages below spell them with FileCheck's {{...}}.)
//
// REQUIRES: clang
// RUN: %expect-exit 1 %headroom check %s -- %checkcuda -fno-caret-diagnostics > %t.out
// RUN: FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: < %t.out
// RUN: not %headroom check %s -- %checkcuda -fno-caret-diagnostics 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: headroom check: 7 findings in 1 file checked

__global__ void k(float *x) {}

void launches(float *x, int n) {
  k<<<n, 100>>>(x); // NOLINT
  k<<<n, 100>>>(x); // NOLINT(headroom-launch-config)
  k<<<n, 100>>>(x); // NOLINT(headroom-launch-*)
  k<<<n, 100>>>(x); // NOLINT(headroom-fp64-promotion, *-config)
  // NOLINTNEXTLINE
  k<<<n, 100>>>(x);
  // NOLINTNEXTLINE(headroom-launch-config)
  k<<<n, 100>>>(x);
  // NOLINTBEGIN(headroom-*)
  k<<<n, 100>>>(x);
  k<<<n, 48>>>(x);
  // NOLINTEND(headroom-*)

  // Not silenced: another check named, a negative glob, NOLINTNEXTLINE on
  // the finding's own line, a comment two lines up.
  // CHECK: nolint.cu:[[@LINE+1]]:10: warning: block of 100 threads is not a multiple of the warp size (32) [headroom-launch-config]
  k<<<n, 100>>>(x); // NOLINT(headroom-fp64-promotion)
  // CHECK: nolint.cu:[[@LINE+1]]:10: warning: block of 100 threads
  k<<<n, 100>>>(x); // NOLINT(-headroom-launch-config)
  // CHECK: nolint.cu:[[@LINE+1]]:10: warning: block of 100 threads
  k<<<n, 100>>>(x); // NOLINTNEXTLINE
  // NOLINTNEXTLINE

  // CHECK: nolint.cu:[[@LINE+1]]:10: warning: block of 100 threads
  k<<<n, 100>>>(x);

  // An END must name the checks of its BEGIN: this one closes nothing,
  // and the BEGIN stays open to the end of the file.
  // CHECK: nolint.cu:[[@LINE+1]]:6: error: unmatched 'NOLINT{{BEGIN}}' comment without a subsequent 'NOLINT{{END}}' comment
  // NOLINTBEGIN(headroom-launch-config)
  // CHECK: nolint.cu:[[@LINE+1]]:10: warning: block of 48 threads
  k<<<n, 48>>>(x);
  // CHECK: nolint.cu:[[@LINE+1]]:6: error: unmatched 'NOLINT{{END}}' comment without a previous 'NOLINT{{BEGIN}}' comment
  // NOLINTEND
}
