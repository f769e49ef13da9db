//===- DeviceMatch.cpp - Is a device file the profile's GPU? --------------===//

#include "analysis/DeviceMatch.h"

#include "devices/DeviceRegistry.h"

#include <set>

namespace headroom {

bool deviceIsNamed(const DeviceParameters &D, const std::string &DriverName) {
  if (deviceMatches(D, DriverName))
    return true;
  return !D.Identity.ProductName.empty() &&
         normalizeDeviceName(D.Identity.ProductName) ==
             normalizeDeviceName(DriverName);
}

std::vector<std::string> foreignDevices(const ProfileDocument &P,
                                        const DeviceParameters &D) {
  std::set<unsigned> Used;
  for (const ProfileKernel &K : P.Kernels)
    Used.insert(K.Device);
  std::vector<std::string> Out;
  for (unsigned Index : Used) {
    const ProfileDevice *PD = P.device(Index);
    if (!PD || PD->Name.empty() || deviceIsNamed(D, PD->Name))
      continue;
    bool Listed = false;
    for (const std::string &N : Out)
      Listed |= N == PD->Name;
    if (!Listed)
      Out.push_back(PD->Name);
  }
  return Out;
}

} // namespace headroom
