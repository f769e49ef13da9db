//===- DevicesMain.cpp - headroom devices ---------------------------------===//
///
/// \file
/// `headroom devices`: lists the device files `--device` can name, the
/// user's first, then the shipped database.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"
#include "support/CommandLine.h"

#include "devices/DeviceRegistry.h"
#include "schema/SchemaTags.h"
#include "support/Format.h"
#include "support/TextTable.h"

#include <nlohmann/json.hpp>

#include <iostream>

using namespace headroom;

namespace {

/// "user", "shipped", or "shipped, shadowed" when a user device has the
/// same name (lookups find the user's).
std::string sourceText(const std::vector<DeviceEntry> &All,
                       const DeviceEntry &E) {
  std::string Text = deviceSourceName(E.Source);
  if (E.Source == DeviceSource::Shipped)
    for (const DeviceEntry &Other : All)
      if (Other.Source == DeviceSource::User &&
          deviceMatches(Other.Device, E.Device.Name))
        return Text + " (shadowed by " + Other.Path + ")";
  return Text;
}

} // namespace

int headroom::devicesMain(const Args &A) {
  CommandLine CL("headroom devices", "[--format text|json]",
                 "Lists the devices that 'headroom predict --device' can "
                 "name: the user's\n"
                 "device files ($XDG_DATA_HOME/headroom/devices, default\n"
                 "~/.local/share/headroom/devices) first, then the shipped "
                 "database\n"
                 "($HEADROOM_DEVICE_DIR if set).");
  CL.option("format", "text|json", "output format (default text)");
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(CL, A, Parsed))
    return *Done;
  if (!Parsed->Positionals.empty()) {
    std::cerr << "headroom: error: headroom devices: unexpected argument '"
              << Parsed->Positionals.front() << "'\n";
    return 2;
  }
  std::string Format = Parsed->get("format").value_or("text");
  if (Format != "text" && Format != "json") {
    std::cerr << "headroom: error: headroom devices: --format must be text "
                 "or json, got '"
              << Format << "'\n";
    return 2;
  }

  DeviceRegistry Registry = DeviceRegistry::fromEnvironment();
  std::vector<Error> Problems;
  std::vector<DeviceEntry> All = Registry.list(&Problems);
  for (const Error &P : Problems)
    std::cerr << "headroom: warning: skipping " << P.message() << "\n";

  if (Format == "json") {
    nlohmann::ordered_json Doc;
    Doc["schema"] = DevicesSchema;
    Doc["user_dir"] = Registry.userDir();
    Doc["shipped_dir"] = Registry.shippedDir();
    nlohmann::ordered_json List = nlohmann::ordered_json::array();
    for (const DeviceEntry &E : All) {
      const DeviceParameters &D = E.Device;
      nlohmann::ordered_json J;
      J["name"] = D.Name;
      J["aliases"] = D.Aliases;
      J["vendor"] = D.Vendor;
      J["architecture"] = D.Architecture;
      J["source"] = deviceSourceName(E.Source);
      J["path"] = E.Path;
      J["provenance"] = D.Origin.Source;
      for (const DeviceParameterInfo &Info : deviceParameterInfos())
        J[std::string(Info.Key)] = D.value(Info.Id);
      List.push_back(J);
    }
    Doc["devices"] = List;
    std::cout << Doc.dump(2) << "\n";
    return 0;
  }

  std::cout << "Devices for --device (user: "
            << (Registry.userDir().empty() ? "-" : Registry.userDir())
            << "; shipped: " << Registry.shippedDir() << ")\n";
  if (All.empty()) {
    std::cout << "  none found\n";
    return 0;
  }
  TextTable T;
  T.column("name", TextTable::Align::Left)
      .column("vendor/arch", TextTable::Align::Left)
      .column("T_SP GFLOP/s")
      .column("T_DP GFLOP/s")
      .column("B_mem GB/s")
      .column("provenance", TextTable::Align::Left)
      .column("source", TextTable::Align::Left)
      .column("path", TextTable::Align::Left);
  for (const DeviceEntry &E : All) {
    const DeviceParameters &D = E.Device;
    std::string Arch = describeArchitecture(D);
    T.row({D.Name, Arch.empty() ? "-" : Arch, formatFixed(D.TSP, 2),
           formatFixed(D.TDP, 2), formatFixed(D.BMem, 2), D.Origin.Source,
           sourceText(All, E), E.Path});
  }
  T.render(std::cout);
  return 0;
}
