//===- ProfileFixtures.h - Profiles for the analysis tests ------*- C++ -*-===//
#ifndef HEADROOM_TEST_UNIT_REPORT_PROFILEFIXTURES_H
#define HEADROOM_TEST_UNIT_REPORT_PROFILEFIXTURES_H

#include "../schema/ProfileJson.h"

#include "checks/Report.h"
#include "model/DeviceParameters.h"
#include "schema/ProfileReader.h"

#include <nlohmann/json.hpp>

namespace headroom::test {

/// Round numbers, so expected values can be checked by hand: W_ldst =
/// (1000/2)/250 = 2, W_other = (1000/2)/500 = 1. Named like the fixture
/// profile's GPU.
inline DeviceParameters testDevice(const std::string &Name = "Test GPU") {
  DeviceParameters D;
  D.Name = Name;
  D.TSP = 1000;
  D.TDP = 500;
  D.TInt = 500;
  D.TAdd = 500;
  D.TLdSt = 250;
  D.BMem = 100;
  D.Origin.Source = "unit test";
  return D;
}

inline DeviceEntry testEntry(DeviceParameters D = testDevice()) {
  DeviceEntry E;
  E.Device = std::move(D);
  E.Path = "test.json";
  return E;
}

/// The demangled names of libraryCallProfile's library kernels.
inline const char *OnesweepKernel =
    "void cub::CUB_300001_SM_900::detail::radix_sort::"
    "DeviceRadixSortOnesweepKernel<cub::CUB_300001_SM_900::detail::radix::"
    "policy_hub<unsigned int, cub::CUB_300001_SM_900::NullType, unsigned "
    "int>::Policy900, false, unsigned int>(int*, int*, unsigned int*)";
inline const char *HistogramKernel =
    "void cub::CUB_300001_SM_900::detail::radix_sort::"
    "DeviceRadixSortHistogramKernel<cub::CUB_300001_SM_900::detail::radix::"
    "policy_hub<unsigned int, cub::CUB_300001_SM_900::NullType, unsigned "
    "int>::Policy900, false, unsigned int>(unsigned int*)";
inline const char *GemvKernel =
    "void gemv2T_kernel_val<int, int, float, float, float, float, 128, 16, "
    "4, 4, false, false>(float const*, float*)";

/// A profile of library calls: the user's kernel `user` at a site;
/// thrust::sort called at app.cu:60 (scopes 0 and 3, registered twice) and
/// at app.cu:70 (scope 1), running CUB's onesweep kernel (with counters)
/// and, at line 60, its histogram kernel (without); and gemv launched
/// outside instrumented code.
inline nlohmann::json libraryCallProfile() {
  using nlohmann::json;
  nlohmann::json P = twoKernelProfile();
  P["sites"] = json::array({P["sites"][0]});
  P["sites"][0]["kernel"] = "user";
  P["scopes"] = json::array({{{"id", 0},
                              {"file", "app.cu"},
                              {"line", 60},
                              {"column", 5},
                              {"name", "thrust::sort"}},
                             {{"id", 1},
                              {"file", "app.cu"},
                              {"line", 70},
                              {"column", 5},
                              {"name", "thrust::sort"}},
                             {{"id", 3},
                              {"file", "app.cu"},
                              {"line", 60},
                              {"column", 5},
                              {"name", "thrust::sort"}}});
  auto Entry = [&](json Site, json Scope, const char *Name, int Launches,
                   double Ns, bool Counters) {
    json K = {{"site", Site},
              {"scope", Scope},
              {"name", "_Z1kv"},
              {"demangled", Name},
              {"device", 0},
              {"grid", {4096, 1, 1}},
              {"block", {256, 1, 1}},
              {"launches", Launches},
              {"total_ns", Ns},
              {"min_ns", Ns / Launches},
              {"max_ns", Ns / Launches}};
    if (Counters)
      K["counters"] = streamingCounters();
    return K;
  };
  P["kernels"] =
      json::array({Entry(0, nullptr, "user(float*)", 10, 1.0e6, true),
                   Entry(nullptr, 0, OnesweepKernel, 30, 3.0e6, true),
                   Entry(nullptr, 3, OnesweepKernel, 5, 0.5e6, true),
                   Entry(nullptr, 0, HistogramKernel, 30, 0.5e6, false),
                   Entry(nullptr, 1, OnesweepKernel, 10, 1.0e6, true),
                   Entry(nullptr, nullptr, GemvKernel, 4, 0.25e6, false)});
  return P;
}

/// Reads \p J as a profile and analyzes it on \p D (no source check unless
/// \p Options says so).
inline std::unique_ptr<Analysis>
analyzeJson(const nlohmann::json &J, DeviceEntry D = testEntry(),
            AnalysisOptions Options = {.SourceRoot = ""}) {
  auto P = readProfileFile(writeTemp("analysis.json", J.dump()));
  if (!P)
    throw std::runtime_error(P.error().message());
  return report(std::move(*P), std::move(D), Options);
}

} // namespace headroom::test

#endif // HEADROOM_TEST_UNIT_REPORT_PROFILEFIXTURES_H
