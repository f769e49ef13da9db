//===- FuzzRuntimeEnv.cpp - Fuzzing the runtime's environment variables ---===//
///
/// \file
/// The runtime reads HEADROOM_* variables inside the user's program, where
/// it must never crash: the input gives each variable its value (one line
/// each, in the order of Names), and the profile path pattern is expanded.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "RuntimeConfig.h"

#include <cstring>
#include <map>

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  static const char *const Names[] = {"HEADROOM_MODE",
                                      "HEADROOM_PROFILE",
                                      "HEADROOM_METRICS",
                                      "HEADROOM_SAMPLE",
                                      "HEADROOM_SAMPLE_SCOPE",
                                      "HEADROOM_SAMPLE_SKIP",
                                      "HEADROOM_CORRELATION",
                                      "HEADROOM_FLUSH_S",
                                      "HEADROOM_SIGNALS",
                                      "HEADROOM_PROFILER_LIFETIME",
                                      "HEADROOM_CUPTI_LIBRARY",
                                      "HEADROOM_RANK",
                                      "OMPI_COMM_WORLD_RANK",
                                      "PMI_RANK",
                                      "SLURM_PROCID"};
  std::vector<std::string> Values = fuzz::arguments(fuzz::text(Data, Size));
  std::map<std::string, std::string> Env;
  for (std::size_t I = 0; I < Values.size() && I < std::size(Names); ++I)
    if (Values[I] != "-")
      Env[Names[I]] = Values[I];
  rt::RuntimeConfig C = rt::readRuntimeConfig(
      [&](const char *Name) -> const char * {
        auto It = Env.find(Name);
        return It == Env.end() ? nullptr : It->second.c_str();
      },
      4242, "host");
  for (const std::string &E : C.Errors)
    fuzz::checkMessage(Error(E));
  if (!Values.empty())
    rt::expandProfilePath(Values[0], 4242, "host", 3);
  return 0;
}
