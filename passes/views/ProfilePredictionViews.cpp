//===- ProfilePredictionViews.cpp - predict's formats for profiles --------===//

#include "views/ProfilePredictionViews.h"

#include "support/Csv.h"
#include "support/Format.h"
#include "support/KernelNames.h"
#include "support/TextTable.h"
#include "views/FindingJson.h"
#include "views/ReportJson.h"

namespace headroom {

namespace {

using Align = TextTable::Align;
using nlohmann::ordered_json;

/// What --model chose, in words.
std::string modelLine(const ModelOptions &O) {
  switch (O.Choice) {
  case ModelChoice::Auto:
    return "the Hopper model where the device file has its rates and the "
           "kernel its counters, else the thesis model";
  case ModelChoice::Hopper:
    return "the Hopper model where the device file has its rates, else the "
           "thesis model";
  case ModelChoice::Thesis:
    return "the thesis quantitative roofline (4.1)-(4.18)";
  case ModelChoice::Fitted:
    return "the fitted model where the device file has its weights";
  }
  return "";
}

std::string location(const std::optional<SourceLocation> &L) {
  if (!L)
    return "";
  return L->File + ":" + std::to_string(L->Line) + ":" +
         std::to_string(L->Column);
}

std::string times(std::optional<double> Ratio) {
  return Ratio ? formatFixed(*Ratio, 2) + "x" : "";
}

class TextView : public View<ProfilePredictions> {
public:
  std::string_view format() const override { return "text"; }
  void write(std::ostream &OS, const ProfilePredictions &Set,
             const ViewOptions &) const override {
    OS << "Model: " << modelChoiceName(Set.Options.Choice) << ", "
       << modelLine(Set.Options) << " (docs/model.md).\n";
    OS << "Profile: " << Set.Source;
    for (std::size_t I = 0; I < Set.ProfiledOn.size(); ++I)
      OS << (I ? ", " : ", recorded on ") << Set.ProfiledOn[I];
    OS << "\n";
    for (std::size_t K = 0; K < Set.kernels(); ++K) {
      const KernelOnDevice &First = Set.at(0, K);
      OS << "\n" << shortKernelName(First.Kernel);
      if (First.Definition)
        OS << " (" << location(First.Definition) << ")";
      OS << ", " << First.Launches << " launch"
         << (First.Launches == 1 ? "" : "es") << "\n";
      TextTable T;
      T.column("device", Align::Left)
          .column("model", Align::Left)
          .column("regime", Align::Left)
          .column("predicted ms")
          .column("set by", Align::Left)
          .column("measured ms")
          .column("measured/predicted");
      for (std::size_t D = 0; D < Set.Devices.size(); ++D) {
        const KernelOnDevice &P = Set.at(D, K);
        const std::string &Device = Set.Devices[D].Device.Name;
        if (!P.Finding) {
          T.row({Device, "", "", "", P.Why});
          continue;
        }
        const KernelFinding &F = *P.Finding;
        T.row({Device, std::string(modelKindKey(F.Model)),
               regimeName(F.Verdict), formatMs(F.PredictedMs),
               std::string(F.SetBy.key()),
               F.MeasuredMs ? formatMs(*F.MeasuredMs) : "",
               times(F.headroomToCap())});
      }
      T.render(OS);
    }
  }
};

class JsonView : public View<ProfilePredictions> {
public:
  std::string_view format() const override { return "json"; }
  void write(std::ostream &OS, const ProfilePredictions &Set,
             const ViewOptions &) const override {
    ordered_json J;
    J["schema"] = "headroom.predictions/1";
    J["model"] = {{"name", modelChoiceName(Set.Options.Choice)},
                  {"optimistic_int", Set.Options.OptimisticInt}};
    J["source"] = Set.Source;
    J["input"] = "profile";
    J["profiled_on"] = Set.ProfiledOn;
    ordered_json Devices = ordered_json::array();
    for (std::size_t D = 0; D < Set.Devices.size(); ++D) {
      const DeviceEntry &E = Set.Devices[D];
      Devices.push_back({{"name", E.Device.Name},
                         {"source", deviceSourceName(E.Source)},
                         {"path", E.Path},
                         {"measured", bool(Set.Measured[D])}});
    }
    J["devices"] = std::move(Devices);
    ordered_json Predictions = ordered_json::array();
    for (std::size_t D = 0; D < Set.Devices.size(); ++D)
      for (std::size_t K = 0; K < Set.kernels(); ++K) {
        const KernelOnDevice &P = Set.at(D, K);
        ordered_json O;
        O["device"] = Set.Devices[D].Device.Name;
        O["kernel"] = P.Kernel;
        O["short_name"] = shortKernelName(P.Kernel);
        O["definition"] = locationToJson(P.Definition);
        O["launches"] = P.Launches;
        if (P.Finding) {
          const KernelFinding &F = *P.Finding;
          O["model"] = modelKindKey(F.Model);
          O["regime"] = regimeName(F.Verdict);
          O["predicted_ms"] = F.PredictedMs;
          O["predicted_by"] = F.SetBy.key();
          O["measured_ms"] =
              F.MeasuredMs ? ordered_json(*F.MeasuredMs) : ordered_json();
          O["finding"] = findingToJson(F);
        } else {
          O["model"] = nullptr;
          O["why"] = P.Why;
          O["finding"] = nullptr;
        }
        Predictions.push_back(std::move(O));
      }
    J["predictions"] = std::move(Predictions);
    OS << J.dump(2) << "\n";
  }
};

class CsvView : public View<ProfilePredictions> {
public:
  std::string_view format() const override { return "csv"; }
  void write(std::ostream &OS, const ProfilePredictions &Set,
             const ViewOptions &) const override {
    writeCsvRow(OS, {"kernel", "file", "line", "column", "launches", "device",
                     "measured_here", "model", "regime", "predicted_ms",
                     "predicted_by", "floor_ms", "measured_ms",
                     "headroom_to_cap", "why"});
    for (std::size_t D = 0; D < Set.Devices.size(); ++D)
      for (std::size_t K = 0; K < Set.kernels(); ++K) {
        const KernelOnDevice &P = Set.at(D, K);
        std::vector<std::string> Row{
            shortKernelName(P.Kernel),
            P.Definition ? P.Definition->File : "",
            P.Definition ? std::to_string(P.Definition->Line) : "",
            P.Definition ? std::to_string(P.Definition->Column) : "",
            std::to_string(P.Launches),
            Set.Devices[D].Device.Name,
            Set.Measured[D] ? "yes" : "no"};
        if (const std::optional<KernelFinding> &F = P.Finding) {
          for (std::string Cell :
               {std::string(modelKindKey(F->Model)),
                std::string(regimeName(F->Verdict)), csvNumber(F->PredictedMs),
                std::string(F->SetBy.key()), csvNumber(F->FloorMs),
                csvNumber(F->MeasuredMs), csvNumber(F->headroomToCap()),
                std::string()})
            Row.push_back(std::move(Cell));
        } else {
          Row.insert(Row.end(), 7, "");
          Row.push_back(P.Why);
        }
        writeCsvRow(OS, Row);
      }
  }
};

} // namespace

const std::vector<const View<ProfilePredictions> *> &profilePredictionViews() {
  static const TextView Text;
  static const JsonView Json;
  static const CsvView Csv;
  static const std::vector<const View<ProfilePredictions> *> Views = {
      &Text, &Json, &Csv};
  return Views;
}

} // namespace headroom
