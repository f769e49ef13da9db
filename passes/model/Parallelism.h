//===- Parallelism.h - How much of the GPU a launch can use -----*- C++ -*-===//
///
/// \file
/// A launch's blocks are spread over the SMs and each block's warps over the
/// SM's schedulers; a unit of an SM or of a scheduler can only work on what
/// was placed on it. With B blocks on S SMs the busiest SM runs ceil(B / S)
/// of them, so the per-SM and per-scheduler bounds of the Hopper model are
/// the kernel's work at the rate of the busiest SM or scheduler, not of the
/// whole GPU. One block of one warp uses one of 528 schedulers of an H100:
/// its issue bound is 528 times its whole-GPU share. Blocks are assumed to
/// carry equal work (what the counters, summed over the grid, can tell).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_PARALLELISM_H
#define HEADROOM_MODEL_PARALLELISM_H

#include <cstdint>

namespace headroom {

/// Threads of a warp on every NVIDIA GPU.
inline constexpr double WarpSize = 32;

/// The shape of a launch.
struct LaunchShape {
  std::uint64_t Blocks = 1;
  std::uint64_t ThreadsPerBlock = 1;
};

/// How much the busiest SM and the busiest scheduler do relative to an even
/// share of the whole GPU (each >= 1).
struct BusiestShare {
  double Sm = 1;
  double Scheduler = 1;
  /// SMs that get at least one block.
  std::uint64_t SmsUsed = 0;
};

/// The shares of a launch of shape \p L on \p Sms SMs of \p SchedulersPerSm
/// schedulers each.
BusiestShare busiestShare(const LaunchShape &L, unsigned Sms,
                          unsigned SchedulersPerSm);

} // namespace headroom

#endif // HEADROOM_MODEL_PARALLELISM_H
