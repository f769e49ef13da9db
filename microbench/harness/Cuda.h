//===- Cuda.h - CUDA error checking for the micro-benchmarks ----*- C++ -*-===//
///
/// \file
/// The micro-benchmarks stop at the first CUDA error or wrong result with one
/// clear line and an exit code, which `headroom calibrate` turns into a
/// message (docs/calibrate.md). Errors are exceptions carrying the exit code,
/// caught once in main.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_HARNESS_CUDA_H
#define HEADROOM_MICROBENCH_HARNESS_CUDA_H

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace headroom::microbench {

/// Process exit codes of headroom-microbench, which `headroom calibrate`
/// translates into messages.
enum ExitCode : int {
  ExitOk = 0,
  ExitError = 1, ///< a CUDA call failed or the output could not be written
  ExitUsage = 2, ///< bad command line
  ExitNoGpu = 3, ///< no CUDA device or no usable driver
  ExitWrongResult = 4, ///< a kernel computed a wrong result
};

/// A failure that ends the run, with the exit code to return.
class BenchmarkError : public std::runtime_error {
public:
  BenchmarkError(const std::string &Message, int Code = ExitError)
      : std::runtime_error(Message), Code(Code) {}
  int code() const { return Code; }

private:
  int Code;
};

/// Throws a BenchmarkError naming the failed call and where it was made.
[[noreturn]] void throwCudaError(cudaError_t Err, const char *Call,
                                 const char *File, int Line);

/// Throws ExitWrongResult with Message, prefixed by the benchmark's name.
[[noreturn]] void throwWrongResult(const std::string &Benchmark,
                                   const std::string &Message);

} // namespace headroom::microbench

/// Checks a CUDA runtime call; on failure stops the run with its error string.
#define HEADROOM_CUDA(Call)                                                    \
  do {                                                                         \
    cudaError_t HeadroomErr_ = (Call);                                         \
    if (HeadroomErr_ != cudaSuccess)                                           \
      ::headroom::microbench::throwCudaError(HeadroomErr_, #Call, __FILE__,    \
                                             __LINE__);                        \
  } while (0)

/// Checks that the last kernel launch was accepted.
#define HEADROOM_CUDA_LAUNCH() HEADROOM_CUDA(cudaGetLastError())

#endif // HEADROOM_MICROBENCH_HARNESS_CUDA_H
