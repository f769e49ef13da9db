// A stand-in for a CUTLASS device-level operator: a class of
// cutlass::gemm::device whose operator() and run launch its kernel.
#pragma once
#pragma clang system_header
#include "cuda_runtime.h"
#include "fake_library.h"

namespace cutlass {
enum class Status { kSuccess, kErrorInternal };

namespace gemm {
namespace device {

template <typename Element> class Gemm {
public:
  struct Arguments {
    int M, N, K;
  };
  static Status can_implement(const Arguments &) { return Status::kSuccess; }
  Status initialize(const Arguments &, void * = nullptr, cudaStream_t = 0) {
    return Status::kSuccess;
  }
  Status run(cudaStream_t = 0) {
    fake_library_launch("cutlass::Kernel<GemmKernel>");
    return Status::kSuccess;
  }
  Status operator()(cudaStream_t stream = 0) { return run(stream); }
  Status operator()(const Arguments &args, void *workspace = nullptr,
                    cudaStream_t stream = 0) {
    initialize(args, workspace, stream);
    return run(stream);
  }
};

} // namespace device
} // namespace gemm
} // namespace cutlass
