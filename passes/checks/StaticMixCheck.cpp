//===- StaticMixCheck.cpp - headroom-static-mix ---------------------------===//

#include "checks/StaticMixCheck.h"

#include "checks/CheckRegistry.h"
#include "checks/Message.h"
#include "checks/Notes.h"
#include "model/UnitRates.h"
#include "support/Format.h"

#include <algorithm>
#include <cstdio>

namespace headroom {

namespace {

using namespace sass;

Msg peak(KernelType T) {
  switch (T) {
  case KernelType::Fp32:
    return Msg::PeakFp32;
  case KernelType::Fp64:
    return Msg::PeakFp64;
  case KernelType::Int:
    return Msg::PeakInt;
  }
  return Msg::PeakFp32;
}

/// "fma 40%, lsu 35%, alu 25%": each pipe's share, largest first.
std::string pipeShares(const KernelMix &M) {
  std::vector<std::pair<double, Pipe>> Shares;
  for (const auto &[P, Count] : M.Counts.Pipes)
    if (Count > 0)
      Shares.emplace_back(M.pipeShare(P), P);
  std::sort(Shares.rbegin(), Shares.rend());
  std::string Out;
  for (const auto &[Share, P] : Shares)
    Out += (Out.empty() ? "" : ", ") +
           message(Msg::Timed, {Arg::text(pipeName(P)), Arg::percent(Share)});
  return Out;
}

std::string resourcesText(const KernelResources &R, const std::string &Arch) {
  std::optional<OccupancyLimit> L = occupancyLimit(R, Arch);
  std::string Out =
      L ? message(Msg::NoteRegistersLimit,
                  {Arg::count(R.Registers), Arg::count(L->WarpsByRegisters),
                   Arg::count(OccupancyLimit::MaxWarps)})
        : message(Msg::NoteRegisters, {Arg::count(R.Registers)});
  if (R.SharedBytes > 0)
    Out = L && L->BlocksBySharedMemory
              ? message(Msg::ResourcesSharedLimit,
                        {Arg::text(Out), Arg::count(R.SharedBytes),
                         Arg::count(*L->BlocksBySharedMemory)})
              : message(Msg::ResourcesShared,
                        {Arg::text(Out), Arg::count(R.SharedBytes)});
  if (R.LocalBytes > 0)
    Out = message(Msg::ResourcesLocal,
                  {Arg::text(Out), Arg::count(R.LocalBytes)});
  return Out;
}

/// The note on fp32 atomic adds to one word at SASS offsets \p At, with the
/// rate the device measured for them where its file has it.
std::string oneWordAtomicsText(const std::vector<std::uint64_t> &At,
                               const DeviceParameters &Device,
                               const std::string &DeviceName) {
  std::string Where;
  for (std::uint64_t Offset : At) {
    char Buf[24];
    std::snprintf(Buf, sizeof Buf, "%s0x%04llx", Where.empty() ? "" : ", ",
                  static_cast<unsigned long long>(Offset));
    Where += Buf;
  }
  std::string Rate;
  if (const Measurement *M =
          findMeasurement(Device, "atomic_same_address_red_f32", "M atomics/s"))
    Rate = message(Msg::OneWordRate,
                   {Arg::count(M->Value), Arg::text(DeviceName)});
  return message(Msg::NoteOneWordAtomics,
                 {Arg::counted(double(At.size()), "fp32 atomic add instruction",
                               "fp32 atomic add instructions"),
                  Arg::text(Where), Arg::text(At.size() == 1 ? "its" : "their"),
                  Arg::text(Rate)});
}

/// The note of a kernel whose loops keep fewer than two global loads in
/// flight: each round waits a whole load-to-use latency.
std::string loadRoundsText(const LoadRounds &R, const DeviceParameters &Device,
                           const std::string &DeviceName) {
  std::string Latencies;
  const Measurement *L2 = findMeasurement(Device, "load_latency_l2", "ns");
  const Measurement *Far = findMeasurement(Device, "load_latency_dram", "ns");
  if (L2 && Far)
    Latencies = message(
        Msg::LoadLatencies,
        {Arg::count(L2->Value), Arg::count(Far->Value), Arg::text(DeviceName)});
  double PerRound = R.loadsPerRound();
  return message(Msg::NoteFewLoadsInFlight,
                 {Arg::text(formatFixed(PerRound, 1) +
                            (PerRound == 1 ? " global load" : " global loads")),
                  Arg::count(R.Loads), Arg::count(R.Rounds),
                  Arg::text(Latencies)});
}

} // namespace

namespace {

constexpr Threshold Thresholds[] = {
    {"FewLoadsPerRound", FewLoadsPerRound, ThresholdUnit::Count}};

constexpr CheckInfo Info{
    checks::StaticMix, DiagnosticLevel::Note,
    "Before any run: the share of the device's peak a kernel's compiled "
    "instruction mix allows, and what takes its issue slots (registers, "
    "shared memory, one-word atomics and global loads in flight too).",
    "Cut the instructions that are not the kernel's operations: wider "
    "loads and stores, unrolled loops, fewer conversions and address "
    "computations; see each note's own advice.",
    Thresholds};

} // namespace

StaticMixCheck::StaticMixCheck() : Check(Info) {}

const StaticMixCheck &checkStaticMix() {
  static const StaticMixCheck Instance;
  return Instance;
}

Diagnostic StaticMixCheck::diagnostic(const StaticKernel &K,
                                      const DeviceParameters &Device,
                                      const std::string &DeviceName) const {
  const KernelMix &M = K.Mix;
  StaticCap C = staticCap(M, Device);
  Arg Kernel = Arg::kernel(K.Display);
  Arg Share = Arg::percent(C.ShareOfPeak);
  Arg Peak = Arg::text(message(peak(M.type())));
  Diagnostic D = finding(
      DiagnosticLevel::Note, name(), nullptr,
      message(Msg::StaticMixCap, {Kernel, Share, Peak, Arg::text(DeviceName)}));
  D.Location = K.Definition;
  D.Kernel = K.Display;
  if (C.Limiter != StaticCap::LimitedBy::Operations)
    D.Notes.push_back(note(
        K.Definition,
        message(Msg::NoteStaticLimiter,
                {Arg::text(message(C.Limiter == StaticCap::LimitedBy::LoadStore
                                       ? Msg::LimitedByLoadStore
                                       : Msg::LimitedByOther)),
                 Arg::percent(C.LimiterShare),
                 Arg::text(message(M.LoopDepth > 0 ? Msg::OfInstructionsWeighted
                                                   : Msg::OfInstructions))})));
  if (C.EMix < 0.99 && M.type() != KernelType::Int)
    D.Notes.push_back(note(K.Definition, message(Msg::NoteStaticFmas,
                                                 {Arg::percent(2 * C.EMix - 1),
                                                  Arg::percent(C.EMix)})));
  D.Notes.push_back(
      note(K.Definition,
           message(Msg::NoteStaticMix,
                   {Arg::quoted(K.Signature.empty() ? K.Display : K.Signature),
                    Arg::text(M.Arch), Arg::count(M.Instructions),
                    Arg::text(M.LoopDepth ? message(Msg::LoopsNested,
                                                    {Arg::count(M.LoopDepth)})
                                          : message(Msg::LoopsNone)),
                    Arg::text(kernelTypeName(M.type())), Arg::percent(M.dOps()),
                    Arg::percent(M.dLdSt()), Arg::percent(M.dOther()),
                    Arg::percent(C.EMix), Arg::percent(C.EInstr),
                    Arg::text(pipeShares(M))})));
  if (K.Resources)
    D.Notes.push_back(note(K.Definition, resourcesText(*K.Resources, M.Arch)));
  if (!K.OneWordFp32Atomics.empty())
    D.Notes.push_back(
        note(K.Definition,
             oneWordAtomicsText(K.OneWordFp32Atomics, Device, DeviceName)));
  if (K.GlobalLoadRounds.InLoops && K.GlobalLoadRounds.Rounds > 0 &&
      K.GlobalLoadRounds.loadsPerRound() < FewLoadsPerRound)
    D.Notes.push_back(note(
        K.Definition, loadRoundsText(K.GlobalLoadRounds, Device, DeviceName)));
  return D;
}

} // namespace headroom
