//===- ReportJson.cpp - headroom.report/1 ---------------------------------===//

#include "views/ReportJson.h"

#include "analysis/AdviceLines.h"
#include "checks/Diagnose.h"
#include "views/FindingJson.h"
#include "views/StallLinesJson.h"

namespace headroom {

using nlohmann::ordered_json;

namespace {

ordered_json deviceToJson(const DeviceEntry &E) {
  const DeviceParameters &D = E.Device;
  ordered_json J;
  J["name"] = D.Name;
  if (!D.Identity.ProductName.empty())
    J["product_name"] = D.Identity.ProductName;
  J["source"] = deviceSourceName(E.Source);
  J["path"] = E.Path;
  for (const DeviceParameterInfo &Info : deviceParameterInfos())
    J[std::string(Info.Key)] = D.value(Info.Id);
  MemoryCeilings M = memoryCeilings(D);
  J["l2_GBps"] = M.L2GBps ? ordered_json(*M.L2GBps) : ordered_json(nullptr);
  J["shared_ldst32_GOPs"] =
      M.SharedGops ? ordered_json(*M.SharedGops) : ordered_json(nullptr);
  return J;
}

/// A library call: what was called, and where.
ordered_json callToJson(const ProfileScope &S) {
  ordered_json J;
  J["name"] = S.Name;
  J["location"] = locationToJson(S.Where);
  return J;
}

ordered_json kernelToJson(const KernelReport &K) {
  ordered_json J;
  J["kernel"] = K.Kernel;
  J["short_name"] = K.ShortName;
  J["definition"] = locationToJson(K.Definition);
  J["call"] = K.Call ? callToJson(*K.Call) : ordered_json(nullptr);
  J["launches"] = K.Launches;
  J["total_ms"] = K.TotalNs / 1e6;
  J["mean_launch_ms"] = K.meanLaunchNs() / 1e6;
  J["share_of_profile"] = K.ShareOfProfile;
  J["modeled_launches"] = K.ModeledLaunches;
  J["modeled_ms"] = K.ModeledNs / 1e6;
  J["estimated_launches"] = K.EstimatedLaunches;
  J["estimated_ms"] = K.EstimatedNs / 1e6;
  J["finding"] = K.Finding ? findingToJson(*K.Finding) : ordered_json(nullptr);
  if (K.Finding)
    for (std::size_t I = 0; I < K.Finding->Advice.size(); ++I)
      if (const StallLine *L = adviceLine(K, K.Finding->Advice[I].Id))
        J["finding"]["advice"][I]["line"] = locationToJson(L->Where);
  if (K.ModelError)
    J["model_error"] = K.ModelError->message();
  J["stall_lines"] =
      K.Stalls ? stallLinesToJson(*K.Stalls) : ordered_json(nullptr);
  ordered_json Sites = ordered_json::array();
  for (const SiteUsage &U : K.Sites) {
    ordered_json S;
    S["location"] = U.Site && U.Site->hasLaunch()
                        ? locationToJson(U.Site->Launch)
                    : U.Scope ? locationToJson(U.Scope->Where)
                              : ordered_json();
    if (U.Scope)
      S["call"] = U.Scope->Name;
    S["launches"] = U.Launches;
    S["total_ms"] = U.TotalNs / 1e6;
    S["share_of_kernel"] = K.TotalNs > 0 ? U.TotalNs / K.TotalNs : 0.0;
    Sites.push_back(std::move(S));
  }
  J["sites"] = std::move(Sites);
  J["notes"] = qualifyingChecks(K);
  return J;
}

} // namespace

ordered_json locationToJson(const std::optional<SourceLocation> &L) {
  if (!L)
    return nullptr;
  ordered_json J;
  J["file"] = L->File;
  J["line"] = L->Line;
  J["column"] = L->Column;
  return J;
}

ordered_json diagnosticToJson(const Diagnostic &D) {
  ordered_json J;
  J["level"] = diagnosticLevelName(D.Level);
  J["check"] = D.Check.empty() ? ordered_json(nullptr) : ordered_json(D.Check);
  J["location"] = locationToJson(D.Location);
  J["message"] = D.Message;
  if (!D.Notes.empty()) {
    ordered_json Notes = ordered_json::array();
    for (const Diagnostic &N : D.Notes)
      Notes.push_back(diagnosticToJson(N));
    J["notes"] = std::move(Notes);
  }
  return J;
}

namespace {

/// The document without its kernels and diagnostics (empty arrays).
ordered_json reportHead(const Analysis &A) {
  ordered_json Doc;
  Doc["schema"] = ReportSchema;
  ordered_json Model;
  Model["name"] = modelChoiceName(A.Model.Choice);
  Model["optimistic_int"] = A.Model.OptimisticInt;
  Doc["model"] = std::move(Model);
  ordered_json Profile;
  Profile["path"] = A.Source.Path;
  Profile["mode"] = A.Source.Collection.Mode;
  ordered_json Devices = ordered_json::array();
  for (const ProfileDevice &D : A.Source.Devices)
    Devices.push_back(D.Name);
  Profile["devices"] = std::move(Devices);
  Profile["warnings"] = A.Source.Collection.Warnings;
  Profile["total_ms"] = A.Report.TotalNs / 1e6;
  Doc["profile"] = std::move(Profile);
  Doc["device"] = deviceToJson(A.Device);
  Doc["measured_on_device"] = A.MeasuredOnDevice;
  ordered_json Targets = ordered_json::array();
  for (const DeviceEntry &T : A.Targets)
    Targets.push_back(deviceToJson(T));
  Doc["targets"] = std::move(Targets);
  ordered_json Sources;
  Sources["root"] = A.Sources.Root;
  Sources["checked"] = A.Sources.SourcesFound;
  Sources["locations_checked"] = A.Sources.Checked;
  Sources["mismatches"] = A.Sources.Mismatches.size();
  Doc["sources"] = std::move(Sources);
  Doc["group_by"] = kernelGroupingName(A.Report.Grouping);
  Doc["kernels"] = ordered_json::array();
  ordered_json Calls = ordered_json::array();
  for (const CallReport &C : A.Report.Calls) {
    ordered_json J = callToJson(*C.Scope);
    J["launches"] = C.Launches;
    J["total_ms"] = C.TotalNs / 1e6;
    J["share_of_profile"] = C.ShareOfProfile;
    J["kernels"] = C.Kernels;
    Calls.push_back(std::move(J));
  }
  Doc["calls"] = std::move(Calls);
  Doc["diagnostics"] = ordered_json::array();
  return Doc;
}

std::optional<ordered_json>
reportElement(const Analysis &A, const std::string &Key, std::size_t I) {
  if (Key == "kernels" && I < A.Report.Kernels.size())
    return kernelToJson(A.Report.Kernels[I]);
  if (Key == "diagnostics" && I < A.Diagnostics.size())
    return diagnosticToJson(A.Diagnostics[I]);
  return std::nullopt;
}

} // namespace

ordered_json reportToJson(const Analysis &A) {
  ordered_json Doc = reportHead(A);
  for (const char *Key : {"kernels", "diagnostics"})
    for (std::size_t I = 0;; ++I) {
      auto E = reportElement(A, Key, I);
      if (!E)
        break;
      Doc[Key].push_back(std::move(*E));
    }
  return Doc;
}

void writeJsonStreaming(std::ostream &OS, const ordered_json &Doc,
                        const std::function<std::optional<ordered_json>(
                            const std::string &, std::size_t)> &Element,
                        int Depth) {
  // nlohmann's serializer takes the indentation to start from, so each
  // element is written on its own into one reused buffer, then to the stream
  // in one piece (its stream adapter costs a stream call per token).
  std::string Buffer;
  auto Write = [&](const ordered_json &Value, int Indent) {
    Buffer.clear();
    nlohmann::detail::serializer<ordered_json> Writer(
        nlohmann::detail::output_adapter<char>(Buffer), ' ',
        nlohmann::json::error_handler_t::strict);
    Writer.dump(Value, /*pretty_print=*/true, /*ensure_ascii=*/false,
                /*indent_step=*/2, static_cast<unsigned>(Indent));
    OS.write(Buffer.data(), static_cast<std::streamsize>(Buffer.size()));
  };
  std::string Pad(Depth + 2, ' ');
  OS << "{";
  bool First = true;
  for (const auto &[Key, Value] : Doc.items()) {
    OS << (First ? "\n" : ",\n") << Pad;
    Write(ordered_json(Key), 0);
    OS << ": ";
    First = false;
    if (Value.is_array() && Value.empty()) {
      std::size_t I = 0;
      for (;; ++I) {
        auto E = Element(Key, I);
        if (!E)
          break;
        OS << (I ? ",\n" : "[\n") << Pad << "  ";
        Write(*E, Depth + 4);
      }
      OS << (I ? "\n" + Pad + "]" : std::string("[]"));
    } else {
      Write(Value, Depth + 2);
    }
  }
  OS << "\n" << std::string(Depth, ' ') << "}";
}

void writeReportJson(std::ostream &OS, const Analysis &A) {
  writeJsonStreaming(OS, reportHead(A),
                     [&](const std::string &Key, std::size_t I) {
                       return reportElement(A, Key, I);
                     });
  OS << "\n";
}

} // namespace headroom
