//===- StallReasonsTest.cpp - The words for warp-stall reasons ------------===//

#include "checks/StallReasons.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

using namespace headroom;

namespace {

std::string diagnosticsDoc() {
  std::ifstream In(std::string(HEADROOM_SOURCE_DIR) + "/docs/diagnostics.md");
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

TEST(StallReasons, EveryReasonIsInTheDocsWithWhatToTry) {
  std::string Doc = diagnosticsDoc();
  std::size_t Section = Doc.find("\n## Stall reasons\n");
  ASSERT_NE(Section, std::string::npos)
      << "docs/diagnostics.md has no '## Stall reasons' section";
  std::size_t End = Doc.find("\n## ", Section + 1);
  // Identifiers in the table are in backticks, which messages do without.
  std::string Reasons;
  for (char C : Doc.substr(Section, End - Section))
    if (C != '`')
      Reasons += C;
  std::set<std::string_view> Seen;
  for (const StallReasonWords &W : stallReasons()) {
    EXPECT_TRUE(Seen.insert(W.Name).second) << W.Name << " twice";
    // A row of the section's table: the name, the label, what the warp
    // does, what to try.
    std::string Row = "| " + std::string(W.Name) + " | " +
                      std::string(W.Label) + " | " + std::string(W.Doing) +
                      " | " + std::string(W.Try) + " |";
    EXPECT_NE(Reasons.find(Row), std::string::npos)
        << "docs/diagnostics.md#stall-reasons lacks the row\n"
        << Row;
  }
  // The 19 reasons CUPTI lists on an H200 (docs/perf/lines.md).
  for (const char *Name :
       {"barrier", "branch_resolving", "dispatch_stall", "drain", "imc_miss",
        "lg_throttle", "long_scoreboard", "math_pipe_throttle", "membar",
        "mio_throttle", "misc", "no_instructions", "not_selected", "selected",
        "short_scoreboard", "sleeping", "tex_throttle", "wait",
        "warpgroup_arrive"})
    EXPECT_TRUE(Seen.count(Name)) << Name;
}

TEST(StallReasons, PhrasesNameWhatTheWarpDidAndTheLabel) {
  EXPECT_EQ(stallReasonPhrase("long_scoreboard"),
            "waiting on a global, local or texture load (long scoreboard)");
  EXPECT_EQ(stallReasonPhrase("imc_miss"),
            "waiting for a constant to be fetched (constant cache miss)");
  // A reason of a later CUPTI reads as its name.
  EXPECT_EQ(stallReasonPhrase("gmma"), "stalled (gmma)");
  EXPECT_FALSE(stallReasonWords("gmma").Try.empty());
}

} // namespace
