//===- RuntimeLocation.cpp - Where libheadroom_rt is ----------------------===//

#include "nvcc/RuntimeLocation.h"

#include "support/Paths.h"

namespace headroom::nvcc {

namespace {

bool hasHeader(const std::string &IncludeDirectory) {
  return !IncludeDirectory.empty() &&
         isRegularFile(IncludeDirectory + "/headroom/runtime.h");
}

bool hasLibrary(const std::string &LibraryDirectory) {
  return isRegularFile(LibraryDirectory + "/libheadroom_rt.so");
}

} // namespace

Expected<RuntimeLocation>
findRuntime(const std::string &ExecutableDirectory,
            const std::string &SourceIncludeDirectory) {
  std::string Prefix = absolutePath(ExecutableDirectory + "/..");
  for (const char *Lib : {"lib", "lib64"}) {
    std::string LibDir = Prefix + "/" + Lib;
    if (hasLibrary(LibDir) && hasHeader(Prefix + "/include"))
      return RuntimeLocation{Prefix + "/include", LibDir};
  }
  std::string BuildRuntime = Prefix + "/runtime";
  if (hasLibrary(BuildRuntime) && hasHeader(SourceIncludeDirectory))
    return RuntimeLocation{SourceIncludeDirectory, BuildRuntime};
  return Error("libheadroom_rt.so and headroom/runtime.h are not next to "
               "this headroom (looked in " +
               Prefix + "/lib, " + Prefix + "/lib64 with " + Prefix +
               "/include, and " + BuildRuntime +
               "); build Headroom with its runtime (CUDA 13 with CUPTI)");
}

} // namespace headroom::nvcc
