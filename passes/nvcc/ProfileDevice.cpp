//===- ProfileDevice.cpp - The device a found profile is modeled on -------===//

#include "nvcc/ProfileDevice.h"

#include "analysis/DeviceMatch.h"

namespace headroom::nvcc {

Expected<DeviceEntry> deviceForProfile(const ProfileDocument &P,
                                       const std::string &Requested,
                                       const std::string &RequestedFrom,
                                       const std::string &ProfilePath) {
  DeviceRegistry Registry = DeviceRegistry::fromEnvironment();
  if (!Requested.empty()) {
    Expected<DeviceEntry> Entry = Registry.lookup(Requested);
    if (!Entry)
      return Entry.error().context(RequestedFrom);
    return Entry;
  }
  std::vector<DeviceEntry> Known = Registry.list();
  std::string Names;
  for (const ProfileDevice &G : P.Devices) {
    for (const DeviceEntry &E : Known)
      if (deviceIsNamed(E.Device, G.Name))
        return E;
    Names += (Names.empty() ? "'" : ", '") + G.Name + "'";
  }
  return Error("no device file describes " +
               (Names.empty() ? std::string("the GPU") : Names) + " of " +
               ProfilePath +
               "; set HEADROOM_DEVICE to a device of 'headroom devices' or "
               "calibrate this GPU ('headroom calibrate')");
}

} // namespace headroom::nvcc
