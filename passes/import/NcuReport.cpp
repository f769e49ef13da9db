//===- NcuReport.cpp - Pages of an Nsight Compute report ------------------===//

#include "import/NcuReport.h"

#include "support/InputFile.h"
#include "support/Paths.h"
#include "support/Process.h"

#include <string_view>
#include <vector>

namespace headroom::ncu {

namespace {

/// The largest page Headroom reads from ncu (a raw page of many thousand
/// launches of 700 columns runs to hundreds of MB).
constexpr std::uint64_t MaxPageBytes = std::uint64_t(1) << 30;

/// \p Text as a regular expression that matches only it: its regular
/// expression operators escaped, nothing else (engines differ on escapes of
/// other characters).
std::string exactly(const std::string &Text) {
  std::string Out = "^";
  for (char C : Text) {
    if (std::string_view("\\^$.|?*+()[]{}").find(C) != std::string_view::npos)
      Out += '\\';
    Out += C;
  }
  return Out + "$";
}

/// The first line of \p Text, trimmed, for a message.
std::string firstLine(const std::string &Text) {
  std::size_t End = Text.find('\n');
  return printable(Text.substr(0, End), 200);
}

} // namespace

bool isNcuReport(const std::string &Path) {
  const std::string Suffix = ".ncu-rep";
  return Path.size() > Suffix.size() &&
         Path.compare(Path.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

Expected<NcuExporter> NcuExporter::find(const std::string &Report) {
  std::string Ncu = findInPath("ncu");
  if (Ncu.empty())
    return Error(Report +
                 ": reading an Nsight Compute report needs ncu (Nsight "
                 "Compute) on PATH; or export its raw page yourself: "
                 "ncu --import " +
                 Report + " --csv --page raw --print-units base > raw.csv");
  if (!isRegularFile(Report))
    return Error(Report + ": cannot open file: no such report");
  return NcuExporter(Ncu, Report);
}

Expected<std::string>
NcuExporter::run(const std::vector<std::string> &Args) const {
  Expected<std::string> Dir = makeTemporaryDirectory("headroom-import-");
  if (!Dir)
    return Dir.error();
  std::string Out = *Dir + "/page.csv", Err = *Dir + "/ncu.log";
  std::vector<std::string> Argv{Ncu, "--import", Report};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  Expected<ProcessExit> Exit = runProcess(Argv, Err, Out);
  Expected<std::string> Text = Error("");
  if (Exit && Exit->Code == 0)
    Text = readInputFile(Out, MaxPageBytes);
  std::string Log;
  if (Expected<std::string> L = readInputFile(Err, MaxTextFileBytes))
    Log = *L;
  removeTree(*Dir);
  if (!Exit)
    return Exit.error().context(Report + ": cannot run " + Ncu);
  if (Exit->Code != 0)
    return Error(Report + ": ncu --import failed (exit status " +
                 std::to_string(Exit->Code) + ")" +
                 (Log.empty() ? "" : ": " + firstLine(Log)));
  if (!Text)
    return Text.error().context(Report + ": ncu's page");
  return Text;
}

Expected<std::string> NcuExporter::rawPage() const {
  return run({"--csv", "--page", "raw", "--print-units", "base"});
}

Expected<std::string> NcuExporter::sourcePage(const std::string &Kernel) const {
  // With the SASS, the page names its function and lists only the lines
  // with code (`cuda` alone prints the whole file and no function).
  return run({"--csv", "--page", "source", "--print-source", "sass,cuda",
              "--kernel-name-base", "demangled", "--kernel-name",
              "regex:" + exactly(Kernel), "--launch-count", "1"});
}

} // namespace headroom::ncu
