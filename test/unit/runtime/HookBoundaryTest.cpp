//===- HookBoundaryTest.cpp -----------------------------------------------===//

#include "HookBoundary.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace headroom::rt;

namespace {

TEST(HookBoundary, NothingThrownPassesIt) {
  bool Ran = false;
  callNoThrow([&] {
    Ran = true;
    throw std::runtime_error("lost");
  });
  EXPECT_TRUE(Ran);
  EXPECT_EQ(callNoThrow(7, []() -> int { throw 1; }), 7);
  EXPECT_EQ(callNoThrow(7, [] { return 3; }), 3);
}

TEST(HookBoundary, AHookDefersSignalsWhileItRuns) {
  int Outside = SignalDeferralDepth;
  int Inside = -1;
  runHook([&] { Inside = SignalDeferralDepth; });
  EXPECT_EQ(Inside, Outside + 1);
  EXPECT_EQ(SignalDeferralDepth, Outside);

  EXPECT_EQ(runHook(-1,
                    [&]() -> int {
                      Inside = SignalDeferralDepth;
                      throw std::runtime_error("lost");
                    }),
            -1);
  EXPECT_EQ(Inside, Outside + 1);
  EXPECT_EQ(SignalDeferralDepth, Outside);
}

} // namespace
