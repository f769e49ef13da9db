//===- Tracer.h - Launch callbacks and kernel records -----------*- C++ -*-===//
///
/// \file
/// The interface between the runtime's logic and the tracing half of the
/// hardware layer: a Tracer delivers kernel launches (at their API calls) and
/// kernel records (from the activity API) to a LaunchObserver. The CUPTI
/// implementation is CuptiTracer; tests use fakes that feed synthetic data.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_TRACER_H
#define HEADROOM_RUNTIME_TRACER_H

#include "DeviceIdentity.h"
#include "Failure.h"
#include "KernelRecord.h"
#include "LaunchInfo.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace headroom::rt {

/// Receives what a Tracer sees. Methods may be called from any thread,
/// concurrently, and must not throw.
class LaunchObserver {
public:
  virtual ~LaunchObserver() = default;
  /// A kernel launch API call is starting, on the launching thread; the
  /// kernel has not been submitted yet.
  virtual void launchEnter(const LaunchInfo &Launch) = 0;
  /// The same call returned (Launch.Succeeded says how).
  virtual void launchExit(const LaunchInfo &Launch) = 0;
  /// A graph launch API call (cuGraphLaunch) is starting on the launching
  /// thread: every kernel node's record will carry its correlation id.
  virtual void graphLaunch(const LaunchInfo &Launch) = 0;
  /// A kernel node \p NodeId was added to a graph, on the thread that added
  /// it (stream capture or cuGraphAddKernelNode).
  virtual void graphNodeCreated(std::uint64_t NodeId) = 0;
  /// Graph node \p Original was cloned as \p Clone (graph instantiation).
  virtual void graphNodeCloned(std::uint64_t Original, std::uint64_t Clone) = 0;
  /// A batch of kernel records from the activity API.
  virtual void kernelRecords(std::span<KernelRecord> Records) = 0;
  /// An external-correlation record: the API call \p CorrelationId ran
  /// while \p ExternalId was pushed.
  virtual void externalCorrelation(std::uint32_t CorrelationId,
                                   std::uint64_t ExternalId) = 0;
  /// The first launch on a device, with what the driver says of it.
  virtual void deviceSeen(const DeviceIdentity &Device) = 0;
  /// A CUDA context is about to be destroyed.
  virtual void contextDestroying(void *Context) = 0;
  /// A module was loaded (TracerOptions::ModuleLoads): its cubin, valid only
  /// during the call.
  virtual void moduleLoaded(const void *Cubin, std::size_t Size) = 0;
};

/// What to trace.
struct TracerOptions {
  /// Deliver launchEnter/launchExit (needed for counters and, unless
  /// external correlation is used, for sites).
  bool LaunchCallbacks = true;
  /// Enable external-correlation records (pushExternalId/popExternalId).
  bool ExternalCorrelation = false;
  /// Also subscribe to the runtime launch APIs, so that LaunchInfo carries
  /// the runtime calls' correlation ids besides the driver call's.
  bool RuntimeCallbacks = false;
  /// Deliver moduleLoaded (the line tables of warp-stall samples).
  bool ModuleLoads = false;
  /// Give launchEnter the device allocations the arguments of the first
  /// MaxInspectedLaunches launches of each kernel function point into
  /// (LaunchInfo::Allocations), outside stream capture.
  bool InspectArguments = false;
  static constexpr std::uint32_t MaxInspectedLaunches = 64;
};

/// What started.
struct TraceStatus {
  /// Kernel records will be delivered.
  bool Activity = false;
  /// Launch callbacks will be delivered.
  bool Callbacks = false;
  /// External-correlation records will be delivered; the tracer turns them
  /// on by itself when asked to or when the callbacks failed.
  bool ExternalCorrelation = false;
  std::optional<Failure> ActivityFailure;
  std::optional<Failure> CallbackFailure;
};

/// A source of launches and kernel records.
class Tracer {
public:
  virtual ~Tracer() = default;
  /// Starts delivering to \p Observer, which outlives the tracer's use.
  virtual TraceStatus start(LaunchObserver &Observer,
                            const TracerOptions &Options) = 0;
  /// Delivers buffered records now (synchronously): with \p Forced, every
  /// record, also those of kernels still running (at exit); without, only
  /// buffers whose records are all complete (periodic flushes).
  virtual void flush(bool Forced = true) = 0;
  /// Brackets a launch with an external correlation id (the site id).
  virtual void pushExternalId(std::uint64_t Id) = 0;
  virtual void popExternalId() = 0;
  /// Records CUPTI reported as dropped.
  virtual std::uint64_t droppedRecords() const = 0;
  /// What the driver says of device \p Index, for devices only seen in
  /// records.
  virtual std::optional<DeviceIdentity> describeDevice(std::uint32_t Index) = 0;
  /// Why no device can run kernels, or nullopt when one can; asked at exit
  /// when no kernel ran (it may initialize the driver).
  virtual std::optional<Failure> deviceProblem() = 0;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_TRACER_H
