//===- DegradationTest.cpp ------------------------------------------------===//

#include "Degradation.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace headroom::rt;

namespace {

struct Captured {
  std::vector<std::string> Lines;
  Degradation::Emitter emitter() {
    return [this](std::string_view L) { Lines.emplace_back(L); };
  }
};

TEST(Degradation, PrintsOnlyTheFirstLineAndRecordsAll) {
  Captured Out;
  Degradation D(Out.emitter());
  D.report(Lost::Counters,
           {FailureKind::InsufficientPrivileges,
            "cuptiRangeProfilerEnable: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"});
  D.report(Lost::Profile, {FailureKind::Other, "cannot write /x"});
  D.note("metric m dropped");
  ASSERT_EQ(Out.Lines.size(), 1u);
  EXPECT_EQ(D.linesPrinted(), 1u);
  EXPECT_EQ(D.warnings().size(), 3u);
  EXPECT_EQ(Out.Lines[0].rfind("headroom: hardware counters unavailable", 0),
            0u)
      << Out.Lines[0];
  EXPECT_EQ(D.warnings()[0].rfind("hardware counters unavailable", 0), 0u)
      << "the profile's copy has no prefix";
}

TEST(Degradation, PrivilegeMessageSaysWhatIsMissingAndHowToEnableIt) {
  std::string Line = describeDegradation(
      Lost::Counters, {FailureKind::InsufficientPrivileges,
                       "cuptiProfilerGetCounterAvailability: "
                       "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"});
  EXPECT_NE(Line.find("CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"),
            std::string::npos);
  EXPECT_NE(Line.find("recording kernel times only"), std::string::npos);
  EXPECT_NE(Line.find("NVreg_RestrictProfilingToAdminUsers=0"),
            std::string::npos);
  EXPECT_NE(Line.find("HEADROOM_MODE=time"), std::string::npos);
}

TEST(Degradation, EveryFailureKindGivesOneLineWithAdvice) {
  for (FailureKind K :
       {FailureKind::CuptiMissing, FailureKind::DriverMissing,
        FailureKind::NoDevice, FailureKind::InsufficientPrivileges,
        FailureKind::MultipleSubscribers, FailureKind::HardwareBusy,
        FailureKind::NotSupported, FailureKind::NoMetrics, FailureKind::Other})
    for (Lost L : {Lost::Counters, Lost::Timing, Lost::Sites, Lost::Profile}) {
      std::string Line = describeDegradation(L, {K, "call:\nERROR\r"});
      EXPECT_EQ(Line.find('\n'), std::string::npos) << Line;
      EXPECT_EQ(Line.find('\r'), std::string::npos) << Line;
      EXPECT_EQ(Line.rfind("headroom: ", 0), 0u) << Line;
      EXPECT_NE(Line.find("; "), std::string::npos) << "no advice: " << Line;
    }
}

TEST(Degradation, MissingCuptiNamesTheWaysToFindIt) {
  std::string Line = describeDegradation(
      Lost::Timing, {FailureKind::CuptiMissing, "cannot load libcupti"});
  EXPECT_NE(Line.find("kernel timing unavailable"), std::string::npos);
  EXPECT_NE(Line.find("recording launch sites only"), std::string::npos);
  EXPECT_NE(Line.find("HEADROOM_CUPTI_LIBRARY"), std::string::npos);
}

TEST(Degradation, ConfigWarningCountsAsTheOneLine) {
  Captured Out;
  Degradation D(Out.emitter());
  D.configWarning("HEADROOM_MODE='x' is not off, time or counters");
  D.report(Lost::Counters, {FailureKind::HardwareBusy, "busy"});
  ASSERT_EQ(Out.Lines.size(), 1u);
  EXPECT_EQ(Out.Lines[0],
            "headroom: HEADROOM_MODE='x' is not off, time or counters");
}

TEST(Degradation, AThrowingEmitterIsContained) {
  Degradation D([](std::string_view) { throw 1; });
  EXPECT_NO_THROW(D.report(Lost::Counters, {FailureKind::Other, "x"}));
  EXPECT_EQ(D.warnings().size(), 1u);
}

} // namespace
