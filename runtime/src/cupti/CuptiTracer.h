//===- CuptiTracer.h - Launches and kernel records via CUPTI ----*- C++ -*-===//
///
/// \file
/// The CUPTI Tracer. Kernel durations come from the activity API
/// (CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, which unlike KIND_KERNEL does not
/// serialize kernels). Launches are seen in callbacks:
///
///  - driver domain: cuLaunchKernel, cuLaunchKernelEx,
///  cuLaunchCooperativeKernel
///    and their _ptsz variants (CUDA 13 routes `<<<>>>` through
///    __cudaLaunchKernel into these). API_ENTER gives the function, grid,
///    block, shared bytes, stream and context; the counter sampler starts
///    there and stops at API_EXIT.
///  - runtime domain (HEADROOM_CORRELATION=callback-runtime only): the launch
///    entry points (__cudaLaunchKernel_v13000, cudaLaunchKernel,
///    cudaLaunchKernelExC, cudaLaunchCooperativeKernel, cudaGraphLaunch and
///    _ptsz variants), only to remember their correlation ids, in case a
///    kernel record carries the runtime call's id. On CUDA 13 every record
///    carried the driver call's id (H100, 2026-11), so by default these two
///    extra callbacks per launch are not paid.
///  - driver domain, cuGraphLaunch (+_ptsz): the graph's kernel records all
///    carry its correlation id, which is associated with the bracket around
///    the graph launch.
///  - the first TracerOptions::MaxInspectedLaunches launches of each kernel
///    function outside stream capture (TracerOptions::InspectArguments): the
///    device allocations their arguments point into
///    (CudaDriver::deviceAllocations), for LaunchSequence.
///  - resource domain: context destruction, to drop profiler state; module
///    loads when warp stalls are sampled, for the cubins' line tables; graph
///    kernel node creation and cloning, so that a node captured inside a
///    site bracket is attributed to that site when the graph runs.
///
/// When the callback subscription fails (another CUPTI client), or when asked
/// to, the tracer enables external-correlation records instead: the Runtime
/// pushes the site id around each launch, and CUPTI reports which API calls
/// ran under it (only the launch APIs are traced, through
/// cuptiActivityEnableDriverApi/RuntimeApi when available).
///
/// One CuptiTracer per process (CUPTI's buffer callbacks carry no user data).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_CUPTI_CUPTITRACER_H
#define HEADROOM_RUNTIME_CUPTI_CUPTITRACER_H

#include "Tracer.h"
#include "cupti/CuptiLoader.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

namespace headroom::rt {

class CuptiTracer final : public Tracer {
public:
  explicit CuptiTracer(std::shared_ptr<CuptiLoader> Loader);
  ~CuptiTracer() override;

  TraceStatus start(LaunchObserver &Observer,
                    const TracerOptions &Options) override;
  void flush(bool Forced = true) override;
  void pushExternalId(std::uint64_t Id) override;
  void popExternalId() override;
  std::uint64_t droppedRecords() const override { return Dropped.load(); }
  std::optional<DeviceIdentity> describeDevice(std::uint32_t Index) override;
  std::optional<Failure> deviceProblem() override;

private:
  static void CUPTIAPI onCallback(void *Userdata, CUpti_CallbackDomain Domain,
                                  CUpti_CallbackId Id, const void *Data);
  static void CUPTIAPI onBufferRequested(uint8_t **Buffer, size_t *Size,
                                         size_t *MaxRecords);
  static void CUPTIAPI onBufferCompleted(CUcontext Context, uint32_t StreamId,
                                         uint8_t *Buffer, size_t Size,
                                         size_t ValidSize);

  void handleDriverLaunch(CUpti_CallbackId Id, const CUpti_CallbackData &Data);
  void handleRuntimeLaunch(const CUpti_CallbackData &Data);
  void handleGraphNode(CUpti_CallbackId Id, const CUpti_ResourceData &Data);
  void processBuffer(CUcontext Context, uint32_t StreamId, uint8_t *Buffer,
                     size_t ValidSize);
  std::uint32_t deviceOf(CUcontext Context);
  bool subscribe(Failure &Why);
  /// Whether launch \p L of a kernel is inspected, and what it found.
  bool inspectArguments(const LaunchInfo &L, LaunchAllocations &Out);
  /// Function handles may be reused (a context or module is going).
  void forgetFunctions();
  bool enableExternalCorrelation(Failure &Why);

  std::shared_ptr<CuptiLoader> Loader;
  const CuptiLibrary *Lib = nullptr;
  LaunchObserver *Observer = nullptr;
  CUpti_SubscriberHandle Subscriber = nullptr;
  std::atomic<std::uint64_t> Dropped{0};
  bool ExternalEnabled = false;
  bool RuntimeCallbacks = false;
  bool ModuleLoads = false;
  bool InspectArguments = false;

  std::mutex DeviceMutex;
  std::map<CUcontext, std::uint32_t> ContextDevices;
  std::set<std::uint32_t> DevicesSeen;

  /// Launches inspected per kernel function handle; bounded.
  std::mutex InspectMutex;
  std::unordered_map<void *, std::uint32_t> Inspected;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_CUPTITRACER_H
