//===- CuptiLibrary.cpp - libcupti, opened at first use -------------------===//

#include "cupti/CuptiLibrary.h"

#include <cstdlib>
#include <dlfcn.h>

namespace headroom::rt {

std::vector<std::string>
CuptiLibrary::candidatePaths(const std::string &Override,
                             const std::string &BuildDir,
                             const std::string &CudaHome) {
  if (!Override.empty())
    return {Override};
  std::vector<std::string> Paths;
  auto Add = [&](std::string P) {
    for (const std::string &Q : Paths)
      if (Q == P)
        return;
    Paths.push_back(std::move(P));
  };
  if (!BuildDir.empty()) {
    Add(BuildDir + "/libcupti.so.13");
    Add(BuildDir + "/libcupti.so");
  }
  Add("libcupti.so.13");
  Add("libcupti.so");
  if (!CudaHome.empty()) {
    Add(CudaHome + "/extras/CUPTI/lib64/libcupti.so.13");
    Add(CudaHome + "/extras/CUPTI/lib64/libcupti.so");
    Add(CudaHome + "/lib64/libcupti.so.13");
    Add(CudaHome + "/lib64/libcupti.so");
  }
  return Paths;
}

std::vector<std::string>
CuptiLibrary::defaultCandidates(const std::string &Override) {
  const char *CudaHome = std::getenv("CUDA_HOME");
  return candidatePaths(Override, HEADROOM_CUPTI_BUILD_DIR,
                        CudaHome && *CudaHome ? CudaHome : "/usr/local/cuda");
}

std::unique_ptr<CuptiLibrary>
CuptiLibrary::load(const std::vector<std::string> &Candidates, Failure &Why) {
  std::string Tried;
  std::string LastError;
  for (const std::string &Path : Candidates) {
    void *Handle = ::dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!Handle) {
      if (const char *E = ::dlerror())
        LastError = E;
      Tried += (Tried.empty() ? "" : ", ") + Path;
      continue;
    }
    std::unique_ptr<CuptiLibrary> Lib(new CuptiLibrary());
    Lib->Handle = Handle;
    Lib->Path = Path;
    CuptiApi &A = Lib->Api;
    std::string Missing;
#define HEADROOM_RESOLVE_CORE(Name)                                            \
  A.Name = reinterpret_cast<decltype(A.Name)>(::dlsym(Handle, #Name));         \
  if (!A.Name && Missing.empty())                                              \
    Missing = #Name;
    HEADROOM_CUPTI_CORE_FUNCTIONS(HEADROOM_RESOLVE_CORE)
#undef HEADROOM_RESOLVE_CORE
    if (!Missing.empty()) {
      // Keep the handle: another candidate may still be the one to use, and
      // closing CUPTI is not safe.
      Tried += (Tried.empty() ? "" : ", ") + Path + " (lacks " + Missing + ")";
      continue;
    }
    A.HasProfiler = true;
#define HEADROOM_RESOLVE_PROFILER(Name)                                        \
  A.Name = reinterpret_cast<decltype(A.Name)>(::dlsym(Handle, #Name));         \
  if (!A.Name && A.HasProfiler) {                                              \
    A.HasProfiler = false;                                                     \
    A.MissingProfilerFunction = #Name;                                         \
  }
    HEADROOM_CUPTI_PROFILER_FUNCTIONS(HEADROOM_RESOLVE_PROFILER)
#undef HEADROOM_RESOLVE_PROFILER
    A.HasPcSampling = true;
#define HEADROOM_RESOLVE_PC_SAMPLING(Name)                                     \
  A.Name = reinterpret_cast<decltype(A.Name)>(::dlsym(Handle, #Name));         \
  if (!A.Name && A.HasPcSampling) {                                            \
    A.HasPcSampling = false;                                                   \
    A.MissingPcSamplingFunction = #Name;                                       \
  }
    HEADROOM_CUPTI_PC_SAMPLING_FUNCTIONS(HEADROOM_RESOLVE_PC_SAMPLING)
#undef HEADROOM_RESOLVE_PC_SAMPLING
#define HEADROOM_RESOLVE_OPTIONAL(Name)                                        \
  A.Name = reinterpret_cast<decltype(A.Name)>(::dlsym(Handle, #Name));
    HEADROOM_CUPTI_OPTIONAL_FUNCTIONS(HEADROOM_RESOLVE_OPTIONAL)
#undef HEADROOM_RESOLVE_OPTIONAL
    return Lib;
  }
  Why.Kind = FailureKind::CuptiMissing;
  Why.Detail = "cannot load libcupti; tried " + Tried;
  if (!LastError.empty())
    Why.Detail += "; last error: " + LastError;
  return nullptr;
}

std::string CuptiLibrary::resultName(CUptiResult Result) const {
  const char *Name = nullptr;
  if (Api.cuptiGetResultString &&
      Api.cuptiGetResultString(Result, &Name) == CUPTI_SUCCESS && Name)
    return Name;
  return "CUPTI error " + std::to_string(static_cast<int>(Result));
}

} // namespace headroom::rt
