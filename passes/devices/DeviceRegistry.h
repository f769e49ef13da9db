//===- DeviceRegistry.h - Finding device files by name ----------*- C++ -*-===//
///
/// \file
/// The device database: the user's own device files (calibrated here) and
/// the ones shipped with Headroom. `--device` takes either a path or a name;
/// names match a device's name or aliases case-insensitively, ignoring '-',
/// ' ' and '_' (so GTX660, gtx-660 and "GTX 660" are one device). User
/// devices shadow shipped ones of the same name.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_DEVICES_DEVICEREGISTRY_H
#define HEADROOM_DEVICES_DEVICEREGISTRY_H

#include "model/DeviceParameters.h"
#include "support/Error.h"

#include <string>
#include <vector>

namespace headroom {

/// Where a device file was found.
enum class DeviceSource { User, Shipped, File };

/// "user", "shipped" or "file".
const char *deviceSourceName(DeviceSource S);

/// A device together with the file it came from.
struct DeviceEntry {
  DeviceParameters Device;
  std::string Path;
  DeviceSource Source = DeviceSource::File;
};

/// What `headroom devices` lists: every readable device and the directories
/// searched.
struct DeviceListing {
  std::string UserDir, ShippedDir;
  std::vector<DeviceEntry> Entries;
};

/// The directories to search; cheap to copy. Files are read on each call.
class DeviceRegistry {
public:
  /// Searches \p UserDir first, then \p ShippedDir; either may be empty or
  /// missing.
  DeviceRegistry(std::string UserDir, std::string ShippedDir);

  /// The registry the tool uses: user devices in
  /// $XDG_DATA_HOME/headroom/devices (default ~/.local/share/headroom/devices)
  /// and the shipped directory: $HEADROOM_DEVICE_DIR if set, else
  /// <ExecutableDir>/../share/headroom/devices if it exists (installed), else
  /// the source tree's passes/devices.
  static DeviceRegistry fromEnvironment(const std::string &ExecutableDir);
  /// The same, with the directory of the running executable.
  static DeviceRegistry fromEnvironment();

  const std::string &userDir() const { return UserDir; }
  const std::string &shippedDir() const { return ShippedDir; }

  /// Every readable device, user ones first, each group sorted by name.
  /// Files that fail to read are left out and their errors added to
  /// \p Problems (if given).
  std::vector<DeviceEntry> list(std::vector<Error> *Problems = nullptr) const;

  /// list() with the directories searched.
  DeviceListing listing(std::vector<Error> *Problems = nullptr) const {
    return {UserDir, ShippedDir, list(Problems)};
  }

  /// Resolves a `--device` argument: a path (contains '/' or ends in
  /// ".json") or a name. An unknown name fails with the close matches and a
  /// pointer to `headroom devices`.
  Expected<DeviceEntry> lookup(const std::string &NameOrPath) const;

private:
  std::string UserDir, ShippedDir;
};

/// \p Name lower-cased without '-', ' ' and '_': the key names match on.
std::string normalizeDeviceName(const std::string &Name);

/// True if \p Query names \p D (its name or one of its aliases).
bool deviceMatches(const DeviceParameters &D, const std::string &Query);

} // namespace headroom

#endif // HEADROOM_DEVICES_DEVICEREGISTRY_H
