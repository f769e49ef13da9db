//===- Benchmarks.h - The registry of micro-benchmarks ----------*- C++ -*-===//
///
/// \file
/// Declares every benchmark's entry point (from Benchmarks.def) and the table
/// the driver iterates over.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_BENCHMARKS_BENCHMARKS_H
#define HEADROOM_MICROBENCH_BENCHMARKS_BENCHMARKS_H

#include "harness/Context.h"

#include <span>

namespace headroom::microbench {

#define HEADROOM_BENCHMARK(Key, Function, Summary) void Function(Context &Ctx);
#include "benchmarks/Benchmarks.def"
#undef HEADROOM_BENCHMARK

/// One entry of the registry.
struct BenchmarkEntry {
  const char *Key;
  void (*Run)(Context &);
  const char *Summary;
};

/// All benchmarks, in the order they run.
std::span<const BenchmarkEntry> allBenchmarks();

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_BENCHMARKS_BENCHMARKS_H
