//===- Demangle.cpp - Readable kernel names -------------------------------===//

#include "Demangle.h"

#include <cstdlib>
#include <cxxabi.h>

namespace headroom::rt {

std::string demangle(const std::string &Mangled) {
  if (Mangled.rfind("_Z", 0) != 0)
    return Mangled;
  int Status = 0;
  char *Out = abi::__cxa_demangle(Mangled.c_str(), nullptr, nullptr, &Status);
  if (Status != 0 || !Out) {
    std::free(Out);
    return Mangled;
  }
  std::string Result(Out);
  std::free(Out);
  return Result;
}

} // namespace headroom::rt
