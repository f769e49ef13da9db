//===- ImportFiles.cpp - headroom import on files -------------------------===//

#include "import/ImportFiles.h"

#include "import/KernelNames.h"
#include "import/NcuReport.h"
#include "schema/CounterCatalog.h"
#include "support/InputFile.h"

#include <set>

namespace headroom::ncu {

namespace {

/// The largest CSV export read from a file (see NcuReport.cpp).
constexpr std::uint64_t MaxCsvBytes = std::uint64_t(1) << 30;

Expected<std::string> readCsv(const std::string &Path) {
  Expected<std::string> Text = readInputFile(Path, MaxCsvBytes);
  if (!Text)
    return Text.error().context(Path);
  return Text;
}

} // namespace

Expected<ImportedProfile> importFiles(const ImportRequest &R) {
  std::optional<NcuExporter> Ncu;
  Expected<std::string> RawText = Error("");
  if (isNcuReport(R.Input)) {
    Expected<NcuExporter> Found = NcuExporter::find(R.Input);
    if (!Found)
      return Found.error();
    Ncu = *Found;
    RawText = Ncu->rawPage();
  } else {
    RawText = readCsv(R.Input);
  }
  if (!RawText)
    return RawText.error();
  Expected<NcuRawPage> Raw = readRawPage(*RawText);
  if (!Raw)
    return Raw.error().context(R.Input);
  std::vector<SourcePageFile> Pages;
  std::set<std::string> Located;
  for (const std::string &Path : R.SourcePages) {
    Expected<std::string> Text = readCsv(Path);
    if (!Text)
      return Text.error();
    Expected<KernelSource> Page = readSourcePage(*Text);
    if (!Page)
      return Page.error().context(Path);
    Located.insert(demanglerSpelling(Page->Function));
    Pages.push_back({Path, std::move(*Page)});
  }
  if (Ncu && R.ExportSourcePages) {
    // Each kernel's first launch's page; a kernel built without -lineinfo
    // or profiled without its source has none, and no location.
    std::set<std::string> Asked;
    for (const NcuLaunch &L : Raw->Launches) {
      if (Located.count(demanglerSpelling(L.Kernel)) ||
          !Asked.insert(L.Kernel).second)
        continue;
      Expected<std::string> Text = Ncu->sourcePage(L.Kernel);
      Expected<KernelSource> Page =
          Text ? readSourcePage(*Text) : Expected<KernelSource>(Text.error());
      if (Page)
        Pages.push_back({R.Input, std::move(*Page)});
    }
  }
  return buildProfile(*Raw, Pages, {R.SourceRoot, R.Input});
}

std::string importedMetrics() {
  std::string Out;
  for (const CounterInfo &Info : counterCatalog())
    // DRAM traffic in bytes would only repeat the sectors.
    if (Info.Id != Counter::DramBytesRead && Info.Id != Counter::DramBytesWrite)
      Out += (Out.empty() ? "" : ",") + std::string(Info.HopperName);
  return Out;
}

} // namespace headroom::ncu
