//===- KernelNames.h - Kernel names as Nsight prints them -------*- C++ -*-===//
///
/// \file
/// Nsight Compute names a kernel by its demangled signature in its own
/// spelling, `sgemm(int, const float *, const float *, float *)`, with the
/// return type before a template's name (`void scale<float>(float *)`).
/// The profile needs the kernel as a launch would write it (`sgemm`,
/// `scale<float>`), the identifier its definition's line names (`scale`),
/// and the signature as the runtime's demangler spells it
/// (`sgemm(int, float const*, float const*, float*)`), by which `--sass`
/// finds the kernel's code.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_IMPORT_KERNELNAMES_H
#define HEADROOM_IMPORT_KERNELNAMES_H

#include <string>

namespace headroom::ncu {

/// The kernel of signature \p Signature as a launch names it: qualified,
/// with its template arguments, without return type and parameters
/// ("void ns::scale<float>(float *)" -> "ns::scale<float>").
std::string launchedName(const std::string &Signature);

/// The identifier a definition's line names ("void ns::scale<float>(float
/// *)" -> "scale").
std::string kernelIdentifierOf(const std::string &Signature);

/// \p Signature with its parameters spelled as the Itanium demangler
/// (c++filt, cu++filt) spells them: qualifiers after the type they qualify,
/// no space before `*` and `&` ("const float *" -> "float const*"). A
/// signature it cannot take apart is returned unchanged.
std::string demanglerSpelling(const std::string &Signature);

} // namespace headroom::ncu

#endif // HEADROOM_IMPORT_KERNELNAMES_H
