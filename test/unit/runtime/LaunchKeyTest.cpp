//===- LaunchKeyTest.cpp --------------------------------------------------===//

#include "LaunchKey.h"

#include <gtest/gtest.h>

using namespace headroom::rt;

namespace {

TEST(LaunchKey, ASiteWinsOverAScope) {
  LaunchKey K = launchKey({3, 5}, "k", 1, {2, 1, 1}, {128, 1, 1}, 64);
  EXPECT_EQ(K.Site, 3u);
  EXPECT_EQ(K.Scope, NoScope);
  EXPECT_EQ(K.Kernel, "k");
  EXPECT_EQ(K.Device, 1u);
  EXPECT_EQ(K.Grid, (Dim3{2, 1, 1}));
  EXPECT_EQ(K.Block, (Dim3{128, 1, 1}));
  EXPECT_EQ(K.DynamicSharedBytes, 64u);

  LaunchKey InScope = launchKey({NoSite, 5}, "k", 0, {}, {}, 0);
  EXPECT_EQ(InScope.attribution(), (Attribution{NoSite, 5}));
  EXPECT_FALSE(launchKey({}, "k", 0, {}, {}, 0).attribution().attributed());
}

} // namespace
