//===- Generations.cpp - GPU generations of the device database -----------===//

#include "devices/Generations.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace headroom {

std::optional<std::pair<int, int>>
parseComputeCapability(const std::string &CC) {
  std::size_t Dot = CC.find('.');
  if (Dot == std::string::npos || Dot == 0 || Dot + 1 == CC.size())
    return std::nullopt;
  auto Digits = [](const std::string &S) {
    return std::all_of(S.begin(), S.end(),
                       [](char C) { return C >= '0' && C <= '9'; });
  };
  std::string Major = CC.substr(0, Dot), Minor = CC.substr(Dot + 1);
  if (!Digits(Major) || !Digits(Minor) || Major.size() > 4 || Minor.size() > 4)
    return std::nullopt;
  return std::pair{std::atoi(Major.c_str()), std::atoi(Minor.c_str())};
}

std::vector<std::string>
architecturesNewestFirst(const std::vector<DeviceEntry> &Devices,
                         const std::string &Vendor) {
  std::map<std::string, std::pair<int, int>> Newest;
  for (const DeviceEntry &E : Devices) {
    const DeviceParameters &D = E.Device;
    if (D.Vendor != Vendor || D.Architecture.empty())
      continue;
    std::optional<std::pair<int, int>> CC =
        parseComputeCapability(D.ComputeCapability);
    if (!CC)
      continue;
    auto [It, Inserted] = Newest.emplace(D.Architecture, *CC);
    if (!Inserted)
      It->second = std::max(It->second, *CC);
  }
  std::vector<std::pair<std::pair<int, int>, std::string>> Ranked;
  for (const auto &[Architecture, CC] : Newest)
    Ranked.emplace_back(CC, Architecture);
  std::sort(Ranked.begin(), Ranked.end(),
            [](const auto &A, const auto &B) { return A.first > B.first; });
  std::vector<std::string> Out;
  for (auto &R : Ranked)
    Out.push_back(std::move(R.second));
  return Out;
}

} // namespace headroom
