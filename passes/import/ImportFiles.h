//===- ImportFiles.h - headroom import on files -----------------*- C++ -*-===//
///
/// \file
/// `headroom import`'s operation on the files it is given: the raw page of
/// an Nsight Compute report (a CSV export, or the report itself through
/// ncu), the kernels' source pages, and where the sources are here; the
/// profile they make (import/ProfileBuilder.h). Every error names the file.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_IMPORT_IMPORTFILES_H
#define HEADROOM_IMPORT_IMPORTFILES_H

#include "import/ProfileBuilder.h"

#include <string>
#include <vector>

namespace headroom::ncu {

struct ImportRequest {
  /// The raw page's CSV export, or an `.ncu-rep` report.
  std::string Input;
  /// Source pages' CSV exports; for a report, the kernels without one get
  /// theirs from ncu.
  std::vector<std::string> SourcePages;
  /// BuildOptions::SourceRoot.
  std::string SourceRoot;
  /// Whether a report's kernels without a source page get theirs from ncu
  /// (`predict --ncu` needs no locations).
  bool ExportSourcePages = true;
};

/// Reads the files of \p R and builds their profile.
Expected<ImportedProfile> importFiles(const ImportRequest &R);

/// The metrics `headroom import` carries into a profile, comma-separated,
/// as `ncu --metrics` takes them: the catalog's (schema/CounterCatalog.h).
std::string importedMetrics();

} // namespace headroom::ncu

#endif // HEADROOM_IMPORT_IMPORTFILES_H
