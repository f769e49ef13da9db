//===- SpellingTest.cpp - "did you mean" for misspelt names ---------------===//

#include "support/Spelling.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

TEST(Spelling, EditDistanceCountsEditsAndSwapsOfNeighbours) {
  EXPECT_EQ(editDistance("report", "report"), 0u);
  EXPECT_EQ(editDistance("targets", "target"), 1u);
  EXPECT_EQ(editDistance("reprot", "report"), 1u);
  EXPECT_EQ(editDistance("lnit", "lint"), 1u);
  EXPECT_EQ(editDistance("ab", "ba"), 1u);
  EXPECT_EQ(editDistance("", "lint"), 4u);
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
}

TEST(Spelling, ClosestSpellingIsWithinAThirdOfTheName) {
  std::vector<std::string> Commands = {"predict", "devices", "report", "lint",
                                       "merge"};
  EXPECT_EQ(closestSpelling("reprot", Commands), "report");
  EXPECT_EQ(closestSpelling("lnit", Commands), "lint");
  EXPECT_EQ(closestSpelling("devcies", Commands), "devices");
  // Too far from every name, or one of them: no suggestion.
  EXPECT_EQ(closestSpelling("frobnicate", Commands), std::nullopt);
  EXPECT_EQ(closestSpelling("lint", Commands), std::nullopt);
  // The closest wins over an earlier, farther one.
  EXPECT_EQ(closestSpelling("merg", {"mergers", "merge"}), "merge");
}

} // namespace
