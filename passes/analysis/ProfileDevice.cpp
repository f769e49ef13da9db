//===- ProfileDevice.cpp - The device a profile is modeled on -------------===//

#include "analysis/ProfileDevice.h"

#include "analysis/DeviceMatch.h"

namespace headroom {

Expected<DeviceEntry> deviceForProfile(const ProfileDocument &P,
                                       const DeviceRequest &R,
                                       const std::string &ProfilePath,
                                       const DeviceRegistry &Registry) {
  if (!R.Requested.empty() && R.Requested != "auto") {
    Expected<DeviceEntry> Entry = Registry.lookup(R.Requested);
    if (!Entry)
      return Entry.error().context(R.From);
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
  std::string How = R.From.rfind("--", 0) == 0 ? "give " + R.From + " NAME|PATH"
                                               : "set " + R.From;
  return Error(ProfilePath + ": no device file describes " +
               (Names.empty() ? std::string("its GPU (the profile names none)")
                              : Names) +
               "; " + How +
               " to a device of 'headroom devices', or calibrate this GPU "
               "('headroom calibrate')");
}

} // namespace headroom
