//===- DeviceViews.cpp - The formats of `headroom devices` ----------------===//

#include "views/DeviceViews.h"

#include "devices/SpecDerivation.h"
#include "schema/SchemaTags.h"
#include "support/Format.h"
#include "support/TextTable.h"

#include <algorithm>
#include <cmath>

namespace headroom {

namespace {

/// "user", "shipped", "spec", or "... (shadowed by PATH)" when an earlier
/// device has the same name (lookups find that one; "spec:NAME" finds the
/// spec-derived one).
std::string sourceText(const DeviceListing &L, const DeviceEntry &E) {
  std::string Text = deviceSourceName(E.Source);
  if (E.Source == DeviceSource::Shipped || E.Source == DeviceSource::Spec)
    for (const DeviceEntry &Other : L.Entries) {
      if (&Other == &E)
        break;
      if (Other.Source != E.Source &&
          deviceMatches(Other.Device, E.Device.Name))
        return Text + " (shadowed by " + Other.Path + ")";
    }
  return Text;
}

class TextDeviceView : public View<DeviceListing> {
public:
  std::string_view format() const override { return "text"; }
  void write(std::ostream &OS, const DeviceListing &L,
             const ViewOptions &) const override {
    OS << "Devices for --device (user: "
       << (L.UserDir.empty() ? "-" : L.UserDir) << "; shipped: " << L.ShippedDir
       << ")\n";
    if (L.Entries.empty()) {
      OS << "  none found\n";
      return;
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
    for (const DeviceEntry &E : L.Entries) {
      const DeviceParameters &D = E.Device;
      std::string Arch = describeArchitecture(D);
      T.row({D.Name, Arch.empty() ? "-" : Arch, formatFixed(D.TSP, 2),
             formatFixed(D.TDP, 2), formatFixed(D.BMem, 2), D.Origin.Source,
             sourceText(L, E), E.Path});
    }
    T.render(OS);
  }
};

class JsonDeviceView : public View<DeviceListing> {
public:
  std::string_view format() const override { return "json"; }
  void write(std::ostream &OS, const DeviceListing &L,
             const ViewOptions &) const override {
    OS << devicesToJson(L).dump(2) << "\n";
  }
};

} // namespace

nlohmann::ordered_json devicesToJson(const DeviceListing &L) {
  nlohmann::ordered_json Doc;
  Doc["schema"] = DevicesSchema;
  Doc["user_dir"] = L.UserDir;
  Doc["shipped_dir"] = L.ShippedDir;
  nlohmann::ordered_json List = nlohmann::ordered_json::array();
  for (const DeviceEntry &E : L.Entries) {
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
  return Doc;
}

void writeSpecComparison(std::ostream &OS, const DeviceParameters &Derived,
                         const DeviceParameters &Calibrated) {
  OS << Derived.Name << " from its spec (" << Derived.Origin.Source
     << ") against " << Calibrated.Name << " (" << Calibrated.Origin.Source
     << (Calibrated.Origin.Date.empty() ? "" : " " + Calibrated.Origin.Date)
     << ")\n";
  TextTable T;
  T.column("parameter", TextTable::Align::Left)
      .column("unit", TextTable::Align::Left)
      .column("from spec")
      .column("calibrated")
      .column("error");
  double Worst = 0;
  for (const SpecCheckRow &R : compareParameters(Derived, Calibrated)) {
    T.row(
        {R.Parameter, R.Unit, formatFixed(R.Derived, 2),
         formatFixed(R.Calibrated, 2),
         (R.errorPct() >= 0 ? "+" : "") + formatFixed(R.errorPct(), 2) + "%"});
    Worst = std::max(Worst, std::abs(R.errorPct()));
  }
  T.render(OS);
  OS << "largest error: " << formatFixed(Worst, 2) << "%\n";
}

const std::vector<const View<DeviceListing> *> &deviceViews() {
  static const TextDeviceView Text;
  static const JsonDeviceView Json;
  static const std::vector<const View<DeviceListing> *> Views = {&Text, &Json};
  return Views;
}

} // namespace headroom
