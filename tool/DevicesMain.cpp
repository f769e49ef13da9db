//===- DevicesMain.cpp - headroom devices ---------------------------------===//
///
/// \file
/// `headroom devices`: lists the device files `--device` can name, the
/// user's first, then the shipped database.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "devices/DeviceRegistry.h"
#include "support/CommandLine.h"
#include "views/DeviceViews.h"

#include <iostream>

using namespace headroom;

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
  if (!Parsed->Positionals.empty())
    return failWith(Error("headroom devices: unexpected argument '" +
                          Parsed->Positionals.front() + "'"));
  std::string Format = Parsed->get("format").value_or("text");
  const View<DeviceListing> *View = findView(deviceViews(), Format);
  if (!View)
    return failWith(Error("headroom devices: --format must be " +
                          formatList(deviceViews()) + ", got '" + Format +
                          "'"));
  std::vector<Error> Problems;
  DeviceListing Listing = DeviceRegistry::fromEnvironment().listing(&Problems);
  for (const Error &P : Problems)
    std::cerr << "headroom: warning: skipping " << P.message() << "\n";
  View->write(std::cout, Listing, {});
  return 0;
}
