//===- ProfileFixtures.h - Profiles for the analysis tests ------*- C++ -*-===//
#ifndef HEADROOM_TEST_UNIT_REPORT_PROFILEFIXTURES_H
#define HEADROOM_TEST_UNIT_REPORT_PROFILEFIXTURES_H

#include "../schema/ProfileJson.h"

#include "checks/Report.h"
#include "model/DeviceParameters.h"
#include "schema/ProfileReader.h"

#include <nlohmann/json.hpp>

namespace headroom::test {

/// Round numbers, so expected values can be checked by hand: W_ldst =
/// (1000/2)/250 = 2, W_other = (1000/2)/500 = 1. Named like the fixture
/// profile's GPU.
inline DeviceParameters testDevice(const std::string &Name = "Test GPU") {
  DeviceParameters D;
  D.Name = Name;
  D.TSP = 1000;
  D.TDP = 500;
  D.TInt = 500;
  D.TAdd = 500;
  D.TLdSt = 250;
  D.BMem = 100;
  D.Origin.Source = "unit test";
  return D;
}

inline DeviceEntry testEntry(DeviceParameters D = testDevice()) {
  DeviceEntry E;
  E.Device = std::move(D);
  E.Path = "test.json";
  return E;
}

/// Reads \p J as a profile and analyzes it on \p D (no source check unless
/// \p Options says so).
inline std::unique_ptr<Analysis>
analyzeJson(const nlohmann::json &J, DeviceEntry D = testEntry(),
            AnalysisOptions Options = {.SourceRoot = ""}) {
  auto P = readProfileFile(writeTemp("analysis.json", J.dump()));
  if (!P)
    throw std::runtime_error(P.error().message());
  return report(std::move(*P), std::move(D), Options);
}

} // namespace headroom::test

#endif // HEADROOM_TEST_UNIT_REPORT_PROFILEFIXTURES_H
