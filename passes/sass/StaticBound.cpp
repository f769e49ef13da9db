//===- StaticBound.cpp - The cap a kernel's instruction mix sets ----------===//

#include "sass/StaticBound.h"

#include "analysis/SitesMatchSources.h"
#include "model/UnitRates.h"
#include "support/Format.h"
#include "support/Paths.h"

#include <cxxabi.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <regex>
#include <sstream>
#include <string_view>

namespace headroom::sass {

namespace {

std::string percent(double Fraction) {
  return std::to_string(int(Fraction * 100 + 0.5)) + "%";
}

std::string demangled(const std::string &Mangled) {
  int Status = 0;
  std::unique_ptr<char, void (*)(void *)> Out(
      abi::__cxa_demangle(Mangled.c_str(), nullptr, nullptr, &Status),
      std::free);
  return Status == 0 && Out ? std::string(Out.get()) : Mangled;
}

const char *peakName(KernelType T) {
  switch (T) {
  case KernelType::Fp32:
    return "FP32 peak";
  case KernelType::Fp64:
    return "FP64 peak";
  case KernelType::Int:
    return "integer peak";
  }
  return "peak";
}

std::string pipeShares(const KernelMix &M) {
  std::vector<std::pair<double, Pipe>> Shares;
  for (const auto &[P, Count] : M.Counts.Pipes)
    if (Count > 0)
      Shares.emplace_back(M.pipeShare(P), P);
  std::sort(Shares.rbegin(), Shares.rend());
  std::string Out;
  for (const auto &[Share, P] : Shares)
    Out += (Out.empty() ? "" : ", ") + std::string(pipeName(P)) + " " +
           percent(Share);
  return Out;
}

Diagnostic note(const std::optional<SourceLocation> &Where,
                std::string Message) {
  Diagnostic D;
  D.Level = DiagnosticLevel::Note;
  D.Location = Where;
  D.Message = std::move(Message);
  return D;
}

std::string resourcesText(const KernelResources &R, const std::string &Arch) {
  std::string Out = std::to_string(R.Registers) + " registers per thread";
  std::optional<OccupancyLimit> L = occupancyLimit(R, Arch);
  if (L)
    Out += " (at most " + std::to_string(L->WarpsByRegisters) + " of " +
           std::to_string(OccupancyLimit::MaxWarps) + " warps per SM)";
  if (R.SharedBytes > 0) {
    Out += ", " + std::to_string(R.SharedBytes) + " bytes of shared memory";
    if (L && L->BlocksBySharedMemory)
      Out += " per block (at most " + std::to_string(*L->BlocksBySharedMemory) +
             " blocks per SM)";
  }
  if (R.LocalBytes > 0)
    Out += ", " + std::to_string(R.LocalBytes) +
           " bytes of local memory per thread (spills or local arrays)";
  return Out;
}

} // namespace

StaticCap staticCap(const KernelMix &Mix, const DeviceParameters &Device) {
  DeviceWeights W = computeWeights(Device);
  double COp = Mix.dOps() * W.op(Mix.type());
  double CLdSt = Mix.dLdSt() * W.LdSt;
  double COther = Mix.dOther() * W.Other;
  StaticCap C;
  C.EMix = Mix.eMix();
  C.EInstr = COp + CLdSt + COther > 0 ? COp / (COp + CLdSt + COther) : 0;
  C.ShareOfPeak = C.EMix * C.EInstr;
  if (CLdSt >= COther && CLdSt > 0) {
    C.Limiter = "load/store instructions";
    C.LimiterShare = Mix.dLdSt();
  } else if (COther > 0) {
    C.Limiter = "other instructions (address arithmetic, control flow, "
                "moves, conversions)";
    C.LimiterShare = Mix.dOther();
  }
  return C;
}

namespace {

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
  bool One = At.size() == 1;
  std::string Text = std::to_string(At.size()) + " fp32 atomic add" +
                     (One ? " instruction" : " instructions") +
                     " to one word for the whole grid (SASS " + Where +
                     "): the L2 slice that holds the word applies " +
                     (One ? "its" : "their") + " adds one after another";
  if (const Measurement *Rate = findMeasurement(
          Device, "atomic_same_address_red_f32", "M atomics/s")) {
    char Buf[96];
    std::snprintf(Buf, sizeof Buf, ", at most %.0f M per second on ",
                  Rate->Value);
    Text += Buf + DeviceName;
  }
  return Text + "; reduce in the block (or the warp) before adding, or "
                "spread the adds over several words";
}

/// The note of a kernel whose loops keep fewer than two global loads in
/// flight: each round waits a whole load-to-use latency.
std::string loadRoundsText(const LoadRounds &R, const DeviceParameters &Device,
                           const std::string &DeviceName) {
  std::string Text = "its loops keep " + formatFixed(R.loadsPerRound(), 1) +
                     " global load" + (R.loadsPerRound() == 1 ? "" : "s") +
                     " in flight before using one (" + std::to_string(R.Loads) +
                     " loads in " + std::to_string(R.Rounds) +
                     " rounds): each round waits a whole " +
                     "load-to-use latency, however many warps are resident";
  const Measurement *L2 = findMeasurement(Device, "load_latency_l2", "ns");
  const Measurement *Far = findMeasurement(Device, "load_latency_dram", "ns");
  if (L2 && Far)
    Text += " (" + formatFixed(L2->Value, 0) + " ns from L2, " +
            formatFixed(Far->Value, 0) + " ns from DRAM on " + DeviceName + ")";
  return Text + "; load several values before using the first (unroll, or "
                "load the next iteration's values ahead)";
}

} // namespace

