//===- int_logic.cu - int32 logic and shift throughput --------------------===//
///
/// \file
/// The rates of 32-bit logic (LOP3) and funnel-shift (SHF) instructions. Each
/// chain holds two words that update each other, so no two steps fold into
/// one instruction:
///   int32_lop3: a = a ^ (b & x); b = b ^ (a & y)   (lop3.b32, LUT 0x78)
///   int32_shf:  a = shf.l.wrap(a, b, x); b = shf.l.wrap(b, a, y)
/// Each is one PTX instruction in volatile asm, counted as one operation.
/// Checked bit-exactly on the host.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {
namespace {

struct WordPair {
  unsigned A, B;
};

struct LogicBase {
  using State = WordPair;
  struct Params {
    unsigned X, Y;
  };
  static constexpr double OpsPerStep = 2;
  static constexpr double Tolerance = 0;
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    unsigned H = Gid * 2654435761u + static_cast<unsigned>(Chain) * 40503u;
    return {H ^ 0x5bd1e995u, H * 0x85EBCA6Bu + 1u};
  }
  __host__ __device__ static double value(State S) {
    return static_cast<double>(S.A) + S.B;
  }
};

struct Lop3 : LogicBase {
  static Params makeParams(unsigned long long Steps) {
    return {0xF0F0A5A5u ^ static_cast<unsigned>(Steps), 0x3C3C9696u};
  }
  __device__ static State step(State S, const Params &P) {
    asm volatile("lop3.b32 %0, %0, %1, %2, 0x78;"
                 : "+r"(S.A)
                 : "r"(S.B), "r"(P.X));
    asm volatile("lop3.b32 %0, %0, %1, %2, 0x78;"
                 : "+r"(S.B)
                 : "r"(S.A), "r"(P.Y));
    return S;
  }
  static State hostStep(State S, const Params &P) {
    S.A ^= S.B & P.X;
    S.B ^= S.A & P.Y;
    return S;
  }
};

struct Shf : LogicBase {
  static Params makeParams(unsigned long long Steps) {
    return {5u + static_cast<unsigned>(Steps % 7), 13u};
  }
  __device__ static State step(State S, const Params &P) {
    asm volatile("shf.l.wrap.b32 %0, %0, %1, %2;"
                 : "+r"(S.A)
                 : "r"(S.B), "r"(P.X));
    asm volatile("shf.l.wrap.b32 %0, %0, %1, %2;"
                 : "+r"(S.B)
                 : "r"(S.A), "r"(P.Y));
    return S;
  }
  /// shf.l.wrap d, a, b, c: the high word of (b:a) << (c mod 32).
  static unsigned funnelLeft(unsigned Lo, unsigned Hi, unsigned Shift) {
    Shift &= 31;
    if (Shift == 0)
      return Hi;
    return (Hi << Shift) | (Lo >> (32 - Shift));
  }
  static State hostStep(State S, const Params &P) {
    S.A = funnelLeft(S.A, S.B, P.X);
    S.B = funnelLeft(S.B, S.A, P.Y);
    return S;
  }
};

} // namespace

void runIntLogic(Context &Ctx) {
  runChainBenchmark<Lop3, 8, 8>(Ctx,
                                {"int32_lop3", "GIOP/s", Op::Int32Logic,
                                 "LOP3 a ^= b & x, b ^= a & y, 1 op each"});
  runChainBenchmark<Shf, 8, 8>(
      Ctx, {"int32_shf", "GIOP/s", Op::Int32Shift,
            "SHF.L.W funnel shifts of a word pair, 1 op each"});
}

} // namespace headroom::microbench
