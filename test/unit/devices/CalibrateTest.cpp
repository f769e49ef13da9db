//===- CalibrateTest.cpp - headroom calibrate around the micro-benchmarks -===//

#include "devices/Calibrate.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace headroom;
namespace fs = std::filesystem;

namespace {

TEST(CalibrateTest, RequestRecordsTheOptionsAndTheArguments) {
  std::vector<std::string> Args = {"--gpu", "1", "--quick", "-o", "d.json"};
  Expected<ParsedArgs> P = calibrateCommandLine().parse(Args);
  ASSERT_TRUE(P) << P.error().message();
  Expected<CalibrateRequest> R = calibrateRequest(*P, Args);
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_EQ(R->Gpu, "1");
  EXPECT_TRUE(R->Quick);
  EXPECT_FALSE(R->Name);
  EXPECT_EQ(R->Output, "d.json");
  EXPECT_EQ(R->Arguments, Args);
}

TEST(CalibrateTest, APositionalArgumentIsAUsageError) {
  Expected<ParsedArgs> P = calibrateCommandLine().parse({"extra"});
  ASSERT_TRUE(P) << P.error().message();
  Expected<CalibrateRequest> R = calibrateRequest(*P, {"extra"});
  ASSERT_FALSE(R);
  EXPECT_EQ(R.error().message(), "unexpected argument 'extra'");
}

/// A stand-in for headroom-microbench that exits with \p Code, named by
/// HEADROOM_MICROBENCH while it lives.
class FakeMicrobench {
public:
  explicit FakeMicrobench(int Code)
      : Path(fs::temp_directory_path() /
             ("headroom-calibrate-test-" + std::to_string(getpid()) + "-" +
              std::to_string(Code))) {
    std::ofstream(Path) << "#!/bin/sh\nexit " << Code << "\n";
    fs::permissions(Path, fs::perms::owner_all);
    setenv("HEADROOM_MICROBENCH", Path.c_str(), 1);
  }
  ~FakeMicrobench() {
    unsetenv("HEADROOM_MICROBENCH");
    fs::remove(Path);
  }
  fs::path Path;
};

/// What calibrate makes of micro-benchmarks that exit with \p Code.
CalibrationExit calibrateWithExit(int Code) {
  FakeMicrobench Fake(Code);
  CalibrateRequest R;
  R.Output =
      (fs::temp_directory_path() / "headroom-calibrate-test.json").string();
  Expected<CalibrationExit> Exit = calibrate(R);
  EXPECT_TRUE(Exit) << Exit.error().message();
  return Exit ? *Exit : CalibrationExit{-1, ""};
}

TEST(CalibrateTest, TheMicrobenchmarksExitStatusBecomesCalibrates) {
  CalibrationExit Ok = calibrateWithExit(0);
  EXPECT_EQ(Ok.Status, 0);
  EXPECT_EQ(Ok.Problem, "");
  CalibrationExit NoGpu = calibrateWithExit(3);
  EXPECT_EQ(NoGpu.Status, 1);
  EXPECT_EQ(NoGpu.Problem, "no usable CUDA GPU on this "
                           "machine (see the line above); calibration needs "
                           "one");
  CalibrationExit Usage = calibrateWithExit(2);
  EXPECT_EQ(Usage.Status, 2);
  CalibrationExit Other = calibrateWithExit(7);
  EXPECT_EQ(Other.Status, 1);
  EXPECT_EQ(Other.Problem, "the micro-benchmarks failed "
                           "(exit code 7, see above)");
}

TEST(CalibrateTest, MissingMicrobenchmarksAreAnError) {
  setenv("HEADROOM_MICROBENCH", "/nonexistent/headroom-microbench", 1);
  CalibrateRequest R;
  R.Output = "d.json";
  Expected<CalibrationExit> Exit = calibrate(R);
  unsetenv("HEADROOM_MICROBENCH");
  ASSERT_FALSE(Exit);
  EXPECT_EQ(Exit.error().message(),
            "HEADROOM_MICROBENCH=/nonexistent/"
            "headroom-microbench is not an executable file");
}

} // namespace
