//===- RefinementTest.cpp - The Hopper model's refinements, declared ------===//
///
/// What every refinement declares holds: its key is unique, the device
/// fields it names are in the shipped H100 device file (so a calibrated
/// Hopper GPU can have them), and docs/model.md has its section.

#include "model/Refinement.h"
#include "model/HopperModel.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

using namespace headroom;

namespace {

std::string read(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

/// Whether the device file \p Device has field \p Name: a top-level or
/// dotted path, or the name of one of its measurements.
bool hasField(const nlohmann::json &Device, const std::string &Name) {
  const nlohmann::json *At = &Device;
  std::stringstream Path(Name);
  bool Found = true;
  for (std::string Part; Found && std::getline(Path, Part, '.');) {
    Found = At->is_object() && At->contains(Part);
    if (Found)
      At = &(*At)[Part];
  }
  if (Found)
    return true;
  for (const nlohmann::json &M : Device["measurements"])
    if (M["name"] == Name)
      return true;
  return false;
}

TEST(Refinement, ThePipelineHasEachRefinementOnce) {
  std::set<RefinementId> Ids;
  std::set<std::string_view> Keys;
  for (const Refinement *R : refinements()) {
    Ids.insert(R->info().Id);
    Keys.insert(R->info().Key);
    EXPECT_EQ(&refinement(R->info().Id), R);
  }
  EXPECT_EQ(Ids.size(), NumRefinements);
  EXPECT_EQ(Keys.size(), NumRefinements);
}

TEST(Refinement, TheDeviceFieldsItNamesAreCalibratedOnTheH100) {
  nlohmann::json H100 = nlohmann::json::parse(
      read(std::string(HEADROOM_SOURCE_DIR) + "/passes/devices/h100-sxm.json"));
  for (const Refinement *R : refinements())
    for (std::string_view Field : R->info().DeviceFields)
      EXPECT_TRUE(hasField(H100, std::string(Field)))
          << R->info().Key << " names " << Field;
}

TEST(Refinement, EachHasItsSectionInTheModelDoc) {
  std::string Doc = read(std::string(HEADROOM_SOURCE_DIR) + "/docs/model.md");
  ASSERT_FALSE(Doc.empty());
  for (const Refinement *R : refinements())
    EXPECT_NE(Doc.find("\n### " + std::string(R->info().DocSection) + "\n"),
              std::string::npos)
        << R->info().Key << ": no section '" << R->info().DocSection << "'";
}

TEST(Refinement, WithNothingToRefineNoneApplies) {
  LaunchGroup G;
  G.Shape = {1, 32};
  UnitRates R;
  R.Sms = 1;
  HopperPrediction P = predictHopper({&G, 1}, R, 1.0);
  for (const Refinement *X : refinements())
    EXPECT_FALSE(P.Evidence.applied(X->info().Id)) << X->info().Key;
  EXPECT_TRUE(P.Estimates.empty());
  EXPECT_FALSE(P.limiter());
}

} // namespace
