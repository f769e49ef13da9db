//===- ProcessInfoTest.cpp - Process, device and name helpers -------------===//

#include "ProcessInfo.h"
#include "Demangle.h"
#include "DeviceIdentity.h"

#include <gtest/gtest.h>

#include <map>
#include <unistd.h>

using namespace headroom::rt;

namespace {

TEST(ProcessInfo, RankComesFromTheFirstLauncherVariableSet) {
  std::map<std::string, std::string> Env = {{"SLURM_PROCID", "5"},
                                            {"PMI_RANK", "2"}};
  auto Get = [&](const char *N) -> const char * {
    auto It = Env.find(N);
    return It == Env.end() ? nullptr : It->second.c_str();
  };
  EXPECT_EQ(rankFromEnvironment(Get), 2);
  Env = {{"RANK", "x1"}};
  EXPECT_FALSE(rankFromEnvironment(Get));
  Env.clear();
  EXPECT_FALSE(rankFromEnvironment(Get));
}

TEST(ProcessInfo, CommandJoinsCmdlineArguments) {
  EXPECT_EQ(commandFromCmdline(std::string("./app\0--size\0"
                                           "4096\0",
                                           18)),
            "./app --size 4096");
}

TEST(ProcessInfo, DescribesThisProcess) {
  ProcessInfo P = currentProcess();
  EXPECT_EQ(P.Pid, static_cast<long>(::getpid()));
  EXPECT_FALSE(P.Command.empty());
  EXPECT_GT(P.StartUnixNs, 1600000000ull * 1000000000ull);
}

TEST(DeviceIdentity, FormatsUuidsLikeNvidiaSmi) {
  std::array<unsigned char, 16> B{};
  for (unsigned I = 0; I < 16; ++I)
    B[I] = static_cast<unsigned char>(I * 17);
  EXPECT_EQ(formatGpuUuid(B), "GPU-00112233-4455-6677-8899-aabbccddeeff");
}

TEST(Demangle, DemanglesCxxKernelsAndKeepsOthers) {
  EXPECT_EQ(demangle("_Z5saxpyifPKfPf"),
            "saxpy(int, float, float const*, float*)");
  EXPECT_EQ(demangle("plain_c_kernel"), "plain_c_kernel");
  EXPECT_EQ(demangle("_Znotvalid!"), "_Znotvalid!");
}

} // namespace
