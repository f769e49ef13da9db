//===- Demangle.h - Readable kernel names -----------------------*- C++ -*-===//
#ifndef HEADROOM_RUNTIME_DEMANGLE_H
#define HEADROOM_RUNTIME_DEMANGLE_H

#include <string>

namespace headroom::rt {

/// The Itanium-demangled form of \p Mangled, or \p Mangled itself when it
/// is not a mangled C++ name (extern "C" kernels).
std::string demangle(const std::string &Mangled);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_DEMANGLE_H