Diagnostic staticMixDiagnostic(const StaticKernel &K,
                               const DeviceParameters &Device,
                               const std::string &DeviceName) {
  const KernelMix &M = K.Mix;
  StaticCap C = staticCap(M, Device);
  std::string Where = M.LoopDepth > 0 ? "of its instructions, loops weighted"
                                      : "of its instructions";
  Diagnostic D;
  D.Level = DiagnosticLevel::Note;
  D.Location = K.Definition;
  D.Check = StaticMixCheck;
  D.Kernel = K.Display;
  D.Message = "kernel '" + K.Display + "': at most " + percent(C.ShareOfPeak) +
              " of the " + peakName(M.type()) + " on " + DeviceName;
  if (!C.Limiter.empty())
    D.Message +=
        ": " + C.Limiter + " are " + percent(C.LimiterShare) + " " + Where;
  if (C.EMix < 0.99 && M.type() != KernelType::Int)
    D.Message += "; FMAs are " + percent(2 * C.EMix - 1) +
                 " of its floating-point operations (E_mix " + percent(C.EMix) +
                 ")";
  D.Notes.push_back(note(
      K.Definition,
      "static mix of '" + (K.Signature.empty() ? K.Display : K.Signature) +
          "' (" + M.Arch + ", " + std::to_string(M.Instructions) +
          " instructions, loops " +
          (M.LoopDepth ? "nested " + std::to_string(M.LoopDepth) + " deep"
                       : std::string("none")) +
          "): K_type " + std::string(kernelTypeName(M.type())) + ", D_ops " +
          percent(M.dOps()) + ", D_ldst " + percent(M.dLdSt()) + ", D_other " +
          percent(M.dOther()) + ", E_mix " + percent(C.EMix) + ", E_instr " +
          percent(C.EInstr) + "; pipes: " + pipeShares(M)));
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

std::optional<SourceLocation>
findKernelDefinition(const std::string &Identifier,
                     const std::vector<std::string> &Sources) {
  if (Identifier.empty())
    return std::nullopt;
  const std::regex Name("\\b" + Identifier + "\\s*[(<]");
  for (const std::string &File : Sources) {
    Expected<std::string> Text = readFile(File);
    if (!Text)
      continue;
    std::istringstream In(*Text);
    std::string Line;
    unsigned LineNo = 0, SinceGlobal = 3;
    while (std::getline(In, Line)) {
      ++LineNo;
      if (Line.find("__global__") != std::string::npos)
        SinceGlobal = 0;
      std::smatch M;
      if (SinceGlobal <= 2 && std::regex_search(Line, M, Name))
        return SourceLocation{normalizedPath(File), LineNo,
                              unsigned(M.position(0)) + 1};
      ++SinceGlobal;
    }
  }
  return std::nullopt;
}

std::vector<StaticKernel>
staticKernels(const std::vector<Function> &Functions,
              const std::map<std::string, KernelResources> &Resources,
              const std::vector<std::string> &Sources, double LoopWeight) {
  std::vector<StaticKernel> Out;
  for (const Function &F : Functions) {
    auto R = Resources.find(F.Name);
    if (!Resources.empty() && R == Resources.end())
      continue;
    StaticKernel K;
    K.Mix = mixOf(F, LoopWeight);
    K.OneWordFp32Atomics = oneWordFp32Atomics(F);
    K.GlobalAtomics = globalAtomics(F);
    K.GlobalLoadRounds = loadRounds(F);
    if (R != Resources.end())
      K.Resources = R->second;
    std::string Readable = demangled(F.Name);
    K.Mangled = F.Name;
    K.Signature = Readable;
    // "(anonymous namespace)::k(...)": the parenthesis is not the
    // argument list's.
    std::string Bare = Readable;
    for (size_t At;
         (At = Bare.find("(anonymous namespace)::")) != std::string::npos;)
      Bare.erase(At, std::string_view("(anonymous namespace)::").size());
    K.Display = kernelIdentifier(Bare);
    if (K.Display.empty())
      K.Display = Readable;
    K.Definition = findKernelDefinition(K.Display, Sources);
    Out.push_back(std::move(K));
  }
  return Out;
}

} // namespace headroom::sass
