//===- RuntimeHarness.h - A Runtime over fake hardware ----------*- C++ -*-===//
///
/// \file
/// The Runtime the runtime's unit tests drive: fake tracer, counter sampler
/// and (when asked) stall sampler, a profile in a temporary directory, the
/// warning lines captured and the budget's clock in the test's hands.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TEST_UNIT_RUNTIME_RUNTIMEHARNESS_H
#define HEADROOM_TEST_UNIT_RUNTIME_RUNTIMEHARNESS_H

#include "FakeHardware.h"
#include "Runtime.h"
#include "TempDir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace headroom::rt::test {

/// A Runtime over fakes, writing into a temporary directory, with the
/// warning lines captured.
struct Harness {
  TempDir Dir;
  FakeTracer *Trace;
  FakeSampler *Sampler;
  /// Null unless WithStalls.
  FakeStallSampler *Stalls = nullptr;
  std::vector<std::string> Lines;
  /// The sampling budget's clock.
  std::uint64_t ClockNs = 0;
  std::unique_ptr<Runtime> R;

  explicit Harness(Mode M = Mode::Counters,
                   std::function<void(RuntimeConfig &)> Adjust = nullptr,
                   bool WithSampler = true, bool WithStalls = false) {
    RuntimeConfig C;
    C.RequestedMode = M;
    C.ProfilePath = Dir.file("profile.json");
    // The budget follows the wall clock: tests that need it set it with
    // their own clock (Env.NowNs through Clock).
    C.BudgetPct = std::nullopt;
    if (Adjust)
      Adjust(C);
    auto T = std::make_unique<FakeTracer>();
    Trace = T.get();
    std::unique_ptr<FakeSampler> S;
    if (WithSampler)
      S = std::make_unique<FakeSampler>();
    Sampler = S.get();
    RuntimeEnvironment Env;
    Env.Process.Pid = 1234;
    Env.Process.Command = "./app";
    Env.Version = "test";
    Env.Emit = [this](std::string_view L) { Lines.emplace_back(L); };
    Env.NowNs = [this] { return ClockNs; };
    std::unique_ptr<FakeStallSampler> Stall;
    if (WithStalls)
      Stall = std::make_unique<FakeStallSampler>();
    Stalls = Stall.get();
    R = std::make_unique<Runtime>(std::move(C), std::move(T), std::move(S),
                                  std::move(Env), std::move(Stall));
  }
  LaunchPlayer player() { return LaunchPlayer{*R, *Trace}; }
  nlohmann::json finalizeAndRead() {
    EXPECT_TRUE(R->finalize());
    return nlohmann::json::parse(readFile(Dir.file("profile.json")));
  }
  const nlohmann::json *kernel(const nlohmann::json &P, const std::string &Name,
                               unsigned GridX = 0) {
    for (const nlohmann::json &K : P["kernels"])
      if (K["name"] == Name && (GridX == 0 || K["grid"][0] == GridX))
        return &K;
    return nullptr;
  }
};

} // namespace headroom::rt::test

#endif // HEADROOM_TEST_UNIT_RUNTIME_RUNTIMEHARNESS_H
