//===- DevicesMain.cpp - headroom devices ---------------------------------===//
///
/// \file
/// `headroom devices`: lists the device files `--device` can name, the
/// user's first, then the shipped database, then the devices derived from
/// the spec tables; `--from-spec NAME` writes one derived device file.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "devices/DeviceFile.h"
#include "devices/DeviceRegistry.h"
#include "support/CommandLine.h"
#include "views/DeviceViews.h"

#include <iostream>

using namespace headroom;

namespace {

/// --from-spec: the derived device as a file (or on stdout), or beside a
/// calibrated one with --compare.
int fromSpec(const DeviceRegistry &Registry, const ParsedArgs &P) {
  Expected<DeviceEntry> D =
      Registry.fromSpec(*P.get("from-spec"), P.get("reference").value_or(""));
  if (!D)
    return failWith(D.error().context("--from-spec"));
  if (std::optional<std::string> Other = P.get("compare")) {
    Expected<DeviceEntry> C = Registry.lookup(*Other);
    if (!C)
      return failWith(C.error().context("--compare"));
    // The check is of the derivation: the same GPU, measured.
    if (!deviceMatches(C->Device, D->Device.Name))
      return failWith(Error("--compare: '" + C->Device.Name +
                            "' is another GPU than '" + D->Device.Name +
                            "'; compare with a device file of the same GPU"));
    writeSpecComparison(std::cout, D->Device, C->Device);
    return 0;
  }
  if (std::optional<std::string> Out = P.get("output")) {
    if (Status S = writeDeviceFile(*Out, D->Device); !S)
      return failWith(S.error());
    return 0;
  }
  std::cout << deviceToJson(D->Device).dump(2) << "\n";
  return 0;
}

} // namespace

int headroom::devicesMain(const Args &A) {
  CommandLine CL("headroom devices",
                 "[--format text|json]\n       headroom devices --from-spec "
                 "NAME [--reference NAME|PATH] [-o FILE | --compare "
                 "NAME|PATH]",
                 "Lists the devices that 'headroom predict --device' can "
                 "name: the user's\n"
                 "device files ($XDG_DATA_HOME/headroom/devices, default\n"
                 "~/.local/share/headroom/devices) first, then the shipped "
                 "database\n"
                 "($HEADROOM_DEVICE_DIR if set), then the GPUs derived from "
                 "its spec tables\n"
                 "(specs/: provenance \"spec\", factors of the closest "
                 "calibrated GPU of the\n"
                 "same vendor; 'spec:NAME' names one that a calibrated "
                 "device shadows).");
  CL.option("format", "text|json", "output format of the list (default text)")
      .option("from-spec", "NAME",
              "derive the device file of the GPU of spec table NAME")
      .option("reference", "NAME|PATH",
              "the calibrated device whose factors --from-spec applies "
              "(default: the closest of the same vendor)")
      .option("output", "FILE", "write the derived device file there")
      .alias('o', "output")
      .option("compare", "NAME|PATH",
              "print the derived thesis parameters beside this device's");
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(CL, A, Parsed))
    return *Done;
  if (!Parsed->Positionals.empty())
    return failWith(
        Error("unexpected argument '" + Parsed->Positionals.front() + "'"));
  DeviceRegistry Registry = DeviceRegistry::fromEnvironment();
  if (Parsed->has("from-spec")) {
    if (Parsed->has("format"))
      return failWith(Error("--format lists devices; "
                            "--from-spec writes a device file"));
    if (Parsed->has("output") && Parsed->has("compare"))
      return failWith(Error("--output and --compare exclude each other"));
    return fromSpec(Registry, *Parsed);
  }
  for (const char *Only : {"reference", "output", "compare"})
    if (Parsed->has(Only))
      return failWith(Error(std::string("--") + Only + " needs --from-spec"));
  std::string Format = Parsed->get("format").value_or("text");
  const View<DeviceListing> *View = findView(deviceViews(), Format);
  if (!View)
    return failWith(Error("--format must be " + formatList(deviceViews()) +
                          ", got '" + Format + "'"));
  std::vector<Error> Problems;
  DeviceListing Listing = Registry.listing(&Problems);
  for (const Error &P : Problems)
    printWarning("skipping " + P.message());
  View->write(std::cout, Listing, {});
  return 0;
}
