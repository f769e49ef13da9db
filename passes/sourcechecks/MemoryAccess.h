//===- MemoryAccess.h - Subscripts of global and shared memory --*- C++ -*-===//
///
/// \file
/// An array access written with subscripts, as the memory checks see it:
/// which array it reaches (a kernel's pointer parameter: global memory; a
/// `__shared__` array), and how far apart in elements two adjacent lanes
/// of a warp access it (the lane stride of the flattened index).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SOURCECHECKS_MEMORYACCESS_H
#define HEADROOM_SOURCECHECKS_MEMORYACCESS_H

#include "sourcechecks/LaneAnalysis.h"

#include <optional>

namespace clang {
class ArraySubscriptExpr;
} // namespace clang

namespace headroom::sourcechecks {

/// One access `a[i]`, `a[i][j]` (a 2-D array or a pointer to rows).
struct MemoryAccess {
  /// The global pointer parameter, or null.
  const clang::ParmVarDecl *Global = nullptr;
  /// The shared array, or null.
  const clang::VarDecl *Shared = nullptr;
  /// The lane stride of the flattened index, in elements.
  Stride Lanes;
  /// The lane stride of the last (fastest-varying) index alone.
  Stride LastIndexLanes;
  /// The number of subscripts (2 for `a[i][j]`).
  unsigned Rank = 1;
  /// The element accessed, and its size in bytes.
  clang::QualType Element;
  std::int64_t ElementBytes = 0;
};

/// \p E as an access of global or shared memory, for the outermost subscript
/// of a chain (`a[i][j]`, not its inner `a[i]`); nullopt when it is neither
/// or when it is the inner subscript of another.
std::optional<MemoryAccess> memoryAccess(const clang::ArraySubscriptExpr &E,
                                         LaneAnalysis &Lanes);

/// Whether \p E's address is taken (`&a[i]`) rather than its element read
/// or written: then the access may be wider (a cast to float4*) or none.
bool isAddressTaken(const clang::ArraySubscriptExpr &E, LaneAnalysis &Lanes);

/// Whether \p E is read (converted to an rvalue), not written.
bool isRead(const clang::ArraySubscriptExpr &E, LaneAnalysis &Lanes);

} // namespace headroom::sourcechecks

#endif // HEADROOM_SOURCECHECKS_MEMORYACCESS_H
