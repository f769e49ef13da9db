//===- KernelNames.h - Kernel names a reader can take in --------*- C++ -*-===//
///
/// \file
/// The kernels that libraries launch have demangled names of hundreds of
/// characters (`void cub::CUB_300001_SM_900::detail::radix_sort::
/// DeviceRadixSortOnesweepKernel<cub::...::policy_hub<unsigned int, ...>
/// ::Policy900, false, ...>(...)`). Warnings, tables and chart labels name
/// a kernel by its short form (`cub::DeviceRadixSortOnesweepKernel<...>`),
/// at most ShortKernelNameLimit characters; the full name stays in a note,
/// the JSON and the SARIF. Plain string work: any text is taken, none is
/// rejected.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_KERNELNAMES_H
#define HEADROOM_SUPPORT_KERNELNAMES_H

#include <cstddef>
#include <string>
#include <string_view>

namespace headroom {

/// The Itanium C++ ABI demangling of \p Mangled ("_Z4findPKfi" ->
/// "find(float const*, int)"); \p Mangled itself where it is not a mangled
/// name.
std::string demangledName(const std::string &Mangled);

/// The longest short form of a kernel's name, in characters.
inline constexpr std::size_t ShortKernelNameLimit = 60;

/// The qualified name of the kernel of demangled signature \p Demangled,
/// without its return type, its parameters, what follows them (` const`,
/// `[clone .cold]`) and the versioned inline namespaces of libraries
/// (`CUB_300001_SM_900`, `THRUST_200802_SM_900_NS`, libcu++'s `__4`),
/// wherever they appear: "void scale<float>(float*, int)" ->
/// "scale<float>"; "(anonymous namespace)::k(int)" ->
/// "(anonymous namespace)::k".
std::string qualifiedKernelName(std::string_view Demangled);

/// \p Demangled as warnings, tables and charts name it, in at most \p Limit
/// characters: its qualifiedKernelName() when that fits; else without the
/// namespaces between the outermost and the name
/// (`cub::DeviceRadixSortOnesweepKernel<...args...>`); else with each
/// template argument so shortened and its own arguments elided
/// (`cutlass::device_kernel<cutlass::GemmUniversal<...>>`); else with the
/// template arguments elided (`cub::DeviceRadixSortOnesweepKernel<...>`);
/// else that, cut to fit and ending in "...".
std::string shortKernelName(std::string_view Demangled,
                            std::size_t Limit = ShortKernelNameLimit);

} // namespace headroom

#endif // HEADROOM_SUPPORT_KERNELNAMES_H
