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

/// Where a device file was found; Spec: derived from the spec tables of the
/// shipped database (devices/SpecDerivation.h).
enum class DeviceSource { User, Shipped, File, Spec };

/// "user", "shipped", "file" or "spec".
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

  /// Every readable device, user ones first, then the shipped ones, then
  /// those derived from the spec tables (<shipped>/specs), each group sorted
  /// by name. Files that fail to read are left out and their errors added to
  /// \p Problems (if given).
  std::vector<DeviceEntry> list(std::vector<Error> *Problems = nullptr) const;

  /// The device of spec table \p Name derived with the factors of the
  /// calibrated device \p Reference (a name or path), or of the closest
  /// calibrated GPU of its vendor when empty.
  Expected<DeviceEntry> fromSpec(const std::string &Name,
                                 const std::string &Reference = "") const;

  /// list() with the directories searched.
  DeviceListing listing(std::vector<Error> *Problems = nullptr) const {
    return {UserDir, ShippedDir, list(Problems)};
  }

  /// Resolves a `--device` argument: a path (contains '/' or ends in
  /// ".json") or a name. An unknown name fails with the close matches and a
  /// pointer to `headroom devices`.
  /// "spec:NAME" names the spec-derived device even where a calibrated one
  /// of that name shadows it.
  Expected<DeviceEntry> lookup(const std::string &NameOrPath) const;

  /// Resolves a `--target` argument: a group (all, all-nvidia, all-amd,
  /// all-spec, current: every device of the listing that no earlier one of
  /// the same name shadows; current: those of the newest NVIDIA
  /// architectures, devices/Generations.h) or one device as lookup() does.
  Expected<std::vector<DeviceEntry>>
  lookupTargets(const std::string &NameOrGroup) const;

private:
  /// Adds the devices derived from the spec tables, with the factors of the
  /// calibrated ones already in \p Entries.
  void appendSpecDevices(std::vector<DeviceEntry> &Entries,
                         std::vector<Error> *Problems) const;

  std::string UserDir, ShippedDir;
};

/// \p Name lower-cased without '-', ' ' and '_': the key names match on.
std::string normalizeDeviceName(const std::string &Name);

/// The names --target accepts for groups of devices.
const std::vector<std::string> &deviceGroupNames();

/// True if \p Query names \p D (its name or one of its aliases).
bool deviceMatches(const DeviceParameters &D, const std::string &Query);

} // namespace headroom

#endif // HEADROOM_DEVICES_DEVICEREGISTRY_H
