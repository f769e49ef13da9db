//===- Report.cpp - An analysis with its diagnostics ----------------------===//

#include "checks/Report.h"

#include "checks/Diagnose.h"

namespace headroom {

std::unique_ptr<Analysis> report(ProfileDocument P, DeviceEntry Device,
                                 const AnalysisOptions &Options) {
  std::unique_ptr<Analysis> A =
      analyze(std::move(P), std::move(Device), Options);
  diagnose(*A);
  return A;
}

Expected<std::unique_ptr<Analysis>> loadReport(const ReportRequest &R,
                                               const DeviceRegistry &Registry) {
  Expected<std::unique_ptr<Analysis>> A = loadAnalysis(R, Registry);
  if (A)
    diagnose(**A);
  return A;
}

} // namespace headroom
