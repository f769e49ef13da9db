//===- l1_bandwidth.cu - L1 and texture read bandwidth --------------------===//
///
/// \file
/// The bandwidth of reads served by each SM's L1 data cache and by its
/// texture path. All blocks read the same 44 KiB buffer over and over, so
/// that after the first passes every load hits in the L1 of its SM (the
/// kernel asks for the largest L1 carve-out and uses no shared memory). Each
/// pass reads 4 consecutive 4 KiB slots from a start slot that rotates with
/// the pass number through a kernel parameter; slot j holds data slot j mod 4,
/// so every pass sums the same words while no load is loop-invariant or
/// provably equal to another (ptxas hoisted the loads of a first version,
/// which read the same addresses every pass, out of its loop).
///
/// - `l1_read`: 16-byte `ld.global.ca` loads at immediate offsets from one
///   base register per pass, two passes unrolled. Theoretical: the L1's data
///   path of 128 bytes per clock per SM (the one shared-memory accesses use).
/// - `tex_read`: the same vectors through a texture object over the buffer
///   (`tex1Dfetch<uint4>`, TLD in SASS). No theoretical peak is
///   claimed (NVIDIA publishes no per-clock texture rate for 16-byte texels).
///
/// Check: every thread sums what it loaded; the sum has a closed form per
/// thread (the same words each pass), checked for every thread.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "core/PeakTables.h"
#include "harness/ClockProbe.cuh"
#include "harness/Context.h"

#include <cstdio>
#include <string>
#include <vector>

