//===- Degradation.cpp - Less data, one warning line ----------------------===//

#include "Degradation.h"

#include "HookBoundary.h"

#include <cstdio>

namespace headroom::rt {

namespace {

/// Keeps a message on one line whatever a library put in it.
std::string oneLine(std::string_view Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text)
    Out.push_back(C == '\n' || C == '\r' ? ' ' : C);
  return Out;
}

std::string_view missingPart(Lost What) {
  switch (What) {
  case Lost::Counters:
    return "hardware counters unavailable";
  case Lost::KernelCounters:
    return "hardware counters not collected for a kernel";
  case Lost::Timing:
    return "kernel timing unavailable";
  case Lost::Sites:
    return "launch sites not recorded";
  case Lost::Profile:
    return "profile not written";
  }
  return "profiling degraded";
}

std::string_view consequence(Lost What) {
  switch (What) {
  case Lost::Counters:
    return "recording kernel times only";
  case Lost::KernelCounters:
    return "its launches are timed only, the other kernels are sampled";
  case Lost::Timing:
    return "recording launch sites only";
  case Lost::Sites:
    return "their launches are recorded without a site";
  case Lost::Profile:
    return "nothing was recorded";
  }
  return "";
}

std::string_view advice(Lost What, FailureKind Kind) {
  switch (Kind) {
  case FailureKind::CuptiMissing:
    return "to enable, put the CUPTI library (CUDA toolkit lib64 or "
           "extras/CUPTI/lib64) on LD_LIBRARY_PATH, set CUDA_HOME, or name it "
           "in HEADROOM_CUPTI_LIBRARY";
  case FailureKind::DriverMissing:
    return "to enable, run on a machine with the NVIDIA driver (libcuda.so.1)";
  case FailureKind::NoDevice:
    return "to enable, make a CUDA device visible (nvidia-smi, "
           "CUDA_VISIBLE_DEVICES)";
  case FailureKind::InsufficientPrivileges:
    return "to enable, run as root (or with CAP_SYS_ADMIN) or load the NVIDIA "
           "driver with NVreg_RestrictProfilingToAdminUsers=0; "
           "HEADROOM_MODE=time records times without this warning";
  case FailureKind::MultipleSubscribers:
    return "another CUPTI tool is attached (Nsight Systems/Compute, cuda-gdb, "
           "compute-sanitizer): run without it to enable";
  case FailureKind::HardwareBusy:
    return "another profiler holds the counters (e.g. DCGM: run `dcgmi "
           "profile --pause` first) to enable";
  case FailureKind::NotSupported:
    return "this GPU or its configuration (architecture before Turing, vGPU "
           "without profiling, MIG, MPS, confidential computing, WSL) does not "
           "support CUPTI's range profiler";
  case FailureKind::NoMetrics:
    return "no requested metric exists on this chip: check HEADROOM_METRICS";
  case FailureKind::Unreplayable:
    return "its counters can be collected by Nsight Compute with "
           "`ncu --replay-mode application`";
  case FailureKind::Other:
    break;
  }
  switch (What) {
  case Lost::Counters:
  case Lost::KernelCounters:
    return "HEADROOM_MODE=time records times without this warning";
  case Lost::Timing:
    return "HEADROOM_MODE=off disables the runtime";
  case Lost::Sites:
    return "rebuild the program with this version of headroom";
  case Lost::Profile:
    return "check HEADROOM_PROFILE and that its directory is writable";
  }
  return "";
}

} // namespace

std::string describeDegradation(Lost What, const Failure &Why) {
  std::string Line = "headroom: ";
  Line += missingPart(What);
  if (!Why.Detail.empty()) {
    Line += " (";
    Line += oneLine(Why.Detail);
    Line += ")";
  }
  Line += ": ";
  Line += consequence(What);
  std::string_view Advice = advice(What, Why.Kind);
  if (!Advice.empty()) {
    Line += "; ";
    Line += Advice;
  }
  return Line;
}

Degradation::Emitter Degradation::standardError() {
  return [](std::string_view Line) {
    std::string Out(Line);
    Out.push_back('\n');
    std::fputs(Out.c_str(), stderr);
    std::fflush(stderr);
  };
}

Degradation::Degradation(Emitter Emit) : Emit(std::move(Emit)) {
  if (!this->Emit)
    this->Emit = standardError();
}

void Degradation::emitOnce(const std::string &Line) {
  // Called with Mutex held.
  if (Printed != 0)
    return;
  Printed = 1;
  callNoThrow([&] { Emit(Line); });
}

void Degradation::report(Lost What, const Failure &Why) {
  std::string Line = describeDegradation(What, Why);
  std::lock_guard<std::mutex> Lock(Mutex);
  // The profile carries the message without the "headroom: " prefix.
  Warnings.push_back(Line.substr(10));
  emitOnce(Line);
}

void Degradation::note(std::string Message) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Warnings.push_back(oneLine(Message));
}

void Degradation::configWarning(std::string Message) {
  warn(std::move(Message));
}

void Degradation::warn(std::string Message) {
  std::string Text = oneLine(Message);
  std::lock_guard<std::mutex> Lock(Mutex);
  Warnings.push_back(Text);
  emitOnce("headroom: " + Text);
}

std::vector<std::string> Degradation::warnings() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Warnings;
}

unsigned Degradation::linesPrinted() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Printed;
}

} // namespace headroom::rt
