//===- Parallelism.cpp - How much of the GPU a launch can use -------------===//

#include "model/Parallelism.h"

#include <algorithm>

namespace headroom {

namespace {

std::uint64_t ceilDiv(std::uint64_t A, std::uint64_t B) {
  return (A + B - 1) / B;
}

} // namespace

BusiestShare busiestShare(const LaunchShape &L, unsigned Sms,
                          unsigned SchedulersPerSm) {
  BusiestShare S;
  std::uint64_t Blocks = std::max<std::uint64_t>(L.Blocks, 1);
  if (Sms == 0 || SchedulersPerSm == 0)
    return S;
  std::uint64_t BlocksOnBusiest = ceilDiv(Blocks, Sms);
  S.SmsUsed = std::min<std::uint64_t>(Blocks, Sms);
  S.Sm = double(BlocksOnBusiest) * Sms / double(Blocks);
  std::uint64_t Warps =
      BlocksOnBusiest *
      ceilDiv(std::max<std::uint64_t>(L.ThreadsPerBlock, 1), 32);
  S.Scheduler =
      S.Sm * SchedulersPerSm * double(ceilDiv(Warps, SchedulersPerSm)) / Warps;
  return S;
}

} // namespace headroom
