//===- PeakTables.cpp - Theoretical peaks by compute capability -----------===//

#include "PeakTables.h"

#include <iterator>

namespace headroom::microbench {

namespace {

// Results per clock per SM, from the CUDA C++ Programming Guide's table of
// native arithmetic instruction throughput; the non-tensor fp16/bf16 rates
// where the guide is silent or ambiguous come from the architecture
// whitepapers (A100: fp16 4x and bf16 2x fp32; GA10x and Ada: 1x fp32; H100:
// both 2x fp32). Fp16/Bf16 count 16-bit results, so a half2 instruction lane
// delivers two. Shared memory: 32 banks x 4 B per clock.
//
// Tensor cores (Tc16, Tcb: dense fp16 and bf16 multiply-adds per clock per SM
// with fp32 accumulation), from NVIDIA's architecture whitepapers: Volta and
// Turing 8 tensor cores x 64 FMA (V100: 125 TFLOP/s at 1530 MHz x 80 SMs);
// A100 4 x 256 (312 TFLOP/s at 1410 MHz x 108 SMs); GA10x and Ada 4 x 128
// (GeForce boards run fp32 accumulation at half that; the table holds the
// full rate); H100 4 x 512 (989.4 TFLOP/s dense at 1830 MHz x 132 SMs), the
// rate of wgmma: Hopper's mma.sync does not reach it. Volta and Turing have
// no bf16. A 0 means "not supported or not known": no theoretical peak is
// claimed for it.
// clang-format off
//                 Maj Min  Arch       Fp32 Fp64 Fp16 Bf16 Add Mad Log Shf Sfu Cvt Cvt64 Shm  Tc16  Tcb
const ArchitectureRates Table[] = {
    {7, 0, "Volta",     64, 32, 128,   0, 64, 64, 64, 64, 16, 16, 16, 128,  512,    0},
    {7, 2, "Volta",     64,  2, 128,   0, 64, 64, 64, 64, 16, 16, 16, 128,    0,    0},
    {7, 5, "Turing",    64,  2, 128,   0, 64, 64, 64, 64, 16, 16,  2, 128,  512,    0},
    {8, 0, "Ampere",    64, 32, 256, 128, 64, 64, 64, 64, 16, 16, 16, 128, 1024, 1024},
    {8, 6, "Ampere",   128,  2, 128, 128, 64, 64, 64, 64, 16, 16,  2, 128,  512,  512},
    {8, 7, "Ampere",   128,  2, 128, 128, 64, 64, 64, 64, 16, 16,  2, 128,    0,    0},
    {8, 9, "Ada",      128,  2, 128, 128, 64, 64, 64, 64, 16, 16,  2, 128,  512,  512},
    {9, 0, "Hopper",   128, 64, 256, 256, 64, 64, 64, 64, 16, 16, 16, 128, 2048, 2048},
};
// clang-format on

} // namespace

const char *opName(Op O) {
  switch (O) {
  case Op::Fp32Fma:
    return "fp32 fma";
  case Op::Fp32Add:
    return "fp32 add";
  case Op::Fp64Fma:
    return "fp64 fma";
  case Op::Fp64Add:
    return "fp64 add";
  case Op::Fp16Fma:
    return "fp16 fma";
  case Op::Bf16Fma:
    return "bf16 fma";
  case Op::Int32Add:
    return "int32 add";
  case Op::Int32AddTwoPipes:
    return "int32 add (integer + FMA pipes)";
  case Op::Int32Mad:
    return "int32 mad";
  case Op::Int32Logic:
    return "int32 logic";
  case Op::Int32Shift:
    return "int32 shift";
  case Op::Sfu:
    return "sfu";
  case Op::Conversion:
    return "conversion";
  case Op::Conversion64:
    return "conversion (64-bit)";
  case Op::SharedLdst32:
    return "shared ld/st 32-bit";
  case Op::TensorFp16:
    return "tensor fp16 mma";
  case Op::TensorBf16:
    return "tensor bf16 mma";
  }
  return "?";
}

double ArchitectureRates::perClock(Op O) const {
  switch (O) {
  case Op::Fp32Fma:
  case Op::Fp32Add:
    return Fp32;
  case Op::Fp64Fma:
  case Op::Fp64Add:
    return Fp64;
  case Op::Fp16Fma:
    return Fp16;
  case Op::Bf16Fma:
    return Bf16;
  case Op::Int32Add:
    return Int32Add;
  case Op::Int32AddTwoPipes:
    return Major >= 7 ? Int32Add + Int32Mad : Int32Add;
  case Op::Int32Mad:
    return Int32Mad;
  case Op::Int32Logic:
    return Int32Logic;
  case Op::Int32Shift:
    return Int32Shift;
  case Op::Sfu:
    return Sfu;
  case Op::Conversion:
    return Conversion;
  case Op::Conversion64:
    return Conversion64;
  case Op::SharedLdst32:
    return SharedBytesPerClock / 4.0;
  case Op::TensorFp16:
    return TensorFp16;
  case Op::TensorBf16:
    return TensorBf16;
  }
  return 0;
}

const ArchitectureRates *findRates(int Major, int Minor) {
  for (const ArchitectureRates &R : Table)
    if (R.Major == Major && R.Minor == Minor)
      return &R;
  return nullptr;
}

std::string architectureName(int Major, int Minor) {
  if (const ArchitectureRates *R = findRates(Major, Minor))
    return R->Architecture;
  switch (Major) {
  case 7:
    return Minor >= 5 ? "Turing" : "Volta";
  case 8:
    return Minor == 9 ? "Ada" : "Ampere";
  case 9:
    return "Hopper";
  case 10:
  case 11:
  case 12:
    return "Blackwell";
  default:
    return "unknown";
  }
}

double peakGiga(double PerClockPerSm, int SmCount, double ClockMHz,
                double OpsPerResult) {
  return PerClockPerSm * SmCount * ClockMHz * OpsPerResult / 1000.0;
}

std::optional<double> peakGiga(Op O, int Major, int Minor, int SmCount,
                               double ClockMHz) {
  const ArchitectureRates *R = findRates(Major, Minor);
  if (!R || R->perClock(O) <= 0 || SmCount <= 0 || ClockMHz <= 0)
    return std::nullopt;
  bool TwoOps = O == Op::Fp32Fma || O == Op::Fp64Fma || O == Op::Fp16Fma ||
                O == Op::Bf16Fma || O == Op::Int32Mad || O == Op::TensorFp16 ||
                O == Op::TensorBf16;
  return peakGiga(R->perClock(O), SmCount, ClockMHz, TwoOps ? 2.0 : 1.0);
}

double dramPeakGBs(double MemoryClockKHz, int BusWidthBits) {
  return MemoryClockKHz * 1e3 * 2.0 * BusWidthBits / 8.0 / 1e9;
}

} // namespace headroom::microbench
