//===- ProfileFlusherTest.cpp ---------------------------------------------===//

#include "ProfileFlusher.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <mutex>
#include <thread>
#include <vector>

using namespace headroom::rt;
using namespace std::chrono_literals;

namespace {

struct Recorder {
  std::mutex M;
  std::vector<ProfileFlusher::Request> Seen;
  void operator()(const ProfileFlusher::Request &R) {
    std::lock_guard<std::mutex> L(M);
    Seen.push_back(R);
  }
  std::size_t count() {
    std::lock_guard<std::mutex> L(M);
    return Seen.size();
  }
};

TEST(ProfileFlusher, WritesPeriodically) {
  Recorder Rec;
  {
    ProfileFlusher F(0.05, [&](const ProfileFlusher::Request &R) { Rec(R); });
    ASSERT_TRUE(F.running());
    std::this_thread::sleep_for(400ms);
  }
  std::size_t N = Rec.count();
  EXPECT_GE(N, 3u);
  EXPECT_LE(N, 9u);
  for (const ProfileFlusher::Request &R : Rec.Seen) {
    EXPECT_EQ(R.Signal, 0);
    EXPECT_FALSE(R.Terminal);
  }
}

TEST(ProfileFlusher, WithoutAnIntervalWritesOnlyWhenAsked) {
  Recorder Rec;
  ProfileFlusher F(0, [&](const ProfileFlusher::Request &R) { Rec(R); });
  std::this_thread::sleep_for(150ms);
  EXPECT_EQ(Rec.count(), 0u);
  EXPECT_TRUE(F.requestFromSignal(SIGTERM, true, 2000));
  ASSERT_EQ(Rec.count(), 1u) << "the request returns after the write";
  EXPECT_EQ(Rec.Seen[0].Signal, SIGTERM);
  EXPECT_TRUE(Rec.Seen[0].Terminal);
  EXPECT_TRUE(F.requestFromSignal(SIGINT, false, 2000));
  ASSERT_EQ(Rec.count(), 2u);
  EXPECT_FALSE(Rec.Seen[1].Terminal);
}

TEST(ProfileFlusher, ASignalWaitsABoundedTime) {
  std::atomic<bool> Release{false};
  ProfileFlusher F(0, [&](const ProfileFlusher::Request &) {
    while (!Release)
      std::this_thread::sleep_for(5ms);
  });
  auto T0 = std::chrono::steady_clock::now();
  EXPECT_FALSE(F.requestFromSignal(SIGTERM, true, 100));
  auto Waited = std::chrono::steady_clock::now() - T0;
  EXPECT_GE(Waited, 90ms);
  EXPECT_LT(Waited, 1000ms);
  Release = true;
  // The late answer to the first request does not count for the next one.
  std::this_thread::sleep_for(50ms);
  EXPECT_TRUE(F.requestFromSignal(SIGTERM, true, 2000));
}

TEST(ProfileFlusher, TheFlusherThreadCannotWaitForItself) {
  std::atomic<int> Answer{-1};
  ProfileFlusher *Self = nullptr;
  ProfileFlusher F(0, [&](const ProfileFlusher::Request &R) {
    if (R.Signal == SIGTERM)
      Answer = Self->requestFromSignal(SIGINT, true, 100) ? 1 : 0;
  });
  Self = &F;
  EXPECT_FALSE(ProfileFlusher::onFlusherThread());
  EXPECT_TRUE(F.requestFromSignal(SIGTERM, false, 2000));
  EXPECT_EQ(Answer, 0);
}

TEST(ProfileFlusher, TheThreadDoesNotTakeProcessSignals) {
  std::atomic<bool> Blocked{false};
  ProfileFlusher F(0, [&](const ProfileFlusher::Request &) {
    sigset_t Mask;
    pthread_sigmask(SIG_BLOCK, nullptr, &Mask);
    Blocked = sigismember(&Mask, SIGTERM) && sigismember(&Mask, SIGINT);
  });
  ASSERT_TRUE(F.requestFromSignal(SIGTERM, false, 2000));
  EXPECT_TRUE(Blocked);
  sigset_t Mine;
  pthread_sigmask(SIG_BLOCK, nullptr, &Mine);
  EXPECT_FALSE(sigismember(&Mine, SIGTERM)) << "the caller's mask is restored";
}

} // namespace
