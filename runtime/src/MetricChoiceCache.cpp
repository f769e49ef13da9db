//===- MetricChoiceCache.cpp - The metric choice kept across runs ---------===//

#include "MetricChoiceCache.h"

#include "AtomicFile.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace headroom::rt {

namespace {

constexpr const char *Schema = "headroom.metric-choice/1";

/// Chip names are short identifiers (GH100); anything else becomes '_'.
std::string fileSafe(const std::string &Name) {
  std::string Out;
  for (char C : Name)
    Out += std::isalnum(static_cast<unsigned char>(C)) || C == '-' ? C : '_';
  return Out.empty() ? "unknown" : Out;
}

/// FNV-1a over the key's request; each field ends with a byte no metric
/// name holds, so the lists cannot run into each other.
std::string requestHash(const MetricChoiceKey &Key) {
  std::uint64_t H = 14695981039346656037ull;
  auto Add = [&](const std::string &Text) {
    for (unsigned char C : Text + '\n') {
      H ^= C;
      H *= 1099511628211ull;
    }
  };
  Add(std::to_string(Key.CuptiVersion));
  for (const std::string &M : Key.Required)
    Add(M);
  Add("|");
  for (const std::string &M : Key.Extras)
    Add(M);
  char Hex[17];
  std::snprintf(Hex, sizeof Hex, "%016llx", static_cast<unsigned long long>(H));
  return Hex;
}

} // namespace

std::string metricChoicePath(const std::string &Dir,
                             const MetricChoiceKey &Key) {
  return (std::filesystem::path(Dir) /
          ("metrics-" + fileSafe(Key.Chip) + "-" + requestHash(Key) + ".json"))
      .string();
}

std::optional<MetricChoice> loadMetricChoice(const std::string &Path,
                                             const MetricChoiceKey &Key) {
  std::ifstream In(Path);
  if (!In)
    return std::nullopt;
  std::stringstream Text;
  Text << In.rdbuf();
  nlohmann::json J = nlohmann::json::parse(Text.str(), nullptr,
                                           /*allow_exceptions=*/false);
  try {
    if (!J.is_object() || J.value("schema", "") != Schema ||
        J.at("chip") != Key.Chip || J.at("cupti_version") != Key.CuptiVersion ||
        J.at("required") != Key.Required || J.at("extras") != Key.Extras)
      return std::nullopt;
    MetricChoice C;
    C.Metrics = J.at("metrics").get<std::vector<std::string>>();
    C.Passes = J.at("passes").get<std::size_t>();
    for (const nlohmann::json &D : J.at("dropped"))
      C.Dropped.push_back(
          {D.at("name").get<std::string>(), D.at("reason").get<std::string>()});
    if (C.Metrics.empty() || C.Passes == 0)
      return std::nullopt;
    return C;
  } catch (const nlohmann::json::exception &) {
    return std::nullopt;
  }
}

bool storeMetricChoice(const std::string &Path, const MetricChoiceKey &Key,
                       const MetricChoice &Choice, std::string &Error) {
  nlohmann::ordered_json J;
  J["schema"] = Schema;
  J["chip"] = Key.Chip;
  J["cupti_version"] = Key.CuptiVersion;
  J["required"] = Key.Required;
  J["extras"] = Key.Extras;
  J["metrics"] = Choice.Metrics;
  J["passes"] = Choice.Passes;
  J["dropped"] = nlohmann::ordered_json::array();
  for (const DroppedMetric &D : Choice.Dropped)
    J["dropped"].push_back({{"name", D.Name}, {"reason", D.Reason}});
  std::error_code Ec;
  std::filesystem::create_directories(std::filesystem::path(Path).parent_path(),
                                      Ec);
  if (Ec) {
    Error = "cannot create the directory of " + Path + ": " + Ec.message();
    return false;
  }
  return writeFileAtomically(Path, J.dump(1) + "\n", Error);
}

} // namespace headroom::rt
