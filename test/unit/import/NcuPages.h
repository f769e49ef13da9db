//===- NcuPages.h - Small Nsight Compute pages for the tests ----*- C++ -*-===//
#ifndef HEADROOM_TEST_UNIT_IMPORT_NCUPAGES_H
#define HEADROOM_TEST_UNIT_IMPORT_NCUPAGES_H

#include "import/NcuRawPage.h"

#include <string>
#include <vector>

namespace headroom::ncu::test {

/// One launch of a raw page: its kernel, grid, duration (in the page's
/// unit) and instruction count.
struct Launch {
  std::string Kernel;
  std::string Grid = "(1,024, 1, 1)";
  std::string Duration = "2,000";
  std::string Instructions = "1,000";
};

/// A raw page as ncu exports it: the header, the unit row (\p TimeUnit for
/// the duration, Kbyte for the L2 bytes) and one row per launch, every
/// field quoted.
inline std::string rawPage(const std::vector<Launch> &Launches,
                           const std::string &TimeUnit = "ns") {
  std::vector<std::string> Names{"ID",
                                 "Kernel Name",
                                 "Grid Size",
                                 "Block Size",
                                 "Device",
                                 "CC",
                                 "device__attribute_display_name",
                                 "launch__registers_per_thread",
                                 "launch__shared_mem_per_block_static",
                                 "lts__t_bytes.sum"};
  for (const std::string &M : requiredMetrics())
    Names.push_back(M);
  auto Row = [](const std::vector<std::string> &Fields) {
    std::string Out;
    for (const std::string &F : Fields)
      Out += (Out.empty() ? "\"" : ",\"") + F + "\"";
    return Out + "\n";
  };
  std::string Text = Row(Names);
  std::vector<std::string> Units(Names.size());
  Units[7] = "register/thread";
  Units[8] = "Kbyte/block";
  Units[9] = "Kbyte";
  Units[10] = TimeUnit;
  Text += Row(Units);
  for (std::size_t I = 0; I < Launches.size(); ++I) {
    const Launch &L = Launches[I];
    std::vector<std::string> F{
        std::to_string(I), L.Kernel, L.Grid,  "(256, 1, 1)", "0",       "9.0",
        "NVIDIA H200",     "32",     "8.192", "1.5",         L.Duration};
    for (std::size_t M = 1; M < requiredMetrics().size(); ++M)
      F.push_back(requiredMetrics()[M] == "smsp__inst_executed.sum"
                      ? L.Instructions
                      : "64");
    Text += Row(F);
  }
  return Text;
}

} // namespace headroom::ncu::test

#endif // HEADROOM_TEST_UNIT_IMPORT_NCUPAGES_H
