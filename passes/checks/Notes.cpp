//===- Notes.cpp - Building diagnostics the checks share ------------------===//

#include "checks/Notes.h"

#include "checks/Message.h"
#include "support/Paths.h"

namespace headroom {

Diagnostic note(std::optional<SourceLocation> Loc, std::string Message,
                std::string_view Check) {
  Diagnostic N;
  N.Level = DiagnosticLevel::Note;
  N.Location = std::move(Loc);
  N.Message = std::move(Message);
  N.Check = std::string(Check);
  return N;
}

Diagnostic finding(DiagnosticLevel Level, std::string_view Check,
                   const KernelReport *K, std::string Message) {
  Diagnostic D;
  D.Level = Level;
  D.Check = std::string(Check);
  if (K) {
    D.Location = K->where();
    D.Kernel = K->Kernel;
  }
  D.Message = std::move(Message);
  return D;
}

void addBusiestSiteNote(const KernelReport &K, Diagnostic &D) {
  if (K.Sites.empty() || !K.Sites.front().Site ||
      !K.Sites.front().Site->hasLaunch())
    return;
  const SiteUsage &U = K.Sites.front();
  D.Notes.push_back(
      note(U.Site->Launch,
           message(Msg::NoteLaunchedHereBrief,
                   {Arg::counted(double(U.Launches), "time", "times"),
                    Arg::time(U.TotalNs / 1e6)})));
}

std::string deviceFileLabel(const DeviceEntry &E, const std::string &Root) {
  switch (E.Source) {
  case DeviceSource::Shipped:
    return "shipped " + fileName(E.Path);
  case DeviceSource::User:
    return "user " + fileName(E.Path);
  case DeviceSource::File:
  case DeviceSource::Spec:
    break;
  }
  std::string Abs = absolutePath(E.Path);
  std::string Base = absolutePath(Root);
  if (Base == "/")
    return Abs;
  if (Abs.size() > Base.size() + 1 && Abs.compare(0, Base.size(), Base) == 0 &&
      Abs[Base.size()] == '/')
    return Abs.substr(Base.size() + 1);
  return E.Path;
}

} // namespace headroom
