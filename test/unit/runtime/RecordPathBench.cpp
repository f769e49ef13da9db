//===- RecordPathBench.cpp - The runtime's own cost per launch and record -===//
///
/// \file
/// Times what libheadroom_rt itself does for each launch (the site bracket,
/// the launch callbacks, the association) and for each kernel record (the
/// join, the aggregation), over the fake hardware, so that CUPTI's share is
/// left out. The first round runs cold, as in a fresh process: the launches
/// of an app arrive before CUPTI hands over the first buffer of records.
/// Not a test: run it by hand (docs/perf/runtime.md).
///
/// With `inspect`, every launch comes with the three allocations its
/// arguments point into, as the tracer gives them for the first 64 launches
/// of each kernel function (TracerOptions::InspectArguments): the pairing
/// of consecutive launches (LaunchSequence) at its busiest.
///
/// usage: headroom_rt_record_bench [LAUNCHES] [ROUNDS] [inspect]
///
//===----------------------------------------------------------------------===//

#include "FakeHardware.h"
#include "TempDir.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>

using namespace headroom::rt;
using namespace headroom::rt::test;

namespace {

const headroom_site_info Site = {"/src/app.cu", 40, 5, "work",
                                 "/src/app.cu", 10, 17};

double usSince(std::chrono::steady_clock::time_point T0) {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now() - T0)
      .count();
}

} // namespace

int main(int argc, char **argv) {
  int Launches = argc > 1 ? std::atoi(argv[1]) : 10000;
  int Rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  bool Inspect = argc > 3 && std::string_view(argv[3]) == "inspect";
  if (Launches <= 0 || Rounds <= 0 || (argc > 3 && !Inspect)) {
    std::fprintf(stderr, "usage: %s [LAUNCHES>0] [ROUNDS>0] [inspect]\n",
                 argv[0]);
    return 2;
  }
  TempDir Dir;
  RuntimeConfig Config;
  Config.RequestedMode = Mode::Time;
  Config.ProfilePath = Dir.file("profile.json");
  auto Trace = std::make_unique<FakeTracer>();
  FakeTracer &T = *Trace;
  RuntimeEnvironment Env;
  Env.Process.Command = "bench";
  Env.Version = "bench";
  Env.Emit = [](std::string_view) {};
  Runtime R(std::move(Config), std::move(Trace), nullptr, std::move(Env));
  R.registerSites(&Site, 1, HEADROOM_RUNTIME_ABI_VERSION);
  LaunchPlayer Player{R, T};
  int Stream = 0;
  Player.Stream = &Stream;
  LaunchAllocations Allocations;
  for (AllocationRange Range : {AllocationRange{0x7f0000000000, 1 << 26},
                                AllocationRange{0x7f0004000000, 1 << 26},
                                AllocationRange{0x7f0008000000, 1 << 26}})
    Allocations.add(Range);
  if (Inspect)
    Player.Allocations = &Allocations;

  std::printf("%d launches per round (one site, one configuration%s)\n",
              Launches, Inspect ? ", every launch inspected" : "");
  std::printf("round  us/launch  us/record\n");
  for (int Round = 0; Round < Rounds; ++Round) {
    auto T0 = std::chrono::steady_clock::now();
    for (int I = 0; I < Launches; ++I)
      Player.launch(&Site, "_Z4workPfPKfS1_i", Dim3{528, 1, 1}, Dim3{128, 1, 1},
                    24000);
    double LaunchUs = usSince(T0);
    T0 = std::chrono::steady_clock::now();
    T.flush(true);
    double RecordUs = usSince(T0);
    std::printf("%5d  %9.3f  %9.3f%s\n", Round, LaunchUs / Launches,
                RecordUs / Launches, Round == 0 ? "  (cold)" : "");
  }
  auto T0 = std::chrono::steady_clock::now();
  bool Written = R.finalize();
  std::printf("finalize (profile written: %s): %.2f ms\n",
              Written ? "yes" : "no", usSince(T0) / 1000);
  return Written ? 0 : 1;
}
