//===- Benchmarks.cpp - The registry of micro-benchmarks ------------------===//

#include "benchmarks/Benchmarks.h"

namespace headroom::microbench {

std::span<const BenchmarkEntry> allBenchmarks() {
  static const BenchmarkEntry Entries[] = {
#define HEADROOM_BENCHMARK(Key, Function, Summary) {Key, Function, Summary},
#include "benchmarks/Benchmarks.def"
#undef HEADROOM_BENCHMARK
  };
  return Entries;
}

} // namespace headroom::microbench
