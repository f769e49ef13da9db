//===- PeakTables.h - Theoretical peaks by compute capability ---*- C++ -*-===//
///
/// \file
/// The vendor's per-SM, per-clock instruction throughputs for each compute
/// capability (CUDA C++ Programming Guide, "Arithmetic Instructions", table of
/// results per clock cycle per multiprocessor; shared memory: 32 banks of 4
/// bytes per clock), and the arithmetic that turns them into a device's
/// theoretical peak at a given SM clock. Pure C++: unit tested without a GPU.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_CORE_PEAKTABLES_H
#define HEADROOM_MICROBENCH_CORE_PEAKTABLES_H

#include <optional>
#include <string>

namespace headroom::microbench {

/// One kind of operation whose peak rate the tables know.
enum class Op {
  Fp32Fma,  ///< FFMA, results per clock (an FMA counts as 2 FLOP).
  Fp32Add,  ///< FADD/FMUL: the same unit as Fp32Fma, 1 FLOP each.
  Fp64Fma,  ///< DFMA (2 FLOP each).
  Fp64Add,  ///< DADD/DMUL (1 FLOP each).
  Fp16Fma,  ///< fp16 results (a half2 HFMA2 lane instruction gives 2).
  Bf16Fma,  ///< bf16 results (a bfloat162 HFMA2.BF16 lane gives 2).
  Int32Add, ///< 32-bit integer add/subtract (the guide's figure).
  /// 32-bit integer adds as ptxas issues them on cc >= 7.0: IADD3/LEA on the
  /// integer pipe and IMAD (x 1) on the FMA pipe, so the peak is the sum of
  /// the integer-add and integer-MAD rates (128 per clock per SM on Hopper,
  /// which is also one instruction per clock per scheduler).
  Int32AddTwoPipes,
  Int32Mad,     ///< 32-bit integer multiply and multiply-add.
  Int32Logic,   ///< 32-bit bitwise and/or/xor.
  Int32Shift,   ///< 32-bit shifts (funnel shifts included).
  Sfu,          ///< rcp, rsqrt, lg2, ex2, sin, cos (approximate, 32-bit).
  Conversion,   ///< 32-bit type conversions (int <-> float).
  Conversion64, ///< conversions to or from 64-bit types.
  SharedLdst32, ///< 32-bit shared-memory load/store thread instructions.
  /// Dense fp16 tensor-core multiply-adds (fp32 accumulate; an FMA counts as
  /// 2 FLOP), the rate of the architecture's fastest matrix instruction
  /// (wgmma on Hopper, mma.sync before).
  TensorFp16,
  TensorBf16, ///< Dense bf16 tensor-core multiply-adds (fp32 accumulate).
};

/// Printable name of an Op, e.g. "fp32 fma".
const char *opName(Op O);

/// Per-SM, per-clock peak rates of one compute capability.
struct ArchitectureRates {
  int Major = 0, Minor = 0;
  const char *Architecture = "";
  double Fp32 = 0, Fp64 = 0, Fp16 = 0, Bf16 = 0;
  double Int32Add = 0, Int32Mad = 0, Int32Logic = 0, Int32Shift = 0;
  double Sfu = 0, Conversion = 0, Conversion64 = 0;
  /// Shared-memory bytes per clock per SM (32 banks x 4 bytes); global
  /// loads that hit in L1 use the same 128-byte-per-clock data path.
  double SharedBytesPerClock = 0;
  /// Dense tensor-core multiply-adds per clock per SM, fp16 and bf16 inputs
  /// with fp32 accumulation (0: no tensor cores, or no claim).
  double TensorFp16 = 0, TensorBf16 = 0;

  /// Results (thread-level operations) per clock per SM for O.
  double perClock(Op O) const;
};

/// The rates of compute capability Major.Minor, or nullptr when the table does
/// not know it (then no theoretical peak is claimed).
const ArchitectureRates *findRates(int Major, int Minor);

/// "Volta", "Ampere", "Hopper", ... or "unknown" for a compute capability.
std::string architectureName(int Major, int Minor);

/// Peak in giga-units per second: PerClockPerSm x SmCount x clock x
/// OpsPerResult. An FMA counts as 2 operations (OpsPerResult = 2).
double peakGiga(double PerClockPerSm, int SmCount, double ClockMHz,
                double OpsPerResult = 1.0);

/// Peak of O on a device; std::nullopt when the compute capability is unknown.
/// Counts an FMA or MAD as 2 operations for the fma/mad ops.
std::optional<double> peakGiga(Op O, int Major, int Minor, int SmCount,
                               double ClockMHz);

/// Theoretical DRAM bandwidth in GB/s from the memory clock as CUDA reports it
/// (cudaDevAttrMemoryClockRate, kHz) and the bus width: clock x 2 (double data
/// rate) x width / 8. CUDA reports the clock such that the factor is 2 for
/// GDDR and HBM alike (V100: 877 MHz x 4096 bit -> 898 GB/s; H100 SXM: 2619 MHz
/// x 5120 bit -> 3352 GB/s; H200: 3201 MHz x 6144 bit -> 4916.7 GB/s).
double dramPeakGBs(double MemoryClockKHz, int BusWidthBits);

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_CORE_PEAKTABLES_H
