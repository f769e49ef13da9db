//===- CuptiLibraryTest.cpp - Loading libcupti and reading its errors -----===//

#include "cupti/CuptiLibrary.h"
#include "cupti/CudaDriver.h"
#include "cupti/CuptiStatus.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace headroom::rt;

namespace {

TEST(CuptiLibrary, OverrideIsTheOnlyCandidate) {
  EXPECT_EQ(CuptiLibrary::candidatePaths("/x/libcupti.so", "/build", "/cuda"),
            (std::vector<std::string>{"/x/libcupti.so"}));
}

TEST(CuptiLibrary, SearchesBuildDirLoaderPathThenCudaHome) {
  std::vector<std::string> P =
      CuptiLibrary::candidatePaths("", "/build/lib64", "/opt/cuda");
  std::vector<std::string> Expected = {
      "/build/lib64/libcupti.so.13",
      "/build/lib64/libcupti.so",
      "libcupti.so.13",
      "libcupti.so",
      "/opt/cuda/extras/CUPTI/lib64/libcupti.so.13",
      "/opt/cuda/extras/CUPTI/lib64/libcupti.so",
      "/opt/cuda/lib64/libcupti.so.13",
      "/opt/cuda/lib64/libcupti.so"};
  EXPECT_EQ(P, Expected);
  EXPECT_EQ(CuptiLibrary::candidatePaths("", "", "").size(), 2u);
}

TEST(CuptiLibrary, MissingLibraryIsACuptiMissingFailure) {
  Failure Why;
  auto Lib = CuptiLibrary::load(
      {"/nonexistent/libcupti.so.13", "/also/missing/libcupti.so"}, Why);
  EXPECT_FALSE(Lib);
  EXPECT_EQ(Why.Kind, FailureKind::CuptiMissing);
  EXPECT_NE(Why.Detail.find("/nonexistent/libcupti.so.13"), std::string::npos);
  EXPECT_NE(Why.Detail.find("/also/missing/libcupti.so"), std::string::npos);
}

TEST(CuptiLibrary, ALibraryWithoutCuptiIsSkipped) {
  Failure Why;
  // libm loads but is not CUPTI.
  auto Lib = CuptiLibrary::load({"libm.so.6"}, Why);
  EXPECT_FALSE(Lib);
  EXPECT_NE(Why.Detail.find("lacks cuptiGetResultString"), std::string::npos)
      << Why.Detail;
}

TEST(CuptiLibrary, ResolvesEveryFunctionOfTheBuildTimeCupti) {
  if (!std::filesystem::exists(HEADROOM_TEST_CUPTI_LIBRARY))
    GTEST_SKIP() << "no CUPTI at " << HEADROOM_TEST_CUPTI_LIBRARY;
  Failure Why;
  auto Lib = CuptiLibrary::load({HEADROOM_TEST_CUPTI_LIBRARY}, Why);
  ASSERT_TRUE(Lib) << Why.Detail;
  const CuptiApi &A = Lib->api();
  EXPECT_TRUE(A.HasProfiler) << A.MissingProfilerFunction;
#define HEADROOM_EXPECT_RESOLVED(Name) EXPECT_NE(A.Name, nullptr) << #Name;
  HEADROOM_CUPTI_CORE_FUNCTIONS(HEADROOM_EXPECT_RESOLVED)
  HEADROOM_CUPTI_PROFILER_FUNCTIONS(HEADROOM_EXPECT_RESOLVED)
  HEADROOM_CUPTI_OPTIONAL_FUNCTIONS(HEADROOM_EXPECT_RESOLVED)
#undef HEADROOM_EXPECT_RESOLVED
  EXPECT_EQ(Lib->resultName(CUPTI_ERROR_INSUFFICIENT_PRIVILEGES),
            "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES");
}

TEST(CuptiStatus, ClassifiesTheErrorsThatNeedDifferentAdvice) {
  EXPECT_EQ(classifyCuptiResult(CUPTI_ERROR_INSUFFICIENT_PRIVILEGES),
            FailureKind::InsufficientPrivileges);
  EXPECT_EQ(classifyCuptiResult(CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED),
            FailureKind::MultipleSubscribers);
  EXPECT_EQ(classifyCuptiResult(CUPTI_ERROR_HARDWARE_BUSY),
            FailureKind::HardwareBusy);
  EXPECT_EQ(classifyCuptiResult(CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED),
            FailureKind::NotSupported);
  EXPECT_EQ(classifyCuptiResult(CUPTI_ERROR_UNKNOWN), FailureKind::Other);
}

TEST(CudaDriver, VisibleDevicesThatHideEveryDevice) {
  EXPECT_FALSE(CudaDriver::hiddenByVisibleDevices(nullptr));
  EXPECT_FALSE(CudaDriver::hiddenByVisibleDevices("0"));
  EXPECT_FALSE(CudaDriver::hiddenByVisibleDevices("1,0"));
  EXPECT_FALSE(
      CudaDriver::hiddenByVisibleDevices("GPU-be034599-6991-7c9a-35e1"));
  for (const char *Hidden : {"", " ", "-1", "-1,0", "none", "NoDevFiles"}) {
    std::optional<std::string> Why = CudaDriver::hiddenByVisibleDevices(Hidden);
    ASSERT_TRUE(Why) << Hidden;
    EXPECT_NE(Why->find("hides every device"), std::string::npos);
  }
}

} // namespace
