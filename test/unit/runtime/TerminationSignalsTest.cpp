//===- TerminationSignalsTest.cpp -----------------------------------------===//
//
// Each case forks a child that installs the handlers with a ProfileFlusher
// whose "write" appends a line to a file, then raises a signal; the parent
// checks how the child ended and what was written.
//
//===----------------------------------------------------------------------===//

#include "TerminationSignals.h"
#include "ProfileFlusher.h"

#include "TempDir.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <functional>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace headroom::rt;
using headroom::rt::test::readFile;
using headroom::rt::test::TempDir;

namespace {

/// Runs \p Body in a child with the handlers installed; returns its wait
/// status. The flusher appends "<signal> <terminal>" to \p Log per write.
int inChild(const std::string &Log, const std::function<void()> &Before,
            const std::function<void()> &Body) {
  std::fflush(nullptr);
  pid_t Pid = ::fork();
  if (Pid == 0) {
    Before();
    auto *F = new ProfileFlusher(0, [Log](const ProfileFlusher::Request &R) {
      if (FILE *Out = std::fopen(Log.c_str(), "a")) {
        std::fprintf(Out, "%s %s\n",
                     TerminationSignals::signalName(R.Signal).c_str(),
                     R.Terminal ? "terminal" : "continues");
        std::fclose(Out);
      }
    });
    TerminationSignals::install(F, static_cast<long>(::getpid()), 5000);
    Body();
    ::_exit(0);
  }
  int Status = 0;
  ::waitpid(Pid, &Status, 0);
  return Status;
}

void nothing() {}

TEST(TerminationSignals, WritesThenDiesOfTheSameSignal) {
  for (int Sig : {SIGTERM, SIGINT}) {
    TempDir Dir;
    std::string Log = Dir.file("log");
    int Status = inChild(Log, nothing, [Sig] { ::raise(Sig); });
    ASSERT_TRUE(WIFSIGNALED(Status)) << Sig;
    EXPECT_EQ(WTERMSIG(Status), Sig);
    EXPECT_EQ(readFile(Log),
              TerminationSignals::signalName(Sig) + " terminal\n");
  }
}

TEST(TerminationSignals, AbortStillAborts) {
  TempDir Dir;
  std::string Log = Dir.file("log");
  int Status = inChild(Log, nothing, [] { std::abort(); });
  ASSERT_TRUE(WIFSIGNALED(Status));
  EXPECT_EQ(WTERMSIG(Status), SIGABRT);
  EXPECT_EQ(readFile(Log), "SIGABRT terminal\n");
}

TEST(TerminationSignals, ACrashStillCrashes) {
  TempDir Dir;
  std::string Log = Dir.file("log");
  int Status = inChild(Log, nothing, [] { ::raise(SIGSEGV); });
  ASSERT_TRUE(WIFSIGNALED(Status));
  EXPECT_EQ(WTERMSIG(Status), SIGSEGV);
  EXPECT_EQ(readFile(Log), "SIGSEGV terminal\n");
}

volatile std::sig_atomic_t Flag = 0;
void setFlag(int) { Flag = 1; }
void exitNine(int) { ::_exit(9); }

TEST(TerminationSignals, ChainsToTheProgramsHandler) {
  TempDir Dir;
  std::string Log = Dir.file("log");
  // The program's handler ends the process its own way.
  int Status = inChild(
      Log, [] { std::signal(SIGTERM, exitNine); }, [] { ::raise(SIGTERM); });
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 9);
  EXPECT_EQ(readFile(Log), "SIGTERM continues\n");
  // A handler that lets the program go on: the program goes on.
  std::string Log2 = Dir.file("log2");
  Status = inChild(
      Log2, [] { std::signal(SIGINT, setFlag); },
      [] {
        ::raise(SIGINT);
        ::_exit(Flag ? 4 : 5);
      });
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 4);
  EXPECT_EQ(readFile(Log2), "SIGINT continues\n");
}

TEST(TerminationSignals, AHandlerInstalledLaterIsChainedAtReinstall) {
  TempDir Dir;
  std::string Log = Dir.file("log");
  int Status = inChild(Log, nothing, [] {
    std::signal(SIGTERM, exitNine); // main() replaces ours...
    TerminationSignals::install(nullptr, static_cast<long>(::getpid()),
                                5000); // ...and the first launch chains it.
    ::raise(SIGTERM);
  });
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 9);
}

TEST(TerminationSignals, AnIgnoredSignalStaysIgnored) {
  TempDir Dir;
  std::string Log = Dir.file("log");
  int Status = inChild(
      Log, [] { std::signal(SIGTERM, SIG_IGN); },
      [] {
        ::raise(SIGTERM);
        ::_exit(6);
      });
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 6);
  EXPECT_EQ(readFile(Log), "");
}

TEST(TerminationSignals, AProgramsOwnCrashHandlerIsLeftAlone) {
  TempDir Dir;
  std::string Log = Dir.file("log");
  int Status = inChild(
      Log, [] { std::signal(SIGSEGV, exitNine); }, [] { ::raise(SIGSEGV); });
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 9);
  EXPECT_EQ(readFile(Log), "") << "no write for a handled SIGSEGV";
}

TEST(TerminationSignals, ASignalInsideTheRuntimeWaitsForItsCriticalSection) {
  TempDir Dir;
  std::string Log = Dir.file("log");
  std::string Marker = Dir.file("marker");
  int Status = inChild(Log, nothing, [Marker] {
    {
      TerminationSignals::Deferral D;
      ::raise(SIGTERM); // Deferred: this thread may hold the runtime's lock.
      if (FILE *F = std::fopen(Marker.c_str(), "w"))
        std::fclose(F);
    } // Delivered here.
    ::_exit(0);
  });
  ASSERT_TRUE(WIFSIGNALED(Status));
  EXPECT_EQ(WTERMSIG(Status), SIGTERM);
  EXPECT_FALSE(readFile(Log).empty());
  EXPECT_EQ(::access(Marker.c_str(), F_OK), 0)
      << "the critical section finished first";
}

TEST(TerminationSignals, AForkedChildDoesNotWrite) {
  TempDir Dir;
  std::string Log = Dir.file("log");
  int Status = inChild(Log, nothing, [] {
    pid_t Child = ::fork();
    if (Child == 0) {
      ::raise(SIGTERM);
      ::_exit(0);
    }
    int S = 0;
    ::waitpid(Child, &S, 0);
    ::_exit(WIFSIGNALED(S) && WTERMSIG(S) == SIGTERM ? 0 : 1);
  });
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 0) << "the grandchild died of SIGTERM";
  EXPECT_EQ(readFile(Log), "");
}

} // namespace