namespace headroom::microbench {
namespace {

constexpr int BlockSize = 256, LoadsPerPass = 4, PassUnroll = 2;
/// The buffer: Slots slots of BlockSize vectors (4 KiB); slot j holds the
/// data of slot j mod LoadsPerPass. A pass reads LoadsPerPass consecutive
/// slots from a start that changes every pass (see below): always the same
/// four data slots, at addresses no earlier pass used in the same way.
constexpr int Slots = 8 + LoadsPerPass - 1;
constexpr int DataVectors = BlockSize * LoadsPerPass; // 16 KiB of data
constexpr int BufferVectors = BlockSize * Slots;      // 44 KiB

__host__ __device__ inline unsigned fold(unsigned X, unsigned Y, unsigned Z,
                                         unsigned W) {
  return (X ^ Y) + (Z ^ W);
}

template <int Off> __device__ __forceinline__ uint4 loadCa(const uint4 *P) {
  uint4 V;
  asm volatile("ld.global.ca.v4.u32 {%0, %1, %2, %3}, [%4+%5];"
               : "=r"(V.x), "=r"(V.y), "=r"(V.z), "=r"(V.w)
               : "l"(P), "n"(Off));
  return V;
}

/// The first slot of pass It: (It x Rotate) mod 8. Rotate is 1 at run time
/// but a kernel parameter, so the compiler can neither hoist a pass's loads
/// out of the loop (ptxas hoisted loop-invariant ld.global.ca, volatile asm
/// or not) nor prove two passes read the same addresses and merge them.
__device__ __forceinline__ unsigned firstSlot(int It, unsigned Rotate) {
  return (static_cast<unsigned>(It) * Rotate) & 7u;
}

__global__ void __launch_bounds__(BlockSize)
    l1ReadKernel(const uint4 *Buf, unsigned *Out, ClockSample *Probe,
                 int Passes, unsigned Rotate) {
  probeBegin(Probe);
  const uint4 *P = Buf + threadIdx.x;
  unsigned Sum = 0;
#pragma unroll 1
  for (int It = 0; It < Passes; It += PassUnroll) {
#pragma unroll
    for (int U = 0; U < PassUnroll; ++U) {
      const uint4 *Q = P + firstSlot(It + U, Rotate) * BlockSize;
      uint4 V0 = loadCa<0 * BlockSize * 16>(Q);
      uint4 V1 = loadCa<1 * BlockSize * 16>(Q);
      uint4 V2 = loadCa<2 * BlockSize * 16>(Q);
      uint4 V3 = loadCa<3 * BlockSize * 16>(Q);
      Sum += fold(V0.x, V0.y, V0.z, V0.w) + fold(V1.x, V1.y, V1.z, V1.w) +
             fold(V2.x, V2.y, V2.z, V2.w) + fold(V3.x, V3.y, V3.z, V3.w);
    }
  }
  Out[blockIdx.x * BlockSize + threadIdx.x] = Sum;
  probeEnd(Probe);
}

__global__ void __launch_bounds__(BlockSize)
    texReadKernel(cudaTextureObject_t Tex, unsigned *Out, ClockSample *Probe,
                  int Passes, unsigned Rotate) {
  probeBegin(Probe);
  unsigned Sum = 0;
#pragma unroll 1
  for (int It = 0; It < Passes; It += PassUnroll) {
#pragma unroll
    for (int U = 0; U < PassUnroll; ++U) {
      int First =
          static_cast<int>(firstSlot(It + U, Rotate) * BlockSize + threadIdx.x);
#pragma unroll
      for (int L = 0; L < LoadsPerPass; ++L) {
        uint4 V = tex1Dfetch<uint4>(Tex, First + L * BlockSize);
        Sum += fold(V.x, V.y, V.z, V.w);
      }
    }
  }
  Out[blockIdx.x * BlockSize + threadIdx.x] = Sum;
  probeEnd(Probe);
}

struct Variant {
  const char *Name;
  bool Texture;
};

void runVariant(Context &Ctx, const Variant &Var, const uint4 *Buf,
                cudaTextureObject_t Tex, const std::vector<unsigned> &PerPass) {
  const void *Kernel = Var.Texture
                           ? reinterpret_cast<const void *>(texReadKernel)
                           : reinterpret_cast<const void *>(l1ReadKernel);
  // The largest L1: no shared memory carve-out.
  HEADROOM_CUDA(cudaFuncSetAttribute(
      Kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  int Occupancy = 0;
  HEADROOM_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &Occupancy, Kernel, BlockSize, 0));
  int PerSm = std::min(Occupancy, 2048 / BlockSize);
  int Blocks = Ctx.smCount() * PerSm;
  size_t Threads = static_cast<size_t>(Blocks) * BlockSize;
  auto *Out = static_cast<unsigned *>(Ctx.scratch(Threads * sizeof(unsigned)));
  ClockSample *Probe = Ctx.clockProbe(Blocks);
  auto Launch = [&](int Passes) {
    Passes = (Passes + PassUnroll - 1) / PassUnroll * PassUnroll;
    if (Var.Texture)
      texReadKernel<<<Blocks, BlockSize, 0, Ctx.stream()>>>(Tex, Out, Probe,
                                                            Passes, 1u);
    else
      l1ReadKernel<<<Blocks, BlockSize, 0, Ctx.stream()>>>(Buf, Out, Probe,
                                                           Passes, 1u);
  };
  int Passes = Ctx.sizeIterations(Launch);
  Passes = (Passes + PassUnroll - 1) / PassUnroll * PassUnroll;
  HEADROOM_CUDA(
      cudaMemsetAsync(Out, 0, Threads * sizeof(unsigned), Ctx.stream()));
  std::vector<double> Times = Ctx.time([&] { Launch(Passes); });
  Context::ClockReading Clock = Ctx.readClock(Blocks, Times.back());

  std::vector<unsigned> Host(Threads);
  HEADROOM_CUDA(cudaMemcpy(Host.data(), Out, Threads * sizeof(unsigned),
                           cudaMemcpyDeviceToHost));
  for (size_t T = 0; T < Threads; ++T) {
    unsigned Want = PerPass[T % BlockSize] * static_cast<unsigned>(Passes);
    if (Host[T] != Want) {
      char Buf2[128];
      std::snprintf(Buf2, sizeof(Buf2),
                    "thread %zu: sum 0x%08x, expected "
                    "0x%08x",
                    T, Host[T], Want);
      throwWrongResult(Var.Name, Buf2);
    }
  }
  double Bytes = static_cast<double>(Threads) * Passes * LoadsPerPass * 16;
  auto Sum = summarizeRates(Times, Bytes / 1e9 * 1e3);
  if (!Sum)
    throw BenchmarkError(std::string(Var.Name) + ": unusable timings");
  Measurement M;
  M.Name = Var.Name;
  M.Unit = "GB/s";
  M.Value = Sum->Median;
  M.SpreadPct = Sum->spreadPct();
  const cudaDeviceProp &P = Ctx.props();
  const ArchitectureRates *R = findRates(P.major, P.minor);
  if (!Var.Texture && R)
    M.Theoretical = peakGiga(R->SharedBytesPerClock, Ctx.smCount(), Clock.MHz);
  char Method[700];
  std::snprintf(
      Method, sizeof(Method),
      "%s; one %d KiB buffer read by every block, %d passes of %d 16-byte "
      "loads per thread, each pass from a rotating start slot (L1 hits after "
      "the first passes; largest L1 carve-out); %d blocks x %d threads (%d per "
      "SM); every thread's sum "
      "checked; median of %d runs after %d warm-ups, IQR %.2f%%; SM clock "
      "%.0f MHz (%s); %s",
      Var.Texture ? "tex1Dfetch<uint4> through a texture object (TLD)"
                  : "ld.global.ca.v4.u32 (LDG, cached in L1)",
      BufferVectors * 16 / 1024, Passes, LoadsPerPass, Blocks, BlockSize, PerSm,
      static_cast<int>(Times.size()), Ctx.warmups(), Sum->iqrPct(), Clock.MHz,
      Clock.How.c_str(),
      Var.Texture ? "no published peak"
                  : "theoretical = 128 bytes per clock per SM (the L1 data "
                    "path) x SMs x that clock");
  M.Method = Method;
  // Above 150% of the documented data path, loads were hoisted or merged
  // (a first version read 4x: ptxas had hoisted them out of the loop).
  if (auto Pct = percentOfTheoretical(M); Pct && *Pct > 150.0)
    throw BenchmarkError(std::string(Var.Name) +
                             ": measured bandwidth is far above the "
                             "theoretical peak (loads hoisted or merged)",
                         ExitWrongResult);
  Ctx.add(M);
}

} // namespace

void runL1Bandwidth(Context &Ctx) {
  std::vector<uint4> Host(BufferVectors);
  for (int I = 0; I < BufferVectors; ++I) {
    unsigned W = static_cast<unsigned>(I % DataVectors) * 4u;
    Host[I] = make_uint4(W * 0x9E3779B1u + 1, (W + 1) * 0x85EBCA6Bu + 2,
                         (W + 2) * 0xC2B2AE35u + 3, (W + 3) * 0x27D4EB2Fu + 4);
  }
  // What thread t adds per pass.
  std::vector<unsigned> PerPass(BlockSize, 0);
  for (int T = 0; T < BlockSize; ++T)
    for (int L = 0; L < LoadsPerPass; ++L) {
      const uint4 &V = Host[T + L * BlockSize];
      PerPass[T] += fold(V.x, V.y, V.z, V.w);
    }
  uint4 *Buf = nullptr;
  HEADROOM_CUDA(cudaMalloc(&Buf, sizeof(uint4) * BufferVectors));
  cudaTextureObject_t Tex = 0;
  try {
    HEADROOM_CUDA(cudaMemcpy(Buf, Host.data(), sizeof(uint4) * BufferVectors,
                             cudaMemcpyHostToDevice));
    cudaResourceDesc Res{};
    Res.resType = cudaResourceTypeLinear;
    Res.res.linear.devPtr = Buf;
    Res.res.linear.desc = cudaCreateChannelDesc<uint4>();
    Res.res.linear.sizeInBytes = sizeof(uint4) * BufferVectors;
    cudaTextureDesc TexDesc{};
    TexDesc.readMode = cudaReadModeElementType;
    HEADROOM_CUDA(cudaCreateTextureObject(&Tex, &Res, &TexDesc, nullptr));
    runVariant(Ctx, {"l1_read", false}, Buf, Tex, PerPass);
    runVariant(Ctx, {"tex_read", true}, Buf, Tex, PerPass);
  } catch (...) {
    if (Tex)
      cudaDestroyTextureObject(Tex);
    cudaFree(Buf);
    throw;
  }
  HEADROOM_CUDA(cudaDestroyTextureObject(Tex));
  HEADROOM_CUDA(cudaFree(Buf));
}

} // namespace headroom::microbench
