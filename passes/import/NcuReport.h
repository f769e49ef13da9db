//===- NcuReport.h - Pages of an Nsight Compute report ----------*- C++ -*-===//
///
/// \file
/// An `.ncu-rep` file is Nsight Compute's own format; `ncu --import` turns
/// it into the CSV pages `headroom import` reads. Given a report, the
/// importer runs the `ncu` found on PATH to export its raw page and each
/// kernel's source page, as a user would by hand.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_IMPORT_NCUREPORT_H
#define HEADROOM_IMPORT_NCUREPORT_H

#include "support/Error.h"

#include <string>
#include <vector>

namespace headroom::ncu {

/// Whether \p Path names an Nsight Compute report (it ends in .ncu-rep).
bool isNcuReport(const std::string &Path);

/// Runs `ncu --import` on reports: the `ncu` of PATH.
class NcuExporter {
public:
  /// The exporter of \p Report; fails, saying how to export the pages by
  /// hand, when no `ncu` is on PATH.
  static Expected<NcuExporter> find(const std::string &Report);

  /// The raw page in base units (`--csv --page raw --print-units base`).
  Expected<std::string> rawPage() const;
  /// The source page of the kernel whose signature, as the raw page names
  /// it, is \p Kernel (`--csv --page source --print-source sass,cuda`, its
  /// first launch).
  Expected<std::string> sourcePage(const std::string &Kernel) const;

private:
  NcuExporter(std::string Ncu, std::string Report)
      : Ncu(std::move(Ncu)), Report(std::move(Report)) {}
  /// ncu's standard output for `ncu --import <report> <Args>`.
  Expected<std::string> run(const std::vector<std::string> &Args) const;
  std::string Ncu, Report;
};

} // namespace headroom::ncu

#endif // HEADROOM_IMPORT_NCUREPORT_H
