//===- ProcessTest.cpp - Whole processes linked with libheadroom_rt -------===//
//
// Runs SmokeApp (linked with the real libheadroom_rt) under several
// environments. On a machine without a GPU (CI) this is the degraded path of
// a real process: no driver or no device, so a sites-only profile and one
// warning line. On a GPU machine the same checks hold except that the
// warning may be absent.
//
//===----------------------------------------------------------------------===//

#include "TempDir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace headroom::rt::test;
using nlohmann::json;

namespace {

struct RunResult {
  int Status = -1;
  std::string Out;
  std::vector<std::string> ErrLines;
};

RunResult runSmoke(const TempDir &Dir, const std::string &Env) {
  std::string Cmd = "cd '" + Dir.path().string() + "' && env " + Env + " '" +
                    HEADROOM_SMOKE_APP + "' >stdout.txt 2>stderr.txt";
  int Raw = std::system(Cmd.c_str());
  RunResult R;
  R.Status = WIFEXITED(Raw) ? WEXITSTATUS(Raw) : -1;
  R.Out = readFile(Dir.file("stdout.txt"));
  std::istringstream Err(readFile(Dir.file("stderr.txt")));
  for (std::string Line; std::getline(Err, Line);)
    R.ErrLines.push_back(Line);
  std::filesystem::remove(Dir.file("stdout.txt"));
  std::filesystem::remove(Dir.file("stderr.txt"));
  return R;
}

TEST(Process, RuntimeKeepsOutputAndExitStatus) {
  TempDir Dir;
  RunResult Off = runSmoke(Dir, "HEADROOM_MODE=off");
  EXPECT_EQ(Off.Status, 3);
  EXPECT_EQ(Off.Out, "sum=10 registered=0\n");
  EXPECT_TRUE(Off.ErrLines.empty());
  EXPECT_TRUE(Dir.entries().empty()) << "mode off writes no profile";

  RunResult On = runSmoke(Dir, "HEADROOM_MODE=counters");
  EXPECT_EQ(On.Status, 3);
  EXPECT_EQ(On.Out, Off.Out);
  ASSERT_LE(On.ErrLines.size(), 1u);
  if (!On.ErrLines.empty())
    EXPECT_EQ(On.ErrLines[0].rfind("headroom: ", 0), 0u) << On.ErrLines[0];

  json P = json::parse(readFile(Dir.file("headroom-profile.json")));
  EXPECT_EQ(P["schema"], "headroom.profile/1");
  ASSERT_EQ(P["sites"].size(), 2u);
  EXPECT_EQ(P["sites"][1]["kernel"], "second");
  EXPECT_EQ(P["sites"][1]["line"], 31);
  EXPECT_TRUE(P["kernels"].empty());
  EXPECT_EQ(P["collection"]["warnings"].size(), On.ErrLines.size());
  EXPECT_EQ(Dir.entries().size(), 1u) << "no temporary file is left";
}

TEST(Process, MissingCuptiGivesASitesOnlyProfileAndOneWarning) {
  TempDir Dir;
  RunResult R =
      runSmoke(Dir, "HEADROOM_CUPTI_LIBRARY=/nonexistent/libcupti.so.13 "
                    "HEADROOM_PROFILE=" +
                        Dir.file("p-%p.json"));
  EXPECT_EQ(R.Status, 3);
  EXPECT_EQ(R.Out, "sum=10 registered=0\n");
  ASSERT_EQ(R.ErrLines.size(), 1u);
  EXPECT_EQ(R.ErrLines[0].rfind("headroom: kernel timing unavailable", 0), 0u)
      << R.ErrLines[0];
  // Where a driver exists the missing piece is CUPTI itself.
  if (R.ErrLines[0].find("libcuda") == std::string::npos)
    EXPECT_NE(R.ErrLines[0].find("/nonexistent/libcupti.so.13"),
              std::string::npos)
        << R.ErrLines[0];

  ASSERT_EQ(Dir.entries().size(), 1u);
  std::string Name = Dir.entries()[0];
  EXPECT_EQ(Name.rfind("p-", 0), 0u);
  json P = json::parse(readFile(Dir.file(Name)));
  EXPECT_EQ(Name,
            "p-" + std::to_string(P["process"]["pid"].get<long>()) + ".json");
  EXPECT_EQ(P["collection"]["mode"], "sites");
  EXPECT_EQ(P["collection"]["warnings"].size(), 1u);
  EXPECT_EQ(P["sites"].size(), 2u);
}

TEST(Process, UnknownModeIsReportedOnceAndIgnored) {
  TempDir Dir;
  RunResult R = runSmoke(Dir, "HEADROOM_MODE=fast");
  EXPECT_EQ(R.Status, 3);
  ASSERT_EQ(R.ErrLines.size(), 1u);
  EXPECT_NE(R.ErrLines[0].find("HEADROOM_MODE='fast'"), std::string::npos);
  json P = json::parse(readFile(Dir.file("headroom-profile.json")));
  EXPECT_EQ(P["collection"]["requested_mode"], "counters");
}

TEST(Process, UnwritableProfileDoesNotChangeTheExitStatus) {
  TempDir Dir;
  RunResult R = runSmoke(Dir, "HEADROOM_MODE=time "
                              "HEADROOM_PROFILE=/nonexistent-dir/p.json");
  EXPECT_EQ(R.Status, 3);
  EXPECT_EQ(R.Out, "sum=10 registered=0\n");
  EXPECT_LE(R.ErrLines.size(), 1u);
}

TEST(Process, TheBuildsProfileGoesWhereTheBuildPutItUnlessAVariableSays) {
  TempDir Dir, Build;
  std::string Chosen = "SMOKE_DEFAULT_PROFILE=" + Build.file("p.json");
  RunResult R = runSmoke(Dir, "HEADROOM_MODE=time " + Chosen);
  EXPECT_EQ(R.Status, 3);
  EXPECT_EQ(R.Out, "sum=10 registered=0\n");
  EXPECT_EQ(Build.entries(), std::vector<std::string>{"p.json"});
  EXPECT_TRUE(Dir.entries().empty());

  TempDir Out;
  runSmoke(Dir, "HEADROOM_MODE=time HEADROOM_PROFILE_DIR=" +
                    Out.path().string() + " " + Chosen);
  EXPECT_EQ(Out.entries(), std::vector<std::string>{"headroom-profile.json"});
  runSmoke(Dir,
           "HEADROOM_MODE=time HEADROOM_PROFILE_DIR=" + Out.path().string() +
               " HEADROOM_PROFILE=mine.json " + Chosen);
  EXPECT_EQ(Dir.entries(), std::vector<std::string>{"mine.json"});
}

TEST(Process, AnUnwritableBuildDirectoryFallsBackToTheWorkingDirectory) {
  TempDir Dir;
  RunResult R = runSmoke(
      Dir, "HEADROOM_MODE=time "
           "SMOKE_DEFAULT_PROFILE=/nonexistent-dir/headroom-profile.json");
  EXPECT_EQ(R.Status, 3);
  EXPECT_EQ(R.Out, "sum=10 registered=0\n");
  ASSERT_LE(R.ErrLines.size(), 1u);
  json P = json::parse(readFile(Dir.file("headroom-profile.json")));
  ASSERT_FALSE(P["collection"]["warnings"].empty());
  std::string Said = P["collection"]["warnings"].back();
  EXPECT_NE(Said.find("/nonexistent-dir/headroom-profile.json"),
            std::string::npos)
      << Said;
  EXPECT_NE(Said.find("writing headroom-profile.json instead"),
            std::string::npos)
      << Said;
  if (!R.ErrLines.empty() && P["collection"]["warnings"].size() == 1)
    EXPECT_EQ(R.ErrLines[0], "headroom: " + Said);
}

/// Starts SmokeApp "wait" with \p Env (NAME=VALUE items) in \p Dir, waits
/// until it is ready (and \p AfterReady more), sends \p Signal; returns
/// the wait status.
int killSmoke(
    const TempDir &Dir, std::vector<std::string> Env, int Signal,
    std::chrono::milliseconds AfterReady = std::chrono::milliseconds(0)) {
  std::string Ready = Dir.file("ready");
  Env.push_back("SMOKE_READY=" + Ready);
  std::fflush(nullptr);
  pid_t Pid = ::fork();
  if (Pid == 0) {
    if (::chdir(Dir.path().c_str()) != 0)
      ::_exit(120);
    for (const std::string &E : Env)
      ::putenv(const_cast<char *>(E.c_str()));
    std::freopen("stdout.txt", "w", stdout);
    std::freopen("stderr.txt", "w", stderr);
    ::execl(HEADROOM_SMOKE_APP, HEADROOM_SMOKE_APP, "wait",
            static_cast<char *>(nullptr));
    ::_exit(121);
  }
  for (int I = 0; I < 200 && ::access(Ready.c_str(), F_OK) != 0; ++I)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::this_thread::sleep_for(AfterReady);
  ::kill(Pid, Signal);
  int Status = 0;
  ::waitpid(Pid, &Status, 0);
  std::filesystem::remove(Ready);
  return Status;
}

TEST(Process, SigtermWritesTheProfileAndEndsTheProcessAsBefore) {
  TempDir Dir;
  int Status = killSmoke(Dir, {"HEADROOM_FLUSH_S=0"}, SIGTERM);
  ASSERT_TRUE(WIFSIGNALED(Status));
  EXPECT_EQ(WTERMSIG(Status), SIGTERM);
  EXPECT_EQ(readFile(Dir.file("stdout.txt")), "sum=10 registered=0\n");
  json P = json::parse(readFile(Dir.file("headroom-profile.json")));
  EXPECT_EQ(P["collection"]["trigger"], "SIGTERM");
  EXPECT_EQ(P["sites"].size(), 2u);
  ASSERT_EQ(P["scopes"].size(), 1u);
  EXPECT_EQ(P["scopes"][0]["name"], "library_call");
}

TEST(Process, SignalsOffLeavesTheProgramsDispositionAlone) {
  TempDir Dir;
  int Status =
      killSmoke(Dir, {"HEADROOM_FLUSH_S=0", "HEADROOM_SIGNALS=off"}, SIGTERM);
  ASSERT_TRUE(WIFSIGNALED(Status));
  EXPECT_EQ(WTERMSIG(Status), SIGTERM);
  EXPECT_FALSE(std::filesystem::exists(Dir.file("headroom-profile.json")));
}

TEST(Process, PeriodicWritesSurviveSigkill) {
  TempDir Dir;
  int Status = killSmoke(Dir, {"HEADROOM_FLUSH_S=0.1"}, SIGKILL,
                         std::chrono::milliseconds(500));
  ASSERT_TRUE(WIFSIGNALED(Status));
  EXPECT_EQ(WTERMSIG(Status), SIGKILL);
  json P = json::parse(readFile(Dir.file("headroom-profile.json")));
  EXPECT_EQ(P["collection"]["trigger"], "periodic");
  EXPECT_EQ(P["collection"]["flush_interval_s"], 0.1);
  EXPECT_EQ(P["sites"].size(), 2u);
  // The kill may land inside a write (its fsync takes long on a busy
  // machine): that one write's temporary file may stay, never more.
  int Temporaries = 0;
  for (const std::string &Name : Dir.entries())
    Temporaries += Name.find(".tmp.") != std::string::npos;
  EXPECT_LE(Temporaries, 1);
}

TEST(Process, RankAndHostNameTheProfile) {
  TempDir Dir;
  RunResult R = runSmoke(Dir, "HEADROOM_PROFILE=p-%r-%h-%p.json "
                              "OMPI_COMM_WORLD_RANK=5 SLURM_PROCID=9");
  EXPECT_EQ(R.Status, 3);
  ASSERT_EQ(Dir.entries().size(), 1u);
  std::string Name = Dir.entries()[0];
  json P = json::parse(readFile(Dir.file(Name)));
  EXPECT_EQ(P["process"]["rank"], 5);
  EXPECT_EQ(Name, "p-5-" + P["process"]["host"].get<std::string>() + "-" +
                      std::to_string(P["process"]["pid"].get<long>()) +
                      ".json");
}

} // namespace
