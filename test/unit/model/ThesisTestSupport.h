//===- ThesisTestSupport.h - Shared fixtures for model tests ----*- C++ -*-===//
///
/// \file
/// Loads the shipped thesis devices and example counter files for the golden
/// tests, so that the data files themselves are under test.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TEST_UNIT_MODEL_THESISTESTSUPPORT_H
#define HEADROOM_TEST_UNIT_MODEL_THESISTESTSUPPORT_H

#include "devices/DeviceFile.h"
#include "model/CountersFile.h"
#include "support/Format.h"

#include <gtest/gtest.h>

#include <string>

namespace headroom::test {

inline std::string shippedDeviceDir() {
  return std::string(HEADROOM_SOURCE_DIR) + "/passes/devices";
}

inline std::string examplePath(const std::string &Name) {
  return std::string(HEADROOM_SOURCE_DIR) + "/passes/model/examples/" + Name;
}

/// A shipped device by file stem, e.g. "gtx-660"; fails the test if absent.
inline DeviceParameters shippedDevice(const std::string &Stem) {
  Expected<DeviceParameters> D =
      readDeviceFile(shippedDeviceDir() + "/" + Stem + ".json");
  if (!D) {
    ADD_FAILURE() << D.error().message();
    return DeviceParameters();
  }
  return *D;
}

/// The kernels of a shipped example counters file.
inline CountersFile exampleCounters(const std::string &Name) {
  Expected<CountersFile> F = readCountersFile(examplePath(Name));
  if (!F) {
    ADD_FAILURE() << F.error().message();
    return CountersFile();
  }
  return *F;
}

/// \p Value as the thesis prints it with \p Decimals digits.
inline std::string printed(double Value, int Decimals) {
  return formatFixed(Value, Decimals);
}

/// \p Fraction as the thesis prints a percentage (2 decimals, no '%').
inline std::string pct(double Fraction) {
  return formatFixed(Fraction * 100, 2);
}

/// The stems of the six CUDA GPUs of thesis table 5.1, in its order.
inline const char *const ThesisGpus[] = {
    "gtx-480", "gtx-660", "gtx-960", "gtx-1060", "tesla-m2050", "tesla-k20c"};

} // namespace headroom::test

#endif // HEADROOM_TEST_UNIT_MODEL_THESISTESTSUPPORT_H
