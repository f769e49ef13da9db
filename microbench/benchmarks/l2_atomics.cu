//===- l2_atomics.cu - Atomics on one address, by kind --------------------===//
///
/// \file
/// How many atomic adds per second the L2 applies to one address: the
/// limit of a global counter, a reduction into one sum, a histogram bin
/// everyone hits. All of them go to one L2 slice, whose atomic unit takes
/// one input cycle per thread's operation (`lts__d_atomic_input_cycles_active`)
/// but applies them one after the other; how long each takes depends on
/// the kind: a reduction (RED: the old value is not returned) or an atomic
/// that returns it (ATOM), on 32-bit integers or on fp32.
///
/// Every thread of 4 blocks of 256 per SM adds 1 to the same word, Passes
/// times, 2^24 adds per launch in all (fp32 counts exactly up to 2^24). The
/// ATOM variants use the returned values: each thread sums them as
/// integers and lane 0 of each warp adds the warp's sum to its block's
/// slot. Check: the word ends at the count of adds, and for ATOM the
/// returned values were 0, 1, ..., count - 1 in some order, so the slots
/// sum to count x (count - 1) / 2 (mod 2^32).
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/Context.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace headroom::microbench {
namespace {

constexpr int Block = 256;
constexpr unsigned AddsPerLaunch = 1u << 24;

template <class T, bool Returns>
__global__ void sameAddressKernel(T *Word, int Passes, unsigned *Slots) {
  unsigned Returned = 0;
  for (int P = 0; P < Passes; ++P) {
    if constexpr (Returns)
      Returned += static_cast<unsigned>(atomicAdd(Word, T(1)));
    else
      atomicAdd(Word, T(1));
  }
  if constexpr (Returns) {
    for (int O = 16; O > 0; O >>= 1)
      Returned += __shfl_xor_sync(0xffffffffu, Returned, O);
    if ((threadIdx.x & 31) == 0)
      atomicAdd(&Slots[blockIdx.x], Returned);
  }
}

/// One measurement: \p Name, adds of type T, returning the old value or
/// not; \p What names the instruction.
template <class T, bool Returns>
void runSameAddress(Context &Ctx, const char *Name, const char *What) {
  int Blocks = Ctx.smCount() * 4;
  unsigned Threads = static_cast<unsigned>(Blocks) * Block;
  int Passes = static_cast<int>(AddsPerLaunch / Threads);
  unsigned Adds = Threads * static_cast<unsigned>(Passes);
  auto *Buf = static_cast<unsigned *>(
      Ctx.scratch((1 + static_cast<size_t>(Blocks)) * sizeof(unsigned)));
  T *Word = reinterpret_cast<T *>(Buf);
  unsigned *Slots = Buf + 1;
  auto Launch = [&] {
    cudaMemsetAsync(Buf, 0,
                    (1 + static_cast<size_t>(Blocks)) * sizeof(unsigned),
                    Ctx.stream());
    sameAddressKernel<T, Returns>
        <<<Blocks, Block, 0, Ctx.stream()>>>(Word, Passes, Slots);
  };
  std::vector<double> Times = Ctx.time(Launch);

  std::vector<unsigned> Got(1 + static_cast<size_t>(Blocks));
  HEADROOM_CUDA(cudaMemcpy(Got.data(), Buf, Got.size() * sizeof(unsigned),
                           cudaMemcpyDeviceToHost));
  T Final;
  std::memcpy(&Final, Got.data(), sizeof(T));
  char Msg[128];
  if (Final != static_cast<T>(Adds)) {
    std::snprintf(Msg, sizeof(Msg), "the word holds %.0f, expected %u",
                  static_cast<double>(Final), Adds);
    throwWrongResult(Name, Msg);
  }
  if (Returns) {
    unsigned Sum = 0;
    for (size_t I = 1; I < Got.size(); ++I)
      Sum += Got[I];
    unsigned Want = static_cast<unsigned>(
        static_cast<unsigned long long>(Adds) * (Adds - 1) / 2);
    if (Sum != Want) {
      std::snprintf(Msg, sizeof(Msg),
                    "returned values sum to 0x%08x, expected 0x%08x", Sum,
                    Want);
      throwWrongResult(Name, Msg);
    }
  }

  auto S = summarizeRates(Times, Adds / 1e6 * 1e3);
  if (!S)
    throw BenchmarkError(std::string(Name) + ": unusable timings");
  Measurement M;
  M.Name = Name;
  M.Unit = "M atomics/s";
  M.Value = S->Median;
  M.SpreadPct = S->spreadPct();
  char Method[400];
  std::snprintf(Method, sizeof(Method),
                "%s of 1 to one word by every thread, %u adds per launch "
                "(%d passes; %d blocks x %d threads); median of %d runs after "
                "%d warm-ups, IQR %.2f%%; final value%s checked",
                What, Adds, Passes, Blocks, Block,
                static_cast<int>(Times.size()), Ctx.warmups(), S->iqrPct(),
                Returns ? " and returned values" : "");
  M.Method = Method;
  Ctx.add(M);
}

} // namespace

void runL2Atomics(Context &Ctx) {
  runSameAddress<unsigned, false>(Ctx, "atomic_same_address_red_u32",
                                  "RED.ADD (u32 atomicAdd, result unused)");
  runSameAddress<unsigned, true>(Ctx, "atomic_same_address_atom_u32",
                                 "ATOM.ADD (u32 atomicAdd, result used)");
  runSameAddress<float, false>(Ctx, "atomic_same_address_red_f32",
                               "RED.ADD.F32 (fp32 atomicAdd, result unused)");
  runSameAddress<float, true>(Ctx, "atomic_same_address_atom_f32",
                              "ATOM.ADD.F32 (fp32 atomicAdd, result used)");
}

} // namespace headroom::microbench
